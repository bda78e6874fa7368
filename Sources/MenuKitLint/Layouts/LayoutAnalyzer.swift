import FoundationEssentials
import MenuKit
import MenuKitXKB

/// Compiles keyboard layouts once each and answers how shortcuts are typed on them.
///
/// Compiling a layout takes a few milliseconds and `--all-layouts` asks for about 580, so
/// each layout is compiled once and every answer is cached by input.
///
/// ```swift
/// let analyzer = LayoutAnalyzer()
/// let se = try analyzer.keyboard(for: LayoutName(layout: "se"))
/// se.reachability(of: "[")    // .needsAltGr: KEY_8, level 3
/// se.relocatedKey(for: "[")   // KEY_LEFTBRACE, level 1, "å"
/// se.typing(of: try KeyboardShortcut(parsing: "Cmd+["), platform: .linux).verdict
/// // .relocated: Ctrl+Å fires it
/// ```
package final class LayoutAnalyzer {
  /// The XKB context: the system's data only (``XKBContext/system(includePaths:)``).
  let context: XKBContext
  /// The include paths given, searched before the system's.
  let includePaths: [String]
  /// The compiled layouts.
  private var keyboards: [LayoutName: LayoutKeyboard] = [:]
  /// Where a sweep over layouts keeps each layout's answers between runs, or nil for none
  /// (the default): see ``LayoutTypingCache``.
  package var typingCache: LayoutTypingCache?
  /// Called from the sweep's workers as layouts are done, with how many are done and how many
  /// there are: `keymap-lint` draws its progress line with it.
  package var progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?
  /// How many layouts a sweep checks at once, each on its own thread: by default, the number
  /// of active cores.
  package var maximumWorkers = ProcessInfo.processInfo.activeProcessorCount
  /// A sweep's flat keymap texts being prepared ahead (``prepareSweep(of:platform:)``).
  var preparation: SweepPreparation?

  /// Creates an analyzer over the system's XKB data, or over other include paths.
  ///
  /// - Parameter includePaths: Directories of XKB data searched before the system's.
  package init(includePaths: [String] = []) {
    self.includePaths = includePaths
    context = XKBContext.system(includePaths: includePaths)
  }

  /// The compiled layout, compiled on first use.
  ///
  /// - Parameter name: The layout.
  /// - Returns: The keyboard.
  /// - Throws: ``XKBError`` when XKB does not know the layout or variant.
  package func keyboard(for name: LayoutName) throws(XKBError) -> LayoutKeyboard {
    if let known = keyboards[name] { return known }
    let keyboard = try compile(name)
    keyboards[name] = keyboard
    return keyboard
  }

  /// The layout compiled anew, and not kept: a sweep drops each layout once it is answered.
  func compile(_ name: LayoutName) throws(XKBError) -> LayoutKeyboard {
    LayoutKeyboard(name: name, keymap: try compileByNames(name))
  }

  /// The layout compiled anew from its rule names (`xkb_keymap_new_from_names`).
  func compileByNames(_ name: LayoutName) throws(XKBError) -> XKBKeymap {
    try XKBKeymap(context: context, names: .init(layout: name.layout, variant: name.variant))
  }

  /// The layout compiled anew, from flat keymap text where `source` has it for the layout
  /// (the same keymap, for less work: ``FlatLayoutSource``), else from its rule names; a text
  /// that does not compile falls back to the names, whose error is the one reported.
  func compile(_ name: LayoutName, from source: FlatLayoutSource?) throws(XKBError)
    -> LayoutKeyboard
  {
    if let text = source?.text(for: name),
      let keymap = try? XKBKeymap(context: context, string: text)
    {
      return LayoutKeyboard(name: name, keymap: keymap)
    }
    return try compile(name)
  }

  /// US QWERTY: the positions that shortcuts are written for.
  package var us: LayoutKeyboard? { try? keyboard(for: LayoutName(layout: "us")) }
}

