import Testing

@testable import MenuKit

// MARK: - Fixtures

/// Parses `text`, returning the error it throws, or `nil` when it parses.
private func parseError(_ text: String) -> KeyboardShortcutParseError? {
  do {
    _ = try KeyboardShortcut(parsing: text)
    return nil
  } catch {
    return error
  }
}

/// Parses `text` as a sequence, returning the error it throws, or `nil` when it parses.
private func sequenceError(_ text: String) -> KeyboardShortcutParseError? {
  do {
    _ = try KeySequence(parsing: text)
    return nil
  } catch {
    return error
  }
}

/// Text that parses, and the canonical text it stands for.
private struct RoundTrip: CustomTestStringConvertible, Sendable {
  var text: String
  var canonical: String
  var testDescription: String { "\"\(text)\" → \"\(canonical)\"" }

  init(_ text: String, _ canonical: String) {
    self.text = text
    self.canonical = canonical
  }
}

private let roundTrips: [RoundTrip] = [
  RoundTrip("Cmd+O", "Cmd+O"),
  RoundTrip("cmd+o", "Cmd+O"),
  RoundTrip("Cmd+Shift+O", "Cmd+Shift+O"),
  RoundTrip("shift+cmd+o", "Cmd+Shift+O"),
  RoundTrip("ctrl+shift+o", "Ctrl+Shift+O"),
  RoundTrip("Control+Option+Delete", "Ctrl+Alt+Delete"),
  RoundTrip("Command+Opt+S", "Cmd+Alt+S"),
  RoundTrip("Primary+N", "Cmd+N"),
  RoundTrip("CmdOrCtrl+N", "Cmd+N"),
  RoundTrip("Shift+Alt+Cmd+Ctrl+K", "Ctrl+Cmd+Alt+Shift+K"),
  RoundTrip("Ctrl+Cmd+F", "Ctrl+Cmd+F"),
  RoundTrip("Cmd+Plus", "Cmd+Plus"),
  RoundTrip("Cmd++", "Cmd+Plus"),
  RoundTrip("+", "Plus"),
  RoundTrip("Cmd+?", "Cmd+?"),
  RoundTrip("Cmd+[", "Cmd+["),
  RoundTrip("Cmd+1", "Cmd+1"),
  RoundTrip("Alt+é", "Alt+É"),
  RoundTrip("F5", "F5"),
  RoundTrip("shift+f3", "Shift+F3"),
  RoundTrip("F24", "F24"),
  RoundTrip("Cmd+Up", "Cmd+Up"),
  RoundTrip("cmd+ArrowDown", "Cmd+Down"),
  RoundTrip("Cmd+LeftArrow", "Cmd+Left"),
  RoundTrip("Esc", "Escape"),
  RoundTrip("Shift+Tab", "Shift+Tab"),
  RoundTrip("Cmd+Return", "Cmd+Return"),
  RoundTrip("Enter", "Enter"),
  RoundTrip("Cmd+Backspace", "Cmd+Backspace"),
  RoundTrip("Del", "Delete"),
  RoundTrip("PgUp", "PageUp"),
  RoundTrip("Cmd+pgdn", "Cmd+PageDown"),
  RoundTrip("Home", "Home"),
  RoundTrip("Ins", "Insert"),
  RoundTrip("Ctrl+Space", "Ctrl+Space"),
  RoundTrip("Keypad5", "Keypad5"),
  RoundTrip("Cmd+KeypadPlus", "Cmd+KeypadPlus"),
  RoundTrip("  Cmd+O  ", "Cmd+O"),
  RoundTrip("Super+E", "Super+E"),
  RoundTrip("Meta+E", "Super+E"),
  RoundTrip("win+e", "Super+E"),
  RoundTrip("Windows+E", "Super+E"),
  RoundTrip("Logo+E", "Super+E"),
  RoundTrip("Shift+Super+Ctrl+Alt+Cmd+E", "Ctrl+Cmd+Super+Alt+Shift+E"),
  RoundTrip("Super", "Super"),
]

