import MenuKit
import MenuKitXKB

/// What keymap-lint checks against: the platform, the desktop, the layouts and the
/// assumptions about contexts.
///
/// ```swift
/// var configuration = LintConfiguration(platform: .linux)
/// configuration.layouts = [LayoutName(layout: "se")]
/// ```
package struct LintConfiguration: Hashable, Sendable {
  /// The platform profile that reads `Cmd` and chooses the default desktop.
  package var platform: PlatformProfile
  /// The desktop whose reserved shortcuts are checked.
  package var desktop: Desktop
  /// The layouts every shortcut is typed on.
  package var layouts: [LayoutName]
  /// Whether one context has at most one kind (``ContextSolver/Assumptions/exclusiveKinds``).
  package var assumesExclusiveKinds: Bool

  /// Creates a configuration; the desktop defaults to the platform's.
  ///
  /// - Parameters:
  ///   - platform: The platform profile.
  ///   - desktop: The desktop, or nil for the platform's default.
  ///   - layouts: The layouts to check.
  ///   - assumesExclusiveKinds: Whether kinds exclude each other in one context.
  package init(
    platform: PlatformProfile, desktop: Desktop? = nil, layouts: [LayoutName] = [],
    assumesExclusiveKinds: Bool = true
  ) {
    self.platform = platform
    self.desktop = desktop ?? Desktop.default(for: platform)
    self.layouts = layouts
    self.assumesExclusiveKinds = assumesExclusiveKinds
  }
}

/// A key stroke as the resolver compares it: the lowercased input and the physical modifiers
/// under a platform profile.
package struct PhysicalStroke: Hashable, Sendable {
  /// The input, a single character lowercased.
  package var input: KeyInput
  /// The physical modifiers (``PlatformProfile/physicalModifiers(_:)``); `.command` is Super.
  package var modifiers: KeyModifierFlags

  /// The stroke of a shortcut under a profile.
  ///
  /// - Parameters:
  ///   - shortcut: The shortcut as written.
  ///   - platform: The profile.
  package init(_ shortcut: KeyboardShortcut, platform: PlatformProfile) {
    if let flag = shortcut.input.modifierKey,
      let physical = KeyInput.modifierKey(platform.physicalModifiers(flag))
    {
      input = physical
    } else {
      input = KeyInput.comparable(shortcut.input)
    }
    modifiers = platform.physicalModifiers(shortcut.modifierFlags)
  }

  /// A stroke from its input and physical modifiers.
  ///
  /// - Parameters:
  ///   - input: The input; a single character is lowercased.
  ///   - modifiers: The physical modifiers.
  package init(input: KeyInput, modifiers: KeyModifierFlags) {
    self.input = KeyInput.comparable(input)
    self.modifiers = modifiers
  }
}

/// One binding being linted, with where it comes from and what precedence sees.
package struct LintBinding: Sendable {
  /// The binding.
  package var binding: KeyBinding
  /// The index of its document in ``LintModel/documents``.
  package var document: Int
  /// Its position in precedence order (rule 1 of `docs/formats/keymaps.md`).
  package var rank: Int
  /// Its strokes under the platform profile, each as the press that types it on US QWERTY
  /// (``StrokeIdentity``): bindings of `Ctrl+Shift+[` and `Ctrl+{` have the same strokes.
  package var strokes: [PhysicalStroke]
  /// Its strokes under the platform profile, as written.
  package var writtenStrokes: [PhysicalStroke]
  /// Where it applies once later `"-command"` removals are taken out: its context, and not
  /// where a removal with another context holds.
  package var applies: ContextFormula
  /// Whether a later `"-command"` with no context or the same context removes it everywhere.
  package var isRemoved: Bool

  /// The file and position of the binding, for messages: `file:line:col`, or the file.
  package var place: String {
    binding.location.map(\.description) ?? binding.source.rawValue
  }
}