/// One compiled layout and its cached answers.
package final class LayoutKeyboard {
  /// The layout's name.
  package let name: LayoutName
  /// The compiled keymap.
  package let keymap: XKBKeymap
  /// The keyboard whose reachability and relocation rules MenuKit's matcher uses.
  let keyboard: XKBKeyboard
  private var reachabilities: [KeyInput: ShortcutReachability] = [:]
  private var relocations: [KeyInput: ShortcutLocation?] = [:]

  init(name: LayoutName, keymap: XKBKeymap) {
    self.name = name
    self.keymap = keymap
    self.keyboard = XKBKeyboard(typingOn: keymap)
  }

  /// How an input is typed here: directly, only with AltGr, or not at all
  /// (``XKBKeyboard/reachability(of:)``).
  ///
  /// - Parameter input: A key-command input.
  /// - Returns: The reachability.
  package func reachability(of input: KeyInput) -> ShortcutReachability {
    if let known = reachabilities[input] { return known }
    let answer = keyboard.reachability(of: input)
    reachabilities[input] = answer
    return answer
  }

  /// Where automatic localization moves an input here, or nil
  /// (``XKBKeyboard/relocatedKey(for:)``, decision 5 in `docs/decisions/`).
  ///
  /// - Parameter input: A key-command input.
  /// - Returns: The relocated key, or nil.
  package func relocatedKey(for input: KeyInput) -> ShortcutLocation? {
    if let known = relocations[input] { return known }
    let answer = keyboard.relocatedKey(for: input)
    relocations[input] = .some(answer)
    return answer
  }

  /// How a stroke is typed here, by the typing engine the key dispatcher's matcher verifies
  /// (``MenuKitXKB/XKBKeyboard/typing(of:platform:allowsAutomaticLocalization:layoutDirection:)``,
  /// which caches its answers).
  ///
  /// ```swift
  /// let us = try LayoutAnalyzer().keyboard(for: LayoutName(layout: "us"))
  /// us.typing(of: try KeyboardShortcut(parsing: "Ctrl+Alt+F7"), platform: .linux).verdict
  /// // .layoutAction: XF86Switch_VT_7
  /// ```
  ///
  /// - Parameters:
  ///   - stroke: The stroke as authored.
  ///   - platform: The platform profile that maps `Cmd`.
  ///   - allowsAutomaticLocalization: Whether the stroke's key command allows automatic
  ///     localization.
  /// - Returns: The engine's answer.
  package func typing(
    of stroke: KeyboardShortcut, platform: PlatformProfile, allowsAutomaticLocalization: Bool = true
  ) -> StrokeTyping {
    keyboard.typing(
      of: stroke, platform: platform, allowsAutomaticLocalization: allowsAutomaticLocalization)
  }

  /// ``typing(of:platform:allowsAutomaticLocalization:)``'s answer, not cached: the layout
  /// rules ask each stroke of a sweep once per layout
  /// (``MenuKitXKB/XKBKeyboard/uncachedTyping(of:platform:allowsAutomaticLocalization:)``).
  func answerOnce(
    of stroke: KeyboardShortcut, platform: PlatformProfile, allowsAutomaticLocalization: Bool
  ) -> StrokeTyping {
    keyboard.uncachedTyping(
      of: stroke, platform: platform, allowsAutomaticLocalization: allowsAutomaticLocalization)
  }

  /// ``answerOnce(of:platform:allowsAutomaticLocalization:)`` for a question read once for
  /// every layout (``MenuKitXKB/TypingQuestion``).
  func answerOnce(_ question: TypingQuestion, platform: PlatformProfile) -> StrokeTyping {
    keyboard.uncachedTyping(question, platform: platform)
  }

  /// The XKB name of a key, such as `AD11`, and its Linux name, such as `KEY_LEFTBRACE`.
  ///
  /// - Parameter code: The evdev code.
  /// - Returns: `KEY_LEFTBRACE` when the code has a Linux name, else `<AD11>`, else the code.
  package func keyLabel(forEvdevCode code: Int) -> String {
    if let name = EvdevKeyNames.names[code] { return name }
    if let name = keymap.keyName(forEvdevCode: code) { return "<\(name)>" }
    return "key \(code)"
  }

  /// Every way to type an input on the first layout group: each key and level whose keysym
  /// stands for it, with the modifier sets that select the level.
  ///
  /// - Parameter input: A key-command input.
  /// - Returns: The ways, by evdev code and level.
  package func ways(toType input: KeyInput) -> [TypingWay] {
    var ways: [TypingWay] = []
    let wanted = KeyInput.comparable(input)
    for code in keymap.evdevCodes {
      for level in 0..<keymap.levelCount(forEvdevCode: code, layout: 0) {
        for keysym in keymap.keysyms(forEvdevCode: code, layout: 0, level: level) {
          guard let typed = KeyInput(keysym: keysym, character: keysym.character.map(String.init)),
            KeyInput.comparable(typed) == wanted
          else { continue }
          ways.append(
            TypingWay(
              evdevCode: code, keyName: keyLabel(forEvdevCode: code),
              xkbKeyName: keymap.keyName(forEvdevCode: code) ?? "", level: level + 1,
              keysym: keysym.nameOrValue,
              modifierSets: keymap.modifierSets(forEvdevCode: code, layout: 0, level: level)))
        }
      }
    }
    return ways
  }
}

/// One physical way to type an input: a key, a level and the modifiers that select it.
package struct TypingWay: Hashable, Sendable {
  /// The key's evdev code.
  package var evdevCode: Int
  /// The key's Linux name, such as `KEY_8`.
  package var keyName: String
  /// The key's XKB name, such as `AE08`.
  package var xkbKeyName: String
  /// The shift level, from 1.
  package var level: Int
  /// The keysym's name, such as `bracketleft`.
  package var keysym: String
  /// The modifier sets that select the level, each as XKB modifier names (`Mod5` is AltGr on
  /// most layouts); one empty set means the key alone.
  package var modifierSets: [[String]]
}

extension KeyInput {
  /// The input as inputs compare: a single character lowercased.
  static func comparable(_ input: KeyInput) -> KeyInput {
    guard let text = input.characters, text.count == 1 else { return input }
    let lowered = text.lowercased()
    return lowered.count == 1 ? KeyInput(lowered) : input
  }
}