/// A shortcut and its labels under each profile.
private struct Labels: CustomTestStringConvertible, Sendable {
  var text: String
  var linux: String
  var mac: String
  var windows: String
  var testDescription: String { text }
}

private let labels: [Labels] = [
  Labels(text: "Cmd+Shift+O", linux: "Ctrl+Shift+O", mac: "⇧⌘O", windows: "Ctrl+Shift+O"),
  Labels(text: "Ctrl+Cmd+F", linux: "Ctrl+F", mac: "⌃⌘F", windows: "Ctrl+F"),
  Labels(text: "Cmd+Up", linux: "Ctrl+Up", mac: "⌘↑", windows: "Ctrl+Up"),
  Labels(text: "Cmd+Plus", linux: "Ctrl+Plus", mac: "⌘+", windows: "Ctrl+Plus"),
  Labels(text: "F5", linux: "F5", mac: "F5", windows: "F5"),
  Labels(text: "Keypad5", linux: "Num 5", mac: "Keypad 5", windows: "Num 5"),
  Labels(
    text: "Ctrl+Alt+Shift+Cmd+K", linux: "Ctrl+Alt+Shift+K", mac: "⌃⌥⇧⌘K",
    windows: "Ctrl+Alt+Shift+K"),
  Labels(
    text: "Cmd+Alt+Return", linux: "Ctrl+Alt+Return", mac: "⌥⌘↩", windows: "Ctrl+Alt+Enter"),
  Labels(text: "Enter", linux: "Enter", mac: "⌤", windows: "Num Enter"),
  Labels(text: "Escape", linux: "Esc", mac: "⎋", windows: "Esc"),
  Labels(text: "Shift+Delete", linux: "Shift+Delete", mac: "⇧⌦", windows: "Shift+Del"),
  Labels(text: "Cmd+PageDown", linux: "Ctrl+Page Down", mac: "⌘⇟", windows: "Ctrl+Page Down"),
  Labels(text: "Cmd+Space", linux: "Ctrl+Space", mac: "⌘Space", windows: "Ctrl+Space"),
  Labels(text: "Alt+Backspace", linux: "Alt+Backspace", mac: "⌥⌫", windows: "Alt+Backspace"),
  Labels(text: "Cmd+[", linux: "Ctrl+[", mac: "⌘[", windows: "Ctrl+["),
  Labels(text: "Super+E", linux: "Super+E", mac: "⌘E", windows: "Win+E"),
  Labels(text: "Super+Shift+E", linux: "Super+Shift+E", mac: "⇧⌘E", windows: "Win+Shift+E"),
  Labels(
    text: "Ctrl+Cmd+Super+Alt+Shift+Up", linux: "Super+Ctrl+Alt+Shift+Up", mac: "⌃⌥⇧⌘↑",
    windows: "Win+Ctrl+Alt+Shift+Up"),
  Labels(text: "Cmd+Super+E", linux: "Super+Ctrl+E", mac: "⌘E", windows: "Win+Ctrl+E"),
  Labels(text: "Super", linux: "Super", mac: "⌘", windows: "Win"),
]

/// Text that does not parse, the error, and its message.
private struct Failure: CustomTestStringConvertible, Sendable {
  var text: String
  var error: KeyboardShortcutParseError
  var message: String
  var testDescription: String { "\"\(text)\"" }
}

/// The expectation that ends several messages.
private let expectation =
  "expected modifiers (Ctrl, Cmd, Super, Alt, Shift) joined with '+' and then one key, like "
  + "'Cmd+Shift+O'"

