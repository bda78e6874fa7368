import MenuKit
import MenuKitXKB
import Testing

/// `KeyCommandMatcher.winningKind(of:for:layout:layoutDirection:)`, the typing engine's
/// question to the matcher, against the matcher's full answer for the same key command alone.
@Suite("KeyCommandMatcher: one key command against the full match")
struct KeyCommandMatcherSingleTests {
  /// Key commands on the strokes a press reads as, and on some it does not, with every
  /// setting that changes how one key command matches or loses.
  static func keyCommands(for press: Press, layout: XKBKeyboard) -> [KeyCommand] {
    var strokes: [KeyboardShortcut] = []
    if let key = press.key {
      strokes += KeyCommandMatcher.readings(of: key, layout: layout)
    }
    let others: [KeyInput] = ["[", "]", "/", "s", "ß", "ж", KeyInput(.leftArrow), KeyInput(.f7)]
    for input in others {
      for modifiers: KeyModifierFlags in [.control, [.control, .shift], .command, []] {
        strokes.append(KeyboardShortcut(input, modifierFlags: modifiers))
      }
    }
    var commands: [KeyCommand] = []
    for (index, stroke) in strokes.enumerated() {
      for variant in 0..<4 {
        var command = KeyCommand(
          title: "", action: "typing:", input: stroke.input, modifierFlags: stroke.modifierFlags,
          alternates: index % 3 == 0
            ? [CommandAlternate(title: "", action: "other:", modifierFlags: .shift)] : [],
          attributes: variant == 3 ? .disabled : [])
        command.allowsAutomaticLocalization = variant != 1
        command.allowsAutomaticMirroring = variant != 2
        command.repeatBehavior = variant == 2 ? .nonRepeatable : .repeatable
        commands.append(command)
      }
    }
    return commands
  }

  @Test(
    "winningKind answers as match(_:against:) does with the key command alone",
    arguments: ["us", "de", "fr", "se", "ru", "il", "us,ru"])
  func singleEqualsFull(layout: String) throws {
    let keyboard = try systemKeyboard(layout: layout)
    let matcher = KeyCommandMatcher(platform: .linux)
    let holdings: [[Int]] = [
      [], [29], [29, 42], [29, 56], [125], [42], [100], [29, 100], [42, 100],
    ]
    var fired = 0
    var compared = 0
    for code in Array(2...58) + [65, 76, 103, 105] {
      for holding in holdings {
        let began = keyboard.translatedPress(evdevCode: code, holding: holding)
        var presses = [began]
        if let key = began.key {
          presses.append(Press(phase: .changed, timestamp: 1, key: key, isRepeat: true))
          presses.append(Press(phase: .ended, timestamp: 1, key: key))
        }
        for press in presses {
          for command in Self.keyCommands(for: began, layout: keyboard) {
            for direction in [LayoutDirection.leftToRight, .rightToLeft] {
              let full = matcher.match(
                press, against: [command], layout: keyboard, layoutDirection: direction)
              let single = matcher.winningKind(
                of: press, for: command, layout: keyboard, layoutDirection: direction)
              #expect(
                single == (full.keyCommand == nil ? nil : full.kind),
                "\(layout) \(code) \(holding) \(press.phase) \(command.input) \(direction)")
              compared += 1
              if single != nil { fired += 1 }
            }
          }
        }
      }
    }
    #expect(fired > 100)
    #expect(compared > 10_000)
  }
}
