public import MenuKit

/// How a shortcut is typed on a layout: every physical way, whether it needs AltGr or cannot be
/// typed, and the relocation that automatic localization uses. `keymap-lint how-to-type`
/// prints it.
///
/// ```swift
/// let se = try LayoutAnalyzer().keyboard(for: LayoutName(layout: "se"))
/// let answer = TypingAnswer(
///   shortcut: try KeyboardShortcut(parsing: "Ctrl+Shift+["), keyboard: se, platform: .linux)
/// print(answer.text)
/// // Ctrl+Shift+[ on se: '[' needs AltGr
/// //   KEY_8 <AE08> level 3 (bracketleft) with Mod5
/// //   automatic localization relocates it to Ctrl+Shift+Å (KEY_LEFTBRACE, level 1)
/// ```
public struct TypingAnswer: Hashable, Sendable {
  /// The version of the JSON form.
  public static let jsonSchemaVersion = 1

  /// The shortcut asked about.
  public var shortcut: KeyboardShortcut
  /// The layout.
  public var layout: LayoutName
  /// The platform whose labels are used.
  public var platform: PlatformProfile
  /// How the key is reached: `direct`, `needsAltGr` or `unreachable`.
  public var reachability: String
  /// Every key and level that types the key.
  public var ways: [TypingWay]
  /// The shortcut automatic localization relocates to, and its key, if any.
  public var relocation: (shortcut: KeyboardShortcut, keyName: String, level: Int)? {
    relocated.map { ($0.shortcut, $0.keyName, $0.level) }
  }

  private var relocated: Relocation?

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
  ///   - platform: The platform whose labels are used.
  public init(shortcut: KeyboardShortcut, keyboard: LayoutKeyboard, platform: PlatformProfile) {
    self.shortcut = shortcut
    self.layout = keyboard.name
    self.platform = platform
    let input = KeyInput.comparable(shortcut.input)
    ways = keyboard.ways(toType: input)
    switch keyboard.reachability(of: input) {
    case .direct: reachability = "direct"
    case .needsAltGr: reachability = "needsAltGr"
    case .unreachable: reachability = "unreachable"
    }
    if let location = keyboard.relocatedKey(for: input) {
      relocated = Relocation(
        shortcut: KeyboardShortcut(
          location.input, modifierFlags: shortcut.modifierFlags.union(location.extraModifiers)),
        keyName: keyboard.keyLabel(forEvdevCode: location.evdevCode),
        evdevCode: location.evdevCode, level: location.level)
    }
  }

  /// The answer for people.
  public var text: String {
    let label = shortcut.label(for: platform)
    let key = "'\(shortcut.input)'"
    let verdict =
      switch reachability {
      case "direct": "\(key) is typed directly"
      case "needsAltGr": "\(key) needs AltGr"
      default: "\(key) cannot be typed"
      }
    var lines = ["\(label) on \(layout): \(verdict)"]
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
    } else if reachability != "direct" {
      lines.append("  automatic localization does not relocate it")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The answer as versioned JSON.
  public var json: String {
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
    let root: JSONValue = .object(
      [
        ("input", .string(shortcut.input.canonicalName)),
        ("label", .string(shortcut.label(for: platform))), ("layout", .string(layout.description)),
        ("reachability", .string(reachability)), ("relocation", relocation),
        ("schemaVersion", Formatter.number(Self.jsonSchemaVersion)),
        ("shortcut", .string(shortcut.canonicalText)), ("ways", .array(ways.map(Formatter.node))),
      ].map(Formatter.member))
    return JSONWriter.write(root)
  }
}
