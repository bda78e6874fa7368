import MenuKit
import MenuKitXKB

/// MK605: a shortcut that no press on a layout fires because no key types it (nor its US
/// QWERTY position, through the Latin fallback).
///
/// The answer is the typing engine's
/// (``MenuKitXKB/XKBKeyboard/typing(of:platform:allowsAutomaticLocalization:layoutDirection:)``):
/// the stroke is `unreachable`, or automatic localization relocates it because no key types it.
/// Each affected layout gets a note with the relocation, or says that there is none.
package struct UntypableShortcutRule: LintRule {
  /// Creates the rule.
  package init() {}
  /// `MK605 untypable-shortcut`.
  package var code: DiagnosticCode { .untypableShortcut }

  /// One finding per stroke that some layout cannot type.
  package func check(_ model: LintModel) -> [LintFinding] {
    model.layoutFindings.filter { $0.code == code }
  }
}

/// MK606: a shortcut that a layout types only with AltGr (a level-3 or level-5 modifier), as
/// `[` on Swedish (AltGr+8): the chord needs AltGr on top of the shortcut's modifiers, and
/// AltGr is Ctrl+Alt on many layouts, so it can collide with Ctrl+Alt shortcuts.
///
/// Reported when the typing engine says `needsAltGr`, or relocates the stroke because its key
/// is typed with AltGr.
package struct AltGrShortcutRule: LintRule {
  /// Creates the rule.
  package init() {}
  /// `MK606 needs-altgr`.
  package var code: DiagnosticCode { .needsAltGr }

  /// One finding per stroke that some layout types only with AltGr.
  package func check(_ model: LintModel) -> [LintFinding] {
    model.layoutFindings.filter { $0.code == code }
  }
}

/// MK607 (a note): a shortcut that a layout types directly, but on another physical key or at
/// another level than US QWERTY, where shortcuts are usually designed: `/` is Shift+7 on
/// German, so Ctrl+/ is pressed as Ctrl+Shift+7 there.
///
/// The two presses compared are the typing engine's on the layout and on US QWERTY.
package struct MovedKeyRule: LintRule {
  /// Creates the rule.
  package init() {}
  /// `MK607 moved-key`.
  package var code: DiagnosticCode { .movedKey }

  /// One finding per stroke that moves on some layout.
  package func check(_ model: LintModel) -> [LintFinding] {
    model.layoutFindings.filter { $0.code == code }
  }
}

/// MK613: a Ctrl+Alt shortcut (without Super) on a key whose AltGr level types a character on
/// a layout, as Ctrl+Alt+L on Polish (AltGr+L is `ł`). Where Ctrl+Alt stands in for AltGr
/// (Windows, remote desktops, some XKB options), the shortcut takes that character.
///
/// The key is the one the typing engine presses; what AltGr types on it is read by translating
/// that press with the layout's AltGr key held.
package struct CtrlAltCollisionRule: LintRule {
  /// Creates the rule.
  package init() {}
  /// `MK613 ctrl-alt-collision`.
  package var code: DiagnosticCode { .ctrlAltCollision }

  /// One finding per Ctrl+Alt stroke whose key has a character at AltGr on some layout.
  package func check(_ model: LintModel) -> [LintFinding] {
    model.layoutFindings.filter { $0.code == code }
  }
}

/// MK614: a shortcut whose key exists on a layout, but the layout turns the press into
/// something else, so no key command on it ever fires: on evdev keymaps Ctrl+Alt+F7 produces
/// `XF86Switch_VT_7` (the virtual-terminal switch), and Ctrl+Alt+Backspace `Terminate_Server`
/// with `terminate:ctrl_alt_bksp`; `Ctrl+Shift+[` types `{` on US QWERTY; Shift turns Tab into
/// `ISO_Left_Tab` and is consumed.
///
/// Reported when the typing engine says `layoutAction` or `modifiersConsumed`.
package struct LayoutActionRule: LintRule {
  /// Creates the rule.
  package init() {}
  /// `MK614 layout-action`.
  package var code: DiagnosticCode { .layoutAction }

  /// One finding per stroke that some layout turns into something else.
  package func check(_ model: LintModel) -> [LintFinding] {
    model.layoutFindings.filter { $0.code == code }
  }
}

/// Asks the typing engine about every stroke of every binding on every layout, once, and
/// groups the answers into one finding per stroke and code, with a note per layout.
struct LayoutCheck {
  let model: LintModel

  /// The layout rules' codes, in the order their findings are made.
  static let codes: [DiagnosticCode] = [
    .untypableShortcut, .needsAltGr, .movedKey, .ctrlAltCollision, .layoutAction,
  ]