/// Everything keymap-lint checks: the loaded documents, every binding in precedence order, the
/// layouts, and the solver for context predicates.
package final class LintModel {
  /// The configuration.
  package let configuration: LintConfiguration
  /// The documents, in the order given.
  package let documents: [LintDocument]
  /// Every binding of every document, in precedence order: menus' key commands (built-in),
  /// then keymaps by layer, then file order.
  package let bindings: [LintBinding]
  /// The solver, with the kinds assumption learned from the documents' predicates.
  package let solver: ContextSolver
  /// The layouts' compiled keyboards.
  package let layouts: LayoutAnalyzer
  /// Which strokes are one press on US QWERTY: the identity of ``LintBinding/strokes``.
  package let strokeIdentity: StrokeIdentity
  /// Every configured layout's answers to the layout rules' questions, swept once through
  /// ``layouts`` (in parallel, and through its cache): in the order configured.
  lazy var layoutTables: [LayoutTable] =
    pendingSweep?.tables()
    ?? layouts.sweep(
      layoutQueries, layouts: configuration.layouts, platform: configuration.platform)
  /// The sweep started by ``startLayoutSweep()``, if any.
  private var pendingSweep: PendingSweep?

  /// Starts sweeping the configured layouts on other threads, so that the rules that do not
  /// need them (the conflict analysis) run meanwhile; ``layoutTables`` then waits for it.
  func startLayoutSweep() {
    guard !configuration.layouts.isEmpty, pendingSweep == nil else { return }
    pendingSweep = layouts.startSweep(
      layoutQueries, layouts: configuration.layouts, platform: configuration.platform)
  }
  /// The layout rules' questions, each once (``LayoutCheck/queries(_:)``).
  lazy var layoutQueries: [LayoutQuery] = LayoutCheck.queries(self)
  /// The layouts that compiled, in the order configured.
  package var checkedLayouts: [LayoutName] {
    layoutTables.filter { $0.failure == nil }.map(\.name)
  }
  /// The layouts that failed to compile, with why.
  package var layoutErrors: [(LayoutName, String)] {
    layoutTables.compactMap { table in table.failure.map { (table.name, $0) } }
  }
  /// The resolver over every binding, for checking a finding against the precedence rules
  /// themselves.
  package lazy var resolver = KeyBindingResolver(
    bindings: bindings.map(\.binding), platform: configuration.platform)
  /// The conflict analysis, computed once for the three rules that report it.
  lazy var conflicts: [LintFinding] = ConflictAnalysis(model: self).findings()
  /// The layout rules' findings (MK605, MK606, MK607, MK613, MK614), computed once for the
  /// five rules: every stroke is asked about once per layout.
  lazy var layoutFindings: [LintFinding] = LayoutCheck(model: self).findings()

  /// Builds the model.
  ///
  /// - Parameters:
  ///   - documents: The loaded inputs.
  ///   - configuration: The configuration.
  ///   - layouts: The analyzer that compiles layouts; a new one by default.
  package init(
    documents: [LintDocument], configuration: LintConfiguration,
    layouts: LayoutAnalyzer = LayoutAnalyzer()
  ) {
    self.configuration = configuration
    self.documents = documents
    self.layouts = layouts
    let platform = configuration.platform
    var all: [(binding: KeyBinding, document: Int)] = []
    for (index, document) in documents.enumerated() {
      for binding in document.keymap?.bindings ?? [] { all.append((binding, index)) }
    }
    let ordered = all.enumerated().sorted {
      ($0.element.binding.source, $0.offset) < ($1.element.binding.source, $1.offset)
    }.map(\.element)
    let identity = StrokeIdentity(layouts: layouts)
    strokeIdentity = identity
    var bindings = ordered.enumerated().map { rank, entry in
      let written = entry.binding.keys.strokes.map { PhysicalStroke($0, platform: platform) }
      return LintBinding(
        binding: entry.binding, document: entry.document, rank: rank,
        strokes: written.map(identity.press(of:)), writtenStrokes: written,
        applies: .predicate(entry.binding.context), isRemoved: false)
    }
    // Rule 2: a "-command" removes earlier bindings of its keys to that command.
    // The resolver removes bindings of the keys as written (rule 2): the bindings of each
    // command and written keys, and the contexts where later removals take each one out.
    var byActionAndKeys: [ActionAndKeys: [Int]] = [:]
    var removals: [Int: [ContextFormula]] = [:]
    for index in bindings.indices {
      switch bindings[index].binding.effect {
      case .perform(let action, _):
        byActionAndKeys[ActionAndKeys(action, bindings[index].writtenStrokes), default: []]
          .append(index)
      case .unbindCommand(let action):
        let remover = bindings[index]
        for earlier in byActionAndKeys[ActionAndKeys(action, remover.writtenStrokes)] ?? [] {
          if remover.binding.context == nil
            || remover.binding.context == bindings[earlier].binding.context
          {
            bindings[earlier].isRemoved = true
          } else {
            removals[earlier, default: []].append(
              .not(.somewhere(.predicate(remover.binding.context))))
          }
        }
      case .unbind:
        break
      }
    }
    // One flat list per binding, however many removals: no formula nests once per removal.
    for (index, terms) in removals {
      bindings[index].applies = .and([bindings[index].applies] + terms)
    }
    self.bindings = bindings
    let predicates = bindings.compactMap(\.binding.context)
    solver = ContextSolver(
      assumptions: configuration.assumesExclusiveKinds
        ? .exclusiveKinds(learningFrom: predicates) : .none)
  }

  /// The bindings that take part in conflicts: those that perform a command or unbind keys,
  /// and are not removed everywhere.
  package var activeBindings: [LintBinding] {
    bindings.filter { binding in
      if binding.isRemoved { return false }
      if case .unbindCommand = binding.binding.effect { return false }
      return true
    }
  }

  /// The actions the menu documents define; empty when no menu file was given.
  package var definedActions: Set<ActionName> {
    documents.reduce(into: []) { $0.formUnion($1.definedActions) }
  }

  /// Whether any menu file was given.
  package var hasMenus: Bool { documents.contains { $0.format == .menu } }

  /// The label of a binding's keys under the platform, such as `Ctrl+Shift+[`. A physical
  /// key keeps its position's name (`Ctrl+[BracketLeft]`), so a finding never reads as if it
  /// were about the character its key types on US QWERTY (`Ctrl+[`, its twin).
  package func label(_ binding: LintBinding) -> String {
    let platform = configuration.platform
    return binding.binding.keys.strokes.map { stroke in
      guard stroke.input.physicalKey != nil else { return stroke.label(for: platform) }
      let words = KeyboardShortcut(KeyInput("x"), modifierFlags: stroke.modifierFlags)
        .label(for: platform).dropLast()
      return words + stroke.input.canonicalName
    }.joined(separator: " ")
  }

  /// A binding's effect in words: `editor.fold`, `unbind`.
  package static func describe(_ effect: KeyBinding.Effect) -> String {
    switch effect {
    case .perform(let action, let arguments):
      let name = action.rawValue.shortenedForMessage
      return arguments == nil ? name : "\(name) (with arguments)"
    case .unbind: return "null (unbinds the keys)"
    case .unbindCommand(let action): return "-" + action.rawValue.shortenedForMessage
    }
  }

  /// The context of a binding in words: `'Editor && mode == full'` or `no context`; a long
  /// context is shortened, as every quoted value in a message is.
  package static func describe(_ context: ContextPredicate?) -> String {
    context.map { $0.description.quotedForMessage } ?? "no context"
  }

  /// A witness stack in words: `Workspace > Editor mode=full`; an empty context reads `(any)`.
  /// A long stack is shortened.
  package static func describe(_ stack: [KeyContext]) -> String {
    if stack.count == 1, stack[0].description.isEmpty { return "(any)" }
    return stack.map { $0.description.isEmpty ? "(any)" : $0.description }
      .joined(separator: " > ").shortenedForMessage
  }
}

/// A command and the keys of a binding as written: what a `"-command"` removal matches.
private struct ActionAndKeys: Hashable {
  var action: ActionName
  var keys: [PhysicalStroke]

  init(_ action: ActionName, _ keys: [PhysicalStroke]) {
    self.action = action
    self.keys = keys
  }
}

extension LintModel {
  /// A binding as a finding's participant.
  ///
  /// - Parameters:
  ///   - binding: The binding.
  ///   - role: Whether the finding is at it, or names it.
  ///   - witness: A context stack that shows the finding for it.
  /// - Returns: The participant, with the binding's position, keys, command and context.
  func participant(
    _ binding: LintBinding, _ role: LintParticipant.Role, witness: [KeyContext]? = nil
  ) -> LintParticipant {
    LintParticipant(
      role, at: binding.binding.location, keys: label(binding),
      command: LintModel.describe(binding.binding.effect),
      context: binding.binding.context?.description, witness: witness)
  }

  /// What identifies a binding's keys in a group: the presses that type them.
  func identity(_ binding: LintBinding) -> String {
    binding.strokes.map { "\($0.modifiers.rawValue):\($0.input.canonicalName)" }
      .joined(separator: " ")
  }
}