private let failures: [Failure] = [
  Failure(text: "", error: .empty, message: "empty shortcut; \(expectation)"),
  Failure(text: "   ", error: .empty, message: "empty shortcut; \(expectation)"),
  Failure(
    text: "Ctlr+S", error: .unknownModifier("Ctlr", offset: 0, suggestion: "Ctrl"),
    message: "unknown modifier 'Ctlr'; did you mean 'Ctrl'?"),
  Failure(
    text: "Cmd+Shfit+S", error: .unknownModifier("Shfit", offset: 4, suggestion: "Shift"),
    message: "unknown modifier 'Shfit'; did you mean 'Shift'?"),
  Failure(
    text: "Atl+S", error: .unknownModifier("Atl", offset: 0, suggestion: "Alt"),
    message: "unknown modifier 'Atl'; did you mean 'Alt'?"),
  Failure(
    text: "  Contrl+S", error: .unknownModifier("Contrl", offset: 2, suggestion: "Control"),
    message: "unknown modifier 'Contrl'; did you mean 'Control'?"),
  Failure(
    text: "Hyper+S", error: .unknownModifier("Hyper", offset: 0, suggestion: nil),
    message: "unknown modifier 'Hyper'; \(expectation)"),
  Failure(
    text: "Cmd+", error: .missingKey(offset: 4),
    message: "the shortcut has no key; \(expectation)"),
  Failure(
    text: "Cmd+Shift", error: .missingKey(offset: 4),
    message: "the shortcut has no key; \(expectation)"),
  Failure(
    text: "+Cmd", error: .missingKey(offset: 0),
    message: "the shortcut has no key; \(expectation)"),
  Failure(
    text: "Cmd++S", error: .missingKey(offset: 4),
    message: "the shortcut has no key; \(expectation)"),
  Failure(
    text: "Cmd+Cmd+S", error: .duplicateModifier("Cmd", offset: 4),
    message: "modifier 'Cmd' appears twice"),
  Failure(
    text: "Ctrl+Alt+Shift+Cmd+Command+X", error: .duplicateModifier("Command", offset: 19),
    message: "modifier 'Command' appears twice"),
  Failure(
    text: "Cmd+Foo", error: .unknownKey("Foo", offset: 4, suggestion: nil),
    message:
      "unknown key 'Foo'; expected one character or a key name like Up, Escape, F5, PageDown"),
  Failure(
    text: "Cmd+Escpe", error: .unknownKey("Escpe", offset: 4, suggestion: "Escape"),
    message: "unknown key 'Escpe'; did you mean 'Escape'?"),
  Failure(
    text: "Alt+PageDonw", error: .unknownKey("PageDonw", offset: 4, suggestion: "PageDown"),
    message: "unknown key 'PageDonw'; did you mean 'PageDown'?"),
]

// MARK: - Parsing

@Suite("KeyboardShortcut parsing and canonical text")
struct KeyboardShortcutParsingTests {
  @Test(
    "parses to the canonical text, which parses back to the same shortcut", arguments: roundTrips)
  fileprivate func roundTrip(_ fixture: RoundTrip) throws {
    let parsed = try KeyboardShortcut(parsing: fixture.text)
    #expect(parsed.canonicalText == fixture.canonical)
    #expect(parsed.description == fixture.canonical)
    let reparsed = try KeyboardShortcut(parsing: fixture.canonical)
    #expect(reparsed == parsed)
    #expect(reparsed.canonicalText == fixture.canonical)
  }