  /// The strokes the layout rules ask about, with whether their key command allows automatic
  /// localization: every stroke but a lone modifier of every active binding that performs a
  /// command.
  static func strokes(_ model: LintModel) -> [(LintBinding, KeyboardShortcut, localizes: Bool)] {
    var strokes: [(LintBinding, KeyboardShortcut, localizes: Bool)] = []
    for binding in model.activeBindings {
      guard case .perform = binding.binding.effect else { continue }
      let localizes =
        !(binding.binding.location.map {
          model.documents[binding.document].unlocalizedKeyCommands.contains($0)
        } ?? false)
      for stroke in binding.binding.keys.strokes where stroke.input.modifierKey == nil {
        strokes.append((binding, stroke, localizes))
      }
    }
    return strokes
  }

  /// The questions of ``strokes(_:)``, each once: bindings share strokes.
  static func queries(_ model: LintModel) -> [LayoutQuery] {
    var seen: Set<LayoutQuery> = []
    return strokes(model).map { LayoutQuery(stroke: $0.1, localizes: $0.localizes) }
      .filter { seen.insert($0).inserted }
  }

  /// The findings of every layout rule, from the layouts' answers (``LintModel/layoutTables``).
  func findings() -> [LintFinding] {
    let tables = model.layoutTables.filter { $0.failure == nil }
    guard !tables.isEmpty else { return [] }
    // Each question's problems, layout by layout in the order configured.
    let queries = model.layoutQueries
    var notesByQuery = Array(repeating: [DiagnosticCode: [LintNote]](), count: queries.count)
    for table in tables {
      let layout = table.name.description
      for (index, problems) in table.problems {
        for problem in problems {
          notesByQuery[index][problem.code, default: []].append(
            LintNote(layout + ": " + problem.note, layout: layout))
        }
      }
    }
    let indices = Dictionary(uniqueKeysWithValues: zip(queries, queries.indices))
    var findings: [LintFinding] = []
    // The layouts of each question's notes of a code in words, once for the bindings that
    // share the question.
    var layoutTexts: [Int: LayoutsText] = [:]
    for (binding, stroke, localizes) in Self.strokes(model) {
      let query = LayoutQuery(stroke: stroke, localizes: localizes)
      let index = indices[query]
      let notes = index.map { notesByQuery[$0] } ?? [:]
      for (position, code) in Self.codes.enumerated() {
        guard let notes = notes[code] else { continue }
        let text: LayoutsText
        if let index, let known = layoutTexts[index * Self.codes.count + position] {
          text = known
        } else {
          text = LayoutsText(notes)
          if let index { layoutTexts[index * Self.codes.count + position] = text }
        }
        findings.append(
          finding(
            code, binding: binding, stroke: stroke, localizes: localizes, notes: notes,
            layouts: text))
      }
    }
    return findings
  }

  /// The layouts of a finding's notes, in the words of its message and group key.
  struct LayoutsText {
    /// The layouts, in the notes' order.
    var layouts: [String]
    /// The layouts as the message names them: `se`, `3 layouts (de, fr, se)`.
    var on: String
    /// The layouts as the group key holds them: `de,fr,se`.
    var joined: String

    /// The layouts of notes.
    init(_ notes: [LintNote]) {
      layouts = notes.compactMap(\.layout)
      on =
        layouts.count == 1
        ? layouts[0]
        : "\(layouts.count) layouts (\(layouts.prefix(6).joined(separator: ", "))"
          + (layouts.count > 6 ? ", …)" : ")")
      joined = layouts.joined(separator: ",")
    }
  }

  /// One finding: the stroke, the layouts it concerns, and their notes.
  private func finding(
    _ code: DiagnosticCode, binding: LintBinding, stroke: KeyboardShortcut, localizes: Bool,
    notes: [LintNote], layouts text: LayoutsText
  ) -> LintFinding {
    let on = text.on
    let what: String
    let phrase: String
    switch code {
    case .untypableShortcut:
      what = "cannot be typed on \(on)"
      phrase = what
    case .needsAltGr:
      what = "needs AltGr on \(on)"
      phrase = "need AltGr on \(on)"
    case .ctrlAltCollision:
      what = "is on a key whose AltGr level types a character on \(on)"
      phrase = "are on a key whose AltGr level types a character on \(on)"
    case .layoutAction:
      what = "never fires on \(on): the layout turns the press into something else"
      phrase = "never fire on \(on): the layout turns the press into something else"
    default:
      what = "is on another key on \(on)"
      phrase = "are on another key on \(on)"
    }
    let inSequence =
      binding.binding.keys.strokes.count > 1 ? " in \(model.label(binding))" : ""
    let platform = model.configuration.platform
    let press = model.strokeIdentity.press(of: PhysicalStroke(stroke, platform: platform))
    let diagnostic = Diagnostic(
      code,
      "\(stroke.label(for: platform))\(inSequence) "
        + "(\(LintModel.describe(binding.binding.effect))) \(what)",
      at: binding.binding.location)
    return LintFinding(
      diagnostic, notes: notes, participants: [model.participant(binding, .reported)],
      group: LintGroupKey(
        code, severity: diagnostic.severity, label: stroke.label(for: platform),
        identity: "\(press.modifiers.rawValue):\(press.input.canonicalName) "
          + "\(text.joined) localizes=\(localizes)",
        phrase: phrase))
  }
}

