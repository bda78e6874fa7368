import MenuKit
import MenuKitJSON
import MenuKitXKB

/// How a shortcut is typed on a layout: every physical way to type its key, and the typing
/// engine's answer — the press that fires it, or why none does, with the relocation that
/// automatic localization uses. `keymap-lint how-to-type` prints it.
///
/// The ways list every key and level whose keysym is the shortcut's key; the verdict and the
/// press come from
/// ``MenuKitXKB/XKBKeyboard/typing(of:platform:allowsAutomaticLocalization:layoutDirection:)``,
/// which the key command matcher verifies, so they say what the key dispatcher does.
///
/// ```swift
/// let se = try LayoutAnalyzer().keyboard(for: LayoutName(layout: "se"))
/// let answer = TypingAnswer(
///   shortcut: try KeyboardShortcut(parsing: "Ctrl+Shift+["), keyboard: se, platform: .linux)
/// print(answer.text)
/// // Ctrl+Shift+[ on se: '[' needs AltGr, so automatic localization relocates it
/// //   KEY_8 <AE08> level 3 (bracketleft) with Mod5
/// //   automatic localization relocates it to Ctrl+Shift+Å (KEY_LEFTBRACE, level 1)
/// //   press: KEY_LEFTBRACE with Ctrl+Shift (level 1): Aring, a localized match
/// ```
package struct TypingAnswer: Hashable, Sendable {
  /// The version of the JSON form: 2 added `press`, `reason` and `localization`, and the
  /// verdicts `relocated`, `layoutAction` and `modifiersConsumed`.
  package static let jsonSchemaVersion = 2

  /// The shortcut asked about.
  package var shortcut: KeyboardShortcut
  /// The layout.
  package var layout: LayoutName
  /// The platform whose labels are used.
  package var platform: PlatformProfile
  /// Whether automatic localization was allowed.
  package var allowsAutomaticLocalization: Bool
  /// The typing engine's answer.
  package var typing: StrokeTyping
  /// The engine's answer without automatic localization, when the shortcut is relocated.
  package var withoutLocalization: StrokeTyping?
  /// The verdict's name: `direct`, `needsAltGr`, `relocated`, `layoutAction`,
  /// `modifiersConsumed` or `unreachable` (``MenuKitXKB/StrokeTyping/Verdict``).
  package var reachability: String { typing.verdict.rawValue }
  /// Every key and level that types the key.
  package var ways: [TypingWay]
  /// The shortcut automatic localization relocates to, and its key, if any.
  package var relocation: (shortcut: KeyboardShortcut, keyName: String, level: Int)? {
    relocated.map { ($0.shortcut, $0.keyName, $0.level) }
  }

  private var relocated: Relocation?
  /// The Linux names of the keys the press uses, by evdev code.
  private var keyNames: [Int: String]

  private struct Relocation: Hashable, Sendable {
    var shortcut: KeyboardShortcut
    var keyName: String
    var evdevCode: Int
    var level: Int
  }

  /// Asks a compiled layout how a shortcut is typed.
  ///
  /// - Parameters:
  ///   - shortcut: The shortcut.
  ///   - keyboard: The layout.
  ///   - platform: The platform whose labels are used, and that maps `Cmd`.
  ///   - allowsAutomaticLocalization: Whether automatic localization may relocate the key.
  package init(
    shortcut: KeyboardShortcut, keyboard: LayoutKeyboard, platform: PlatformProfile,
    allowsAutomaticLocalization: Bool = true
  ) {
    self.shortcut = shortcut
    self.layout = keyboard.name
    self.platform = platform
    self.allowsAutomaticLocalization = allowsAutomaticLocalization
    let input = KeyInput.comparable(shortcut.input)
    ways = keyboard.ways(toType: input)
    typing = keyboard.typing(
      of: shortcut, platform: platform,
      allowsAutomaticLocalization: allowsAutomaticLocalization)
    if typing.verdict == .relocated {
      withoutLocalization = keyboard.typing(
        of: shortcut, platform: platform, allowsAutomaticLocalization: false)
    }
    if let location = typing.relocation, let relocatedShortcut = typing.relocatedShortcut {
      relocated = Relocation(
        shortcut: relocatedShortcut,
        keyName: keyboard.keyLabel(forEvdevCode: location.evdevCode),
        evdevCode: location.evdevCode, level: location.level)
    }
    var names: [Int: String] = [:]
    for press in [typing.press, withoutLocalization?.press].compactMap({ $0 }) {
      for code in press.evdevCodes { names[code] = keyboard.keyLabel(forEvdevCode: code) }
    }
    keyNames = names
  }

  /// The verdict in words: `'[' needs AltGr`.
  var verdictText: String {
    let key = "'\(shortcut.input)'"
    switch typing.verdict {
    case .direct:
      return typing.press?.matchKind == .fallback
        ? "\(key) is typed through the Latin fallback" : "\(key) is typed directly"
    case .needsAltGr: return "\(key) needs AltGr"
    case .relocated:
      switch withoutLocalization?.verdict {
      case .unreachable: return "\(key) cannot be typed, so automatic localization relocates it"
      case .needsAltGr:
        return "\(key) needs AltGr, so automatic localization relocates it"
      case .some where withoutLocalization?.press?.holdsLevelShift == true:
        return "\(key) needs AltGr, so automatic localization relocates it"
      default: return "automatic localization relocates \(key)"
      }
    case .layoutAction:
      let produced = typing.press.map { LayoutKeyboard.keysymText($0.keysym) } ?? "?"
      let action = typing.systemAction.map { ", which \($0)" } ?? ""
      return "the layout turns the press into \(produced)\(action)"
    case .modifiersConsumed:
      let consumed = LayoutKeyboard.physicalNames(typing.consumedModifiers)
      return "the layout consumes \(consumed) on the key, so the press does not read as "
        + shortcut.label(for: platform)
    case .unreachable: return "\(key) cannot be typed"
    }
  }

  /// A press in words: `KEY_8 with Ctrl+AltGr (level 3)`.
  private func pressText(_ press: TypedPress) -> String {
    let key = keyNames[press.evdevCode] ?? "key \(press.evdevCode)"
    let held = press.modifierKeys.map(\.label).joined(separator: "+")
    return "\(key)\(held.isEmpty ? " alone" : " with \(held)") (level \(press.level))"
  }

  /// The answer for people.
  package var text: String {
    let label = shortcut.label(for: platform)
    var lines = ["\(label) on \(layout): \(verdictText)"]
    for way in ways {
      let modifiers = way.modifierSets.map { set in
        set.isEmpty ? "the key alone" : set.joined(separator: "+")
      }
      lines.append(
        "  \(way.keyName) <\(way.xkbKeyName)> level \(way.level) (\(way.keysym)) with "
          + modifiers.joined(separator: " or "))
    }
    if let relocated {
      lines.append(
        "  automatic localization relocates it to \(relocated.shortcut.label(for: platform)) "
          + "(\(relocated.keyName), level \(relocated.level))")
    } else if typing.verdict != .direct, allowsAutomaticLocalization {
      lines.append("  automatic localization does not relocate it")
    } else if typing.verdict != .direct {
      lines.append("  automatic localization is off")
    }
    if let press = typing.press {
      if let kind = press.matchKind {
        lines.append(
          "  press: \(pressText(press)): \(press.keysym.nameOrValue), \(Self.article(kind)) "
            + "\(kind.rawValue) match")
      } else {
        lines.append(
          "  press: \(pressText(press)) produces \(press.keysym.nameOrValue) "
            + "(level \(press.pressedLevel)); no key command on \(label) fires on it")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// "a" or "an" before a match kind's name.
  private static func article(_ kind: KeyCommandMatcher.Kind) -> String {
    kind == .exact ? "an" : "a"
  }

  /// The answer as versioned JSON.
  package var json: String {
    typealias Formatter = LintReportFormatter
    let ways = self.ways.map { way -> JSONValue in
      .object(
        [
          ("evdevCode", Formatter.number(way.evdevCode)), ("keyName", .string(way.keyName)),
          ("keysym", .string(way.keysym)), ("level", Formatter.number(way.level)),
          (
            "modifiers",
            .array(
              way.modifierSets.map { set in
                Formatter.node(.array(set.map { Formatter.node(.string($0)) }))
              })
          ),
          ("xkbKeyName", .string(way.xkbKeyName)),
        ].map(Formatter.member))
    }
    let relocation: JSONValue =
      relocated.map { relocated in
        .object(
          [
            ("evdevCode", Formatter.number(relocated.evdevCode)),
            ("keyName", .string(relocated.keyName)),
            ("label", .string(relocated.shortcut.label(for: platform))),
            ("level", Formatter.number(relocated.level)),
            ("shortcut", .string(relocated.shortcut.canonicalText)),
          ].map(Formatter.member))
      } ?? .null
    let press: JSONValue = typing.press.map(pressJSON) ?? .null
    let reason: JSONValue
    switch typing.verdict {
    case .layoutAction:
      reason = .object(
        [
          ("keysym", .string(typing.press?.keysym.nameOrValue ?? "")),
          ("kind", .string("layoutAction")),
          ("systemAction", typing.systemAction.map { .string($0) } ?? .null),
        ].map(Formatter.member))
    case .modifiersConsumed:
      reason = .object(
        [
          ("kind", .string("modifiersConsumed")),
          (
            "modifiers",
            .array(typing.consumedModifiers.names.map { Formatter.node(.string($0)) })
          ),
        ].map(Formatter.member))
    default: reason = .null
    }
    let root: JSONValue = .object(
      [
        ("input", .string(shortcut.input.canonicalName)),
        ("label", .string(shortcut.label(for: platform))), ("layout", .string(layout.description)),
        ("localization", .bool(allowsAutomaticLocalization)), ("press", press),
        ("reachability", .string(reachability)), ("reason", reason),
        ("relocation", relocation),
        ("schemaVersion", Formatter.number(Self.jsonSchemaVersion)),
        ("shortcut", .string(shortcut.canonicalText)), ("ways", .array(ways.map(Formatter.node))),
      ].map(Formatter.member))
    return JSONWriter.write(root)
  }

  /// A press as JSON.
  private func pressJSON(_ press: TypedPress) -> JSONValue {
    typealias Formatter = LintReportFormatter
    let modifierKeys = press.modifierKeys.map { key -> JSONNode in
      Formatter.node(
        .object(
          [
            ("evdevCode", Formatter.number(key.evdevCode)),
            ("keyName", .string(keyNames[key.evdevCode] ?? "")),
            ("keysym", .string(key.name)),
          ].map(Formatter.member)))
    }
    return .object(
      [
        ("evdevCode", Formatter.number(press.evdevCode)),
        ("fires", .bool(press.fires)),
        ("keyName", .string(keyNames[press.evdevCode] ?? "")),
        ("keysym", .string(press.keysym.nameOrValue)),
        ("level", Formatter.number(press.level)),
        ("match", press.matchKind.map { .string($0.rawValue) } ?? .null),
        ("modifierKeys", .array(modifierKeys)),
        ("pressedLevel", Formatter.number(press.pressedLevel)),
        ("xkbKeyName", .string(press.xkbKeyName ?? "")),
      ].map(Formatter.member))
  }
}