  @Test("parses into the input and flags UIKit would use")
  func values() throws {
    #expect(
      try KeyboardShortcut(parsing: "Cmd+Shift+O")
        == KeyboardShortcut("o", modifierFlags: [.command, .shift]))
    #expect(try KeyboardShortcut(parsing: "Ctrl+Cmd+F").modifierFlags == [.control, .command])
    #expect(try KeyboardShortcut(parsing: "Cmd+Plus").input == "+")
    #expect(try KeyboardShortcut(parsing: "Cmd++").input == "+")
    #expect(try KeyboardShortcut(parsing: "F5").input == .function(5))
    #expect(try KeyboardShortcut(parsing: "Keypad5").input == .keypad(5))
    #expect(try KeyboardShortcut(parsing: "Cmd+Up").input == .upArrow)
    #expect(try KeyboardShortcut(parsing: "Space").input == .space)
    #expect(try KeyboardShortcut(parsing: "Delete").input == .deleteForward)
    #expect(try KeyboardShortcut(parsing: "Backspace").input == .backspace)
    #expect(
      try KeyboardShortcut(parsing: "Super+E") == KeyboardShortcut("e", modifierFlags: .super))
    #expect(try KeyboardShortcut(parsing: "Meta+E").modifierFlags == .super)
    #expect(try KeyboardShortcut(parsing: "Win+E").modifierFlags == .super)
    #expect(try KeyboardShortcut(parsing: "Super").input == .modifierKey(.super))
    #expect(try KeyboardShortcut(parsing: "Super").modifierFlags == [])
    #expect(KeyModifierFlags.super.flagNames == ["super"])
    #expect(KeyModifierFlags.shortcutModifiers.contains(.super))
  }

  @Test("an uppercase letter names the key, whose input is lowercase")
  func uppercaseLetter() throws {
    #expect(try KeyboardShortcut(parsing: "O").input == "o")
    #expect(
      try KeyboardShortcut(parsing: "Shift+O") == KeyboardShortcut("o", modifierFlags: .shift))
    #expect(try KeyboardShortcut(parsing: "Alt+É").input == "é")
  }

  @Test("canonical text follows the modifier order Ctrl, Cmd, Super, Alt, Shift")
  func canonicalOrder() {
    let all: KeyModifierFlags = [.shift, .alternate, .command, .control]
    #expect(KeyboardShortcut("k", modifierFlags: all).canonicalText == "Ctrl+Cmd+Alt+Shift+K")
    #expect(
      KeyboardShortcut("k", modifierFlags: all.union(.super)).canonicalText
        == "Ctrl+Cmd+Super+Alt+Shift+K")
    #expect(KeyboardShortcut(.function(5), modifierFlags: []).canonicalText == "F5")
  }

  @Test("rejects text with the exact error, message and offset", arguments: failures)
  fileprivate func failure(_ fixture: Failure) {
    let error = parseError(fixture.text)
    #expect(error == fixture.error)
    #expect(error?.description == fixture.message)
    #expect(error?.offset == fixture.error.offset)
  }

  @Test("error offsets count Unicode scalars")
  func offsetsCountScalars() {
    // "é" written as e + U+0301 is one character but two scalars.
    #expect(
      sequenceError("Cmd+e\u{301} Cmd+Foo")
        == .unknownKey("Foo", offset: 11, suggestion: nil))
  }
}

// MARK: - Sequences

@Suite("KeySequence")
struct KeySequenceTests {
  @Test("parses strokes separated by spaces and prints them with one space")
  func parse() throws {
    let sequence = try KeySequence(parsing: "  Cmd+K   cmd+s ")
    #expect(
      sequence.strokes == [
        KeyboardShortcut("k", modifierFlags: .command),
        KeyboardShortcut("s", modifierFlags: .command),
      ])
    #expect(sequence.canonicalText == "Cmd+K Cmd+S")
    #expect(sequence.description == "Cmd+K Cmd+S")
    #expect(try KeySequence(parsing: sequence.canonicalText) == sequence)
  }

  @Test(
    "labels each stroke",
    arguments: [
      (PlatformProfile.linux, "Ctrl+K Ctrl+S"), (.mac, "⌘K ⌘S"), (.windows, "Ctrl+K Ctrl+S"),
    ])
  func label(platform: PlatformProfile, expected: String) throws {
    #expect(try KeySequence(parsing: "Cmd+K Cmd+S").label(for: platform) == expected)
  }

  @Test("an error in a later stroke is reported at its offset in the whole text")
  func laterStrokeError() {
    #expect(
      sequenceError("Cmd+K Cmd+Shfit+S")
        == .unknownModifier("Shfit", offset: 10, suggestion: "Shift"))
    #expect(sequenceError("Cmd+K Cmd+") == .missingKey(offset: 10))
  }

  @Test("empty text is an error", arguments: ["", "   "])
  func empty(text: String) {
    #expect(sequenceError(text) == .empty)
  }
}