/// What keymap-lint reports about one stroke on one layout: a code and the layout's note,
/// decided from the typing engine's answers alone.
struct LayoutProblem: Hashable {
  var code: DiagnosticCode
  var note: String

  /// The problems of a stroke on a layout.
  ///
  /// - ``StrokeTyping/Verdict/unreachable`` is MK605 and ``StrokeTyping/Verdict/needsAltGr``
  ///   MK606, with a note on localization;
  /// - ``StrokeTyping/Verdict/relocated`` is MK606 when, without localization, the stroke's
  ///   key is typed with AltGr, MK605 when no key types it, and nothing when it fires anyway
  ///   (the Latin fallback, at the same key);
  /// - ``StrokeTyping/Verdict/layoutAction`` and ``StrokeTyping/Verdict/modifiersConsumed``
  ///   are MK614;
  /// - ``StrokeTyping/Verdict/direct`` may be MK607 (a character other than a letter, on
  ///   another key or level than the engine's press on US QWERTY) and MK613 (Ctrl+Alt on a
  ///   key whose AltGr level types a character).
  static func problems(
    of stroke: KeyboardShortcut, on keyboard: LayoutKeyboard, platform: PlatformProfile,
    localizes: Bool, us: LayoutKeyboard?
  ) -> [LayoutProblem] {
    problems(
      of: stroke, on: keyboard, platform: platform, localizes: localizes,
      facts: StrokeFacts(stroke, platform: platform, localizes: localizes, us: us))
  }

  /// ``problems(of:on:platform:localizes:us:)`` with what does not depend on the layout
  /// read once for the stroke (a sweep reads it once for all the layouts).
  static func problems(
    of stroke: KeyboardShortcut, on keyboard: LayoutKeyboard, platform: PlatformProfile,
    localizes: Bool, facts: StrokeFacts
  ) -> [LayoutProblem] {
    let typing = keyboard.answerOnce(facts.question, platform: platform)
    let key = facts.key
    let offText = "; automatic localization is off for this key command"
    let noneText = "; automatic localization does not relocate it"
    switch typing.verdict {
    case .unreachable:
      return [
        LayoutProblem(
          code: .untypableShortcut, note: "no key types \(key)" + (localizes ? noneText : offText))
      ]
    case .needsAltGr:
      guard let press = typing.press else { return [] }
      return [
        LayoutProblem(
          code: .needsAltGr,
          note: keyboard.levelText(key, press) + (localizes ? noneText : offText))
      ]
    case .relocated:
      let original = keyboard.answerOnce(facts.unlocalizedQuestion, platform: platform)
      let relocation = keyboard.relocationText(typing, platform: platform)
      if original.verdict == .unreachable {
        return [LayoutProblem(code: .untypableShortcut, note: "no key types \(key)" + relocation)]
      }
      if original.verdict != .direct, let press = original.press, press.holdsLevelShift {
        return [LayoutProblem(code: .needsAltGr, note: keyboard.levelText(key, press) + relocation)]
      }
      return []
    case .layoutAction, .modifiersConsumed:
      guard let press = typing.press else { return [] }
      var note = ""
      if typing.relocation != nil {
        note = String(keyboard.relocationText(typing, platform: platform).dropFirst(2)) + "; "
      }
      note += keyboard.actionText(typing, press, key: key)
      return [LayoutProblem(code: .layoutAction, note: note)]
    case .direct:
      guard let press = typing.press else { return [] }
      var problems: [LayoutProblem] = []
      if let moved = movedKey(press, on: keyboard, facts: facts) {
        problems.append(LayoutProblem(code: .movedKey, note: moved))
      }
      if let collision = ctrlAltCollision(stroke, press, on: keyboard, platform: platform) {
        problems.append(LayoutProblem(code: .ctrlAltCollision, note: collision))
      }
      return problems
    }
  }

