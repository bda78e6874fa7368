import MenuKit

/// MK604: a key sequence is a proper prefix of a longer one, in contexts that can hold on one
/// stack, so typing it leaves the keys pending (rule 8 of `docs/formats/keymaps.md`): its command runs
/// only when the next stroke does not continue the longer sequence, or after the timeout.
///
/// Each reported pair is checked with `KeyBindingResolver` at the witness stack: the longer
/// binding must be among the resolution's continuations there.
package struct PrefixShadowingRule: LintRule {
  /// Creates the rule.
  package init() {}
  /// `MK604 prefix-shadowing`.
  package var code: DiagnosticCode { .prefixShadowing }

  /// Each binding that some longer binding begins with, where both can apply.
  package func check(_ model: LintModel) -> [LintFinding] {
    let bindings = model.activeBindings.filter {
      if case .perform = $0.binding.effect { return true }
      return false
    }
    var byPrefix: [[PhysicalStroke]: [LintBinding]] = [:]
    for binding in bindings where binding.strokes.count > 1 {
      for length in 1..<binding.strokes.count {
        byPrefix[Array(binding.strokes.prefix(length)), default: []].append(binding)
      }
    }
    var findings: [LintFinding] = []
    for short in bindings {
      guard let longer = byPrefix[short.strokes] else { continue }
      var shadowing: [(LintBinding, [KeyContext])] = []
      for long in longer {
        let both = ContextFormula.and([.somewhere(short.applies), .somewhere(long.applies)])
        // The keys are pending only if the longer binding would win for its own keys there
        // (rule 8): the resolver itself says so.
        if case .satisfiable(let witness) = model.solver.decide(both),
          model.resolver.resolve(short.binding.keys, in: witness, includingCandidates: false)
            .continuations.contains(long.binding)
        {
          shadowing.append((long, witness))
        }
      }
      guard let first = shadowing.first else { continue }
      var notes = shadowing.prefix(3).map { long, _ in
        LintNote(
          "\(model.label(long)) (\(LintModel.describe(long.binding.effect))) in "
            + LintModel.describe(long.binding.context),
          at: long.binding.location)
      }
      if shadowing.count > 3 { notes.append(LintNote("and \(shadowing.count - 3) more")) }
      notes.append(
        LintNote("both apply in the context stack '\(LintModel.describe(first.1))'"))
      let label = model.label(short)
      findings.append(
        LintFinding(
          Diagnostic(
            .prefixShadowing,
            "\(label) (\(LintModel.describe(short.binding.effect))) is also the start of "
              + "\(shadowing.count == 1 ? "a longer sequence" : "\(shadowing.count) longer sequences")"
              + ": typing \(label) waits for the next key, and its command runs only when "
              + "that key does not continue the sequence or the wait times out",
            at: short.binding.location), notes: notes,
          participants: [model.participant(short, .reported)]
            + shadowing.prefix(3).map { model.participant($0.0, .related) },
          group: LintGroupKey(
            .prefixShadowing, severity: .warning, label: label, identity: model.identity(short),
            phrase: "are also the start of longer sequences: typing \(label) waits for the "
              + "next key, and their commands run only when that key does not continue a "
              + "sequence or the wait times out")))
    }
    return findings
  }
}