// MARK: - Labels

@Suite("KeyboardShortcut labels")
struct KeyboardShortcutLabelTests {
  @Test("labels shortcuts per platform profile", arguments: labels)
  fileprivate func label(_ fixture: Labels) throws {
    let shortcut = try KeyboardShortcut(parsing: fixture.text)
    #expect(shortcut.label(for: .linux) == fixture.linux)
    #expect(shortcut.label(for: .mac) == fixture.mac)
    #expect(shortcut.label(for: .windows) == fixture.windows)
  }

  @Test("Cmd and Ctrl are the same physical key except on mac")
  func physicalModifiers() {
    #expect(PlatformProfile.linux.physicalModifiers(.command) == .control)
    #expect(PlatformProfile.windows.physicalModifiers([.command, .control]) == .control)
    #expect(PlatformProfile.mac.physicalModifiers(.command) == .command)
    #expect(
      PlatformProfile.mac.physicalModifiers([.command, .alphaShift, .numericPad]) == .command)
  }

  @Test("Super is the press flag .command on every profile, and ⌘ itself on mac")
  func superIsThePressCommandFlag() {
    for platform in [PlatformProfile.linux, .windows] {
      #expect(platform.physicalModifiers(.super) == .command)
      #expect(platform.physicalModifiers([.command, .super]) == [.control, .command])
      #expect(
        platform.physicalModifiers([.control, .super, .shift]) == [.control, .command, .shift])
    }
    #expect(PlatformProfile.mac.physicalModifiers(.super) == .command)
    #expect(PlatformProfile.mac.physicalModifiers([.command, .super]) == .command)
    #expect(PlatformProfile.mac.physicalModifiers([.control, .super]) == [.control, .command])
  }
}

// MARK: - KeyInput

@Suite("KeyInput")
struct KeyInputTests {
  @Test(
    "control characters and the space become special keys",
    arguments: [
      (" ", KeyInput.space), ("\t", .tab), ("\r", .return), ("\n", .return), ("\u{1B}", .escape),
      ("\u{8}", .backspace), ("\u{7F}", .deleteForward),
    ])
  func normalisation(characters: String, key: KeyInput) {
    #expect(KeyInput(characters) == key)
    #expect(KeyInput(characters).characters == nil)
  }

  @Test("printable inputs keep their characters, uppercase letters included")
  func printable() {
    #expect(KeyInput("o").characters == "o")
    #expect(KeyInput("O").characters == "O")
    #expect(KeyInput("O") != KeyInput("o"))
    #expect(KeyInput("o").specialKey == nil)
    #expect(KeyInput.upArrow.specialKey == .upArrow)
  }

  @Test(
    "canonical names",
    arguments: [
      (KeyInput("o"), "O"), ("+", "Plus"), ("[", "["), (.upArrow, "Up"), (.deleteForward, "Delete"),
      (.pageDown, "PageDown"), (.function(5), "F5"), (.keypad(5), "Keypad5"), (.space, "Space"),
      ("ab", "ab"),
    ])
  func canonicalName(input: KeyInput, name: String) {
    #expect(input.canonicalName == name)
    #expect(input.description == name)
  }

  @Test("function and keypad keys map to their special keys")
  func numberedKeys() {
    #expect(KeyInput.function(1) == KeyInput(.f1))
    #expect(KeyInput.function(24) == KeyInput(.f24))
    #expect(KeyInput.keypad(0) == KeyInput(.keypad0))
    #expect(KeyInput.keypad(9) == KeyInput(.keypad9))
  }

  @Test(
    "a single key is one character or a special key",
    arguments: [
      (KeyInput("o"), true), ("é", true), (.function(5), true), ("ab", false), ("", false),
    ])
  func singleKey(input: KeyInput, isSingle: Bool) {
    #expect(input.isSingleKey == isSingle)
  }
}

