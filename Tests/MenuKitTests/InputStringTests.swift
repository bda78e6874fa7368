import Testing

@testable import MenuKit

/// A key whose texts are `text`, with a keysym.
private func key(_ text: String, keysym: UInt32) -> Key {
  Key(
    keyCode: nil, evdevCode: 105, characters: text, charactersIgnoringModifiers: text,
    modifierFlags: [], keysym: Keysym(rawValue: keysym),
    keysymIgnoringModifiers: Keysym(rawValue: keysym))
}

@Suite("UIKit's input strings for special keys")
struct InputStringTests {
  @Test(
    "every special key's input string reads back as the key",
    arguments: KeyInput.SpecialKey.allCases)
  func roundTrip(key: KeyInput.SpecialKey) {
    #expect(KeyInput(key.inputString) == KeyInput(key))
    #expect(KeyInput(key).inputString == key.inputString)
  }

  @Test("the constants are UIKit's strings and name MenuKit's special keys")
  func constants() {
    let expected: [(String, String, KeyInput)] = [
      (KeyCommand.inputUpArrow, "UIKeyInputUpArrow", .upArrow),
      (KeyCommand.inputDownArrow, "UIKeyInputDownArrow", .downArrow),
      (KeyCommand.inputLeftArrow, "UIKeyInputLeftArrow", .leftArrow),
      (KeyCommand.inputRightArrow, "UIKeyInputRightArrow", .rightArrow),
      (KeyCommand.inputEscape, "\u{1B}", .escape),
      (KeyCommand.inputPageUp, "UIKeyInputPageUp", .pageUp),
      (KeyCommand.inputPageDown, "UIKeyInputPageDown", .pageDown),
      (KeyCommand.inputHome, "UIKeyInputHome", .home),
      (KeyCommand.inputEnd, "UIKeyInputEnd", .end),
      (KeyCommand.inputDelete, "UIKeyInputDelete", .deleteForward),
      (KeyCommand.inputF1, "UIKeyInputF1", .function(1)),
      (KeyCommand.inputF12, "UIKeyInputF12", .function(12)),
      (KeyCommand.inputF13, "UIKeyInputF13", .function(13)),
      (KeyCommand.inputF20, "UIKeyInputF20", .function(20)),
    ]
    for (constant, string, input) in expected {
      #expect(constant == string)
      #expect(KeyInput(constant) == input, "\(string.debugDescription)")
      #expect(input.inputString == constant)
    }
  }

  @Test("printable inputs are their characters; modifier and physical keys have no string")
  func otherInputs() {
    #expect(KeyInput("o").inputString == "o")
    #expect(KeyInput("[").inputString == "[")
    #expect(KeyInput.physicalKey(.keyboardA).inputString == nil)
    #expect(KeyInput.modifierKey(.shift)?.inputString == nil)
    // A string that only looks like an input string stays characters.
    #expect(KeyInput("UIKeyInputNowhere").specialKey == nil)
  }

  @Test("a key command made from an input string, as UIKeyCommand(input:modifierFlags:action:)")
  func keyCommandFromString() {
    let down = KeyCommand(input: KeyCommand.inputDownArrow, modifierFlags: [], action: "moveDown:")
    #expect(down.input == .downArrow)
    #expect(down.title == "")
    let arrows = [KeyCommand.inputRightArrow, KeyCommand.inputLeftArrow]
    let commands = arrows.map {
      KeyCommand(
        title: "Go", action: "navigate:", input: $0, modifierFlags: .command,
        propertyList: .string($0))
    }
    #expect(commands.map(\.input) == [.rightArrow, .leftArrow])
    #expect(commands[0].shortcut.canonicalText == "Cmd+Right")
  }

  @Test("a keysym's special-key text is the input string of keys UIKit names, nil otherwise")
  func specialKeyText() {
    #expect(KeyInput.specialKeyText(forKeysym: Keysym(rawValue: 0xff51)) == "UIKeyInputLeftArrow")
    #expect(KeyInput.specialKeyText(forKeysym: Keysym(rawValue: 0xffbe)) == "UIKeyInputF1")
    #expect(KeyInput.specialKeyText(forKeysym: Keysym(rawValue: 0xffff)) == "UIKeyInputDelete")
    #expect(KeyInput.specialKeyText(forKeysym: Keysym(rawValue: 0xff1b)) == nil)  // Escape
    #expect(KeyInput.specialKeyText(forKeysym: Keysym(rawValue: 0xff09)) == nil)  // Tab
    #expect(KeyInput.specialKeyText(forKeysym: Keysym(rawValue: 0x61)) == nil)  // a
  }

  @Test("a press whose text is an input string types no text, however it is stored")
  func namesAreNotText() {
    for name in ["UIKeyInputF1", "UIKeyInputEnd", "UIKeyInputLeftArrow", "UIKeyInputPageDown"] {
      let press = Press(phase: .began, timestamp: 0, key: key(name, keysym: 0xff51))
      #expect(!press.typesText, "\(name)")
    }
    // Text that is not a name, short or long, is typed text.
    for text in ["a", "UIKeyInpu", "UIKeyInput", "UIKeyIxputLeftArrow", "UIKeyIxputF1"] {
      let press = Press(phase: .began, timestamp: 0, key: key(text, keysym: 0x61))
      #expect(press.typesText, "\(text)")
    }
  }

  @Test("a press's type comes from its keysym; a press without a key is a key")
  func pressType() {
    #expect(Press(phase: .began, timestamp: 0, key: key("", keysym: 0xff51)).type == .leftArrow)
    #expect(Press(phase: .began, timestamp: 0, key: key("\r", keysym: 0xff0d)).type == .select)
    #expect(Press(phase: .began, timestamp: 0, key: nil).type == .key)
  }
}