  /// MK607's note: a character other than a letter, pressed on another key or level than the
  /// engine presses on US QWERTY (``StrokeFacts/usPress``).
  static func movedKey(_ here: TypedPress, on keyboard: LayoutKeyboard, facts: StrokeFacts)
    -> String?
  {
    guard let there = facts.usPress, here.evdevCode != there.evdevCode || here.level != there.level
    else { return nil }
    let shifted =
      here.levelModifierKeys.isEmpty
      ? "" : " with " + here.levelModifierKeys.map(\.label).joined(separator: "+")
    return
      "'\(facts.input)' is typed\(shifted) on \(keyboard.keyLabel(forEvdevCode: here.evdevCode)) "
      + "(level \(here.level)), not on \(facts.usKeyLabel) "
      + "(level \(there.level)) as on US QWERTY"
  }

  /// MK613's note: a Ctrl+Alt stroke (without Super) on a key that types a character with
  /// AltGr, read by pressing the key with the layout's AltGr key (and Shift, when the stroke
  /// has it).
  static func ctrlAltCollision(
    _ stroke: KeyboardShortcut, _ press: TypedPress, on keyboard: LayoutKeyboard,
    platform: PlatformProfile
  ) -> String? {
    let physical = platform.physicalModifiers(stroke.modifierFlags)
    guard physical.isSuperset(of: [.control, .alternate]), !physical.contains(.command),
      let text = stroke.input.characters, text.count == 1,
      let altGr = keyboard.keyboard.modifierKeys.first(where: { $0.keysym.rawValue == 0xfe03 })
    else { return nil }
    let shift = physical.contains(.shift) ? press.modifierKeys.first { $0.label == "Shift" } : nil
    let typed = keyboard.keyboard.typedPress(
      evdevCode: press.evdevCode, holding: (shift.map { [$0.evdevCode] } ?? []) + [altGr.evdevCode])
    guard typed.pressedLevel >= 3, let character = typed.keysym.character,
      !character.isWhitespace,
      character.unicodeScalars.first?.properties.generalCategory != .control
    else { return nil }
    let shiftText = shift == nil ? "" : "Shift+"
    return "AltGr+\(shiftText)\(stroke.input.canonicalName.uppercased()) types '\(character)' "
      + "(\(keyboard.keyLabel(forEvdevCode: press.evdevCode)), level \(typed.pressedLevel))"
  }
}

/// What the layout rules read of a stroke that is the same on every layout: the stroke's
/// input as inputs compare, in quotes for notes, and, for MK607, the typing engine's press of
/// it on US QWERTY. A sweep reads it once per question rather than once per layout.
struct StrokeFacts {
  /// The stroke's input as inputs compare (``MenuKitXKB/KeyInput/comparable(_:)``).
  var input: KeyInput
  /// The input in quotes, as notes name it: `'['`.
  var key: String
  /// The engine's press on US QWERTY when MK607 compares presses for the stroke: its input is
  /// one character that is not a letter and US QWERTY types it directly; else nil.
  var usPress: TypedPress?
  /// The name of ``usPress``'s key on US QWERTY, as notes name keys.
  var usKeyLabel = ""
  /// The stroke as the typing engine is asked about it on each layout.
  var question: TypingQuestion
  /// The stroke as the typing engine is asked about it without automatic localization.
  var unlocalizedQuestion: TypingQuestion

  /// Reads the facts of a stroke.
  ///
  /// - Parameters:
  ///   - stroke: The stroke as authored.
  ///   - platform: The platform profile that maps `Cmd`.
  ///   - localizes: Whether the stroke's key command allows automatic localization.
  ///   - us: US QWERTY, when it compiles.
  init(_ stroke: KeyboardShortcut, platform: PlatformProfile, localizes: Bool, us: LayoutKeyboard?)
  {
    question = TypingQuestion(stroke, allowsAutomaticLocalization: localizes)
    unlocalizedQuestion =
      localizes ? TypingQuestion(stroke, allowsAutomaticLocalization: false) : question
    input = KeyInput.comparable(stroke.input)
    key = LayoutKeyboard.quoted(input)
    guard let text = input.characters, text.count == 1, text.lowercased() == text.uppercased(),
      let us
    else { return }
    let typing = us.typing(of: stroke, platform: platform, allowsAutomaticLocalization: localizes)
    guard let there = typing.press, typing.verdict == .direct else { return }
    usPress = there
    usKeyLabel = us.keyLabel(forEvdevCode: there.evdevCode)
  }
}