// MARK: - SwiftUI's initializer and semantic shortcuts

@Suite("KeyboardShortcut as SwiftUI writes it")
struct SwiftUIKeyboardShortcutTests {
  @Test("KeyboardShortcut(_:) holds Command by default, as SwiftUI's modifiers: .command")
  func commandByDefault() {
    #expect(KeyboardShortcut("s").canonicalText == "Cmd+S")
    #expect(KeyboardShortcut("s") == KeyboardShortcut("s", modifierFlags: .command))
    #expect(KeyboardShortcut(.upArrow).canonicalText == "Cmd+Up")
    #expect(KeyboardShortcut("s", modifiers: [.command, .shift]).canonicalText == "Cmd+Shift+S")
    #expect(KeyboardShortcut(.return, modifiers: []).canonicalText == "Return")
    // The exact initializer takes the modifiers as given.
    #expect(KeyboardShortcut("s", modifierFlags: []).canonicalText == "S")
  }

  @Test("an uppercase letter stands for Shift and that letter, as in SwiftUI")
  func uppercaseLetter() {
    #expect(KeyboardShortcut("R").canonicalText == "Cmd+Shift+R")
    #expect(KeyboardShortcut("R").input == "r")
    #expect(KeyboardShortcut("R", modifierFlags: .command).input == "R")
  }

  @Test("the button modifier and the initializer agree")
  func buttonModifier() {
    let direct = Button("Save", action: "save:").keyboardShortcut("s")
    let shortcut = Button("Save", action: "save:").keyboardShortcut(KeyboardShortcut("s"))
    #expect(direct == shortcut)
    guard case .keyCommand(let keyCommand) = direct.element else {
      Issue.record("a keyboard shortcut makes a key command")
      return
    }
    #expect(keyCommand.shortcut.label(for: .linux) == "Ctrl+S")
    #expect(keyCommand.shortcut.label(for: .mac) == "⌘S")
  }

  @Test("defaultAction is Return and cancelAction is Escape, both without modifiers")
  func semanticShortcuts() {
    #expect(KeyboardShortcut.defaultAction.input == .return)
    #expect(KeyboardShortcut.defaultAction.modifierFlags == [])
    #expect(KeyboardShortcut.cancelAction.input == .escape)
    #expect(KeyboardShortcut.cancelAction.modifierFlags == [])
    let ok = Button("OK", action: "confirm:").keyboardShortcut(.defaultAction)
    let cancel = Button("Cancel", action: "cancel:").keyboardShortcut(.cancelAction)
    func shortcut(_ element: MenuElement) -> String? {
      guard case .keyCommand(let keyCommand) = element else { return nil }
      return keyCommand.shortcut.canonicalText
    }
    #expect(shortcut(ok.element) == "Return")
    #expect(shortcut(cancel.element) == "Escape")
  }

  @Test("a cancelAction button fires on plain Escape and not on Cmd+Escape")
  @MainActor
  func cancelFires() {
    let app = Application()
    let window = Window(application: app)
    app.keyWindow = window
    var cancelled = 0
    window.handle("cancel:") { _ in cancelled += 1 }
    let menu = Menu(children: [
      Button("Cancel", action: "cancel:").keyboardShortcut(.cancelAction).element
    ])
    let dispatcher = KeyDispatcher(application: app, mainMenu: menu, platform: .linux)
    func escape(_ flags: KeyModifierFlags) -> PressesEvent {
      let key = Key(
        keyCode: .keyboardEscape, evdevCode: 1, characters: "\u{1B}",
        charactersIgnoringModifiers: "\u{1B}", modifierFlags: flags, keysym: .escape,
        keysymIgnoringModifiers: .escape)
      return PressesEvent(
        timestamp: 0, allPresses: [Press(phase: .began, timestamp: 0, key: key)])
    }
    dispatcher.send(escape([]), layout: nil)
    dispatcher.send(escape(.control), layout: nil)
    #expect(cancelled == 1)
  }
}