/// MK608: a keymap binds a command that no menu file given to the linter defines.
///
/// The rule runs only when at least one menu file is among the inputs: other editors' keymaps
/// name commands that are defined in their code. The platform's standard menu counts as
/// defined, since menu files apply their edits to it.
package struct UndefinedCommandRule: LintRule {
  /// Creates the rule.
  package init() {}
  /// `MK608 undefined-command`.
  package var code: DiagnosticCode { .undefinedCommand }

  /// The keymap bindings whose action no menu defines.
  package func check(_ model: LintModel) -> [LintFinding] {
    guard model.hasMenus else { return [] }
    var defined = model.definedActions
    for element in StandardMenus.mainMenu(for: model.configuration.platform).allKeyCommands {
      defined.insert(element.action)
    }
    StandardMenus.mainMenu(for: model.configuration.platform).forEachElement { element, _ in
      if let command = element.command { defined.insert(command.action) }
    }
    let names = defined.map(\.rawValue).sorted()
    var findings: [LintFinding] = []
    for binding in model.bindings where model.documents[binding.document].format != .menu {
      let action: ActionName
      switch binding.binding.effect {
      case .perform(let name, _), .unbindCommand(let name): action = name
      case .unbind: continue
      }
      guard !defined.contains(action) else { continue }
      let suggestion = Self.closest(to: action.rawValue, in: names)
      findings.append(
        LintFinding(
          Diagnostic(
            .undefinedCommand,
            "'\(action.rawValue)' is bound to \(model.label(binding)) but no menu file defines "
              + "it" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""),
            at: binding.binding.location)))
    }
    return findings
  }

  /// The candidate nearest to a name by edit distance, when it is near enough to be a typo.
  static func closest(to name: String, in candidates: [String]) -> String? {
    var best: (String, Int)?
    for candidate in candidates {
      let distance = editDistance(Array(name.lowercased()), Array(candidate.lowercased()))
      if distance <= max(2, name.count / 4), distance < (best?.1 ?? .max) {
        best = (candidate, distance)
      }
    }
    return best?.0
  }

  /// The Levenshtein distance of two character arrays.
  static func editDistance(_ lhs: [Character], _ rhs: [Character]) -> Int {
    guard !lhs.isEmpty else { return rhs.count }
    guard !rhs.isEmpty else { return lhs.count }
    var previous = Array(0...rhs.count)
    for (i, left) in lhs.enumerated() {
      var current = [i + 1] + [Int](repeating: 0, count: rhs.count)
      for (j, right) in rhs.enumerated() {
        current[j + 1] = min(
          previous[j + 1] + 1, current[j] + 1, previous[j] + (left == right ? 0 : 1))
      }
      previous = current
    }
    return previous[rhs.count]
  }
}

/// MK609: two bindings written with different modifiers, such as `Cmd+X` and `Ctrl+X`, are
/// the same keys under the platform profile (decision 3), in contexts that can hold together,
/// and do different things. (Two that do the same thing are harmless.)
///
/// Two key commands of one menu are `MK302` (``MenuValidator``); this rule covers keymaps and
/// a keymap against a menu.
package struct ProfileDuplicateRule: LintRule {
  /// Creates the rule.
  package init() {}
  /// `MK609 profile-duplicate`.
  package var code: DiagnosticCode { .profileDuplicate }

  /// The later binding of each such pair.
  package func check(_ model: LintModel) -> [LintFinding] {
    let bindings = model.activeBindings
    // Keys as written: two spellings of one press (`Ctrl+Shift+[`, `Ctrl+{`) are a conflict
    // (MK601–MK603), not a profile duplicate.
    var groups: [[PhysicalStroke]: [LintBinding]] = [:]
    for binding in bindings { groups[binding.writtenStrokes, default: []].append(binding) }
    var findings: [LintFinding] = []
    for members in groups.values where members.count > 1 {
      // Only bindings written with other modifiers can be such a pair: each binding is
      // compared with the earlier ones of the other spellings, in order, never with its own
      // (10,000 bindings of one spelling cost nothing here).
      var spellings: [[KeyModifierFlags]: Int] = [:]
      var positionsBySpelling: [[Int]] = []
      let spellingOf = members.indices.map { position in
        let flags = members[position].binding.keys.strokes.map(\.modifierFlags)
        if let number = spellings[flags] {
          positionsBySpelling[number].append(position)
          return number
        }
        spellings[flags] = positionsBySpelling.count
        positionsBySpelling.append([position])
        return positionsBySpelling.count - 1
      }
      guard positionsBySpelling.count > 1 else { continue }
      for (position, later) in members.enumerated() {
        let candidates = positionsBySpelling.indices.filter { $0 != spellingOf[position] }
          .flatMap { positionsBySpelling[$0].prefix { $0 < position } }.sorted()
        for earlierPosition in candidates {
          let earlier = members[earlierPosition]
          guard later.binding.effect != earlier.binding.effect,
            model.documents[later.document].format != .menu
              || model.documents[earlier.document].format != .menu,
            model.solver.decide(.and([earlier.applies, later.applies])) != .unsatisfiable
          else { continue }
          let platform = model.configuration.platform
          findings.append(
            LintFinding(
              Diagnostic(
                .profileDuplicate,
                "\(later.binding.keys.canonicalText) and \(earlier.binding.keys.canonicalText) "
                  + "are the same keys (\(later.binding.keys.label(for: platform))) under the "
                  + "\(platform.rawValue) profile: \(LintModel.describe(later.binding.effect)) "
                  + "here and \(LintModel.describe(earlier.binding.effect)) earlier; write "
                  + "both with Cmd, or choose other keys",
                at: later.binding.location),
              notes: [LintNote("the earlier binding", at: earlier.binding.location)],
              participants: [
                model.participant(later, .reported), model.participant(earlier, .related),
              ]))
          break
        }
      }
    }
    return findings
  }
}

/// MK610: a shortcut that the desktop reserves (``ReservedShortcut/table(for:)``): the app
/// never receives it.
package struct ReservedShortcutRule: LintRule {
  /// Creates the rule.
  package init() {}
  /// `MK610 reserved-shortcut`.
  package var code: DiagnosticCode { .reservedShortcut }

  /// Each binding whose first stroke is reserved.
  package func check(_ model: LintModel) -> [LintFinding] {
    let desktop = model.configuration.desktop
    var reserved: [PhysicalStroke: ReservedShortcut] = [:]
    for entry in ReservedShortcut.table(for: desktop) {
      let press = model.strokeIdentity.press(of: entry.stroke)
      if reserved[press] == nil { reserved[press] = entry }
    }
    var findings: [LintFinding] = []
    for binding in model.activeBindings {
      guard case .perform = binding.binding.effect, let first = binding.strokes.first,
        let entry = reserved[first]
      else { continue }
      let sequence = binding.strokes.count > 1 ? "begins with \(entry.text), which" : ""
      findings.append(
        LintFinding(
          Diagnostic(
            .reservedShortcut,
            "\(model.label(binding)) (\(LintModel.describe(binding.binding.effect))) "
              + (sequence.isEmpty ? "is" : sequence + " is")
              + " reserved by \(desktop.displayName): it \(entry.purpose), so the app never "
              + "receives it; choose other keys",
            at: binding.binding.location),
          participants: [model.participant(binding, .reported)],
          group: LintGroupKey(
            .reservedShortcut, severity: .warning, label: entry.text,
            identity: "\(first.modifiers.rawValue):\(first.input.canonicalName)",
            phrase: (binding.strokes.count > 1 ? "begin with" : "are on")
              + " a shortcut reserved by \(desktop.displayName): it \(entry.purpose), so the "
              + "app never receives it; choose other keys")))
    }
    return findings
  }
}

extension Desktop {
  /// The desktop's name in messages: `GNOME`, `KDE Plasma`, `macOS`.
  package var displayName: String {
    switch self {
    case .gnome: "GNOME"
    case .kde: "KDE Plasma"
    case .macos: "macOS"
    }
  }
}

/// MK611: two items of one menu have the same mnemonic (access key): the letter after `&`
/// (Qt, Windows) or `_` (GTK) in their titles; `&&` and `__` are a literal character.
///
/// Inline groups are sections of their menu, so their items count with the menu's own.
package struct DuplicateMnemonicRule: LintRule {
  /// Creates the rule.
  package init() {}
  /// `MK611 duplicate-mnemonic`.
  package var code: DiagnosticCode { .duplicateMnemonic }

  /// The later item of each pair that shares a mnemonic.
  package func check(_ model: LintModel) -> [LintFinding] {
    var findings: [LintFinding] = []
    for document in model.documents {
      for items in document.menuItems {
        var first: [String: LintDocument.MenuItemTitle] = [:]
        for item in items {
          guard let mnemonic = Self.mnemonic(of: item.title) else { continue }
          if let earlier = first[mnemonic] {
            findings.append(
              LintFinding(
                Diagnostic(
                  .duplicateMnemonic,
                  "'\(item.title)' and '\(earlier.title)' in the same menu both use the "
                    + "mnemonic '\(mnemonic)', so pressing it does not choose one; give one "
                    + "of them another letter",
                  at: item.location),
                notes: [LintNote("the earlier item", at: earlier.location)]))
          } else {
            first[mnemonic] = item
          }
        }
      }
    }
    return findings
  }

  /// The mnemonic of a title, lowercased: the character after the first single `&` or `_`.
  static func mnemonic(of title: String) -> String? {
    let characters = Array(title)
    var index = 0
    while index < characters.count - 1 {
      let character = characters[index]
      if character == "&" || character == "_" {
        if characters[index + 1] == character {
          index += 2
          continue
        }
        return characters[index + 1].lowercased()
      }
      index += 1
    }
    return nil
  }
}
