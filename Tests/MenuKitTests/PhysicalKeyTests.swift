import Foundation
import MenuKitTestSupport
import Testing

@testable import MenuKit
@testable import MenuKitInterop

// MARK: - Fixtures

/// Every scan-code name VS Code's keybinding parser accepts (microsoft/vscode,
/// src/vs/base/common/keyCodes.ts, `enum ScanCode`, without `None` and `MAX_VALUE`).
private let vscodeScanCodeNames: [String] = [
  "Hyper", "Super", "Fn", "FnLock", "Suspend", "Resume", "Turbo", "Sleep", "WakeUp",
  "KeyA", "KeyB", "KeyC", "KeyD", "KeyE", "KeyF", "KeyG", "KeyH", "KeyI", "KeyJ", "KeyK", "KeyL",
  "KeyM", "KeyN", "KeyO", "KeyP", "KeyQ", "KeyR", "KeyS", "KeyT", "KeyU", "KeyV", "KeyW", "KeyX",
  "KeyY", "KeyZ", "Digit1", "Digit2", "Digit3", "Digit4", "Digit5", "Digit6", "Digit7", "Digit8",
  "Digit9", "Digit0", "Enter", "Escape", "Backspace", "Tab", "Space", "Minus", "Equal",
  "BracketLeft", "BracketRight", "Backslash", "IntlHash", "Semicolon", "Quote", "Backquote",
  "Comma", "Period", "Slash", "CapsLock", "F1", "F2", "F3", "F4", "F5", "F6", "F7", "F8", "F9",
  "F10", "F11", "F12", "PrintScreen", "ScrollLock", "Pause", "Insert", "Home", "PageUp", "Delete",
  "End", "PageDown", "ArrowRight", "ArrowLeft", "ArrowDown", "ArrowUp", "NumLock", "NumpadDivide",
  "NumpadMultiply", "NumpadSubtract", "NumpadAdd", "NumpadEnter", "Numpad1", "Numpad2",
  "Numpad3", "Numpad4", "Numpad5", "Numpad6", "Numpad7", "Numpad8", "Numpad9", "Numpad0",
  "NumpadDecimal", "IntlBackslash", "ContextMenu", "Power", "NumpadEqual", "F13", "F14", "F15",
  "F16", "F17", "F18", "F19", "F20", "F21", "F22", "F23", "F24", "Open", "Help", "Select", "Again",
  "Undo", "Cut", "Copy", "Paste", "Find", "AudioVolumeMute", "AudioVolumeUp", "AudioVolumeDown",
  "NumpadComma", "IntlRo", "KanaMode", "IntlYen", "Convert", "NonConvert", "Lang1", "Lang2",
  "Lang3", "Lang4", "Lang5", "Abort", "Props", "NumpadParenLeft", "NumpadParenRight",
  "NumpadBackspace", "NumpadMemoryStore", "NumpadMemoryRecall", "NumpadMemoryClear",
  "NumpadMemoryAdd", "NumpadMemorySubtract", "NumpadClear", "NumpadClearEntry", "ControlLeft",
  "ShiftLeft", "AltLeft", "MetaLeft", "ControlRight", "ShiftRight", "AltRight", "MetaRight",
  "BrightnessUp", "BrightnessDown", "MediaPlay", "MediaRecord", "MediaFastForward",
  "MediaRewind", "MediaTrackNext", "MediaTrackPrevious", "MediaStop", "Eject", "MediaPlayPause",
  "MediaSelect", "LaunchMail", "LaunchApp2", "LaunchApp1", "SelectTask", "LaunchScreenSaver",
  "BrowserSearch", "BrowserHome", "BrowserBack", "BrowserForward", "BrowserStop",
  "BrowserRefresh", "BrowserFavorites", "ZoomToggle", "MailReply", "MailForward", "MailSend",
]

/// The usages that name modifier and lock keys, which no stroke may use as its key.
private let modifierAndLockCodes: Set<String> = [
  "ControlLeft", "ControlRight", "ShiftLeft", "ShiftRight", "AltLeft", "AltRight", "MetaLeft",
  "MetaRight", "CapsLock", "NumLock",
]

private func parseError(_ text: String) -> KeyboardShortcutParseError? {
  do {
    _ = try KeySequence(parsing: text)
    return nil
  } catch {
    return error
  }
}

// MARK: - The model and the canonical notation

@Suite("Physical keys")
struct PhysicalKeyTests {
  @Test("the W3C code names map to the keyboard page's usages")
  func table() {
    let expected: [(String, Int)] = [
      ("KeyA", 0x04), ("KeyZ", 0x1D), ("Digit1", 0x1E), ("Digit9", 0x26), ("Digit0", 0x27),
      ("Enter", 0x28), ("Escape", 0x29), ("Backspace", 0x2A), ("Tab", 0x2B), ("Space", 0x2C),
      ("Minus", 0x2D), ("Equal", 0x2E), ("BracketLeft", 0x2F), ("BracketRight", 0x30),
      ("Backslash", 0x31), ("Semicolon", 0x33), ("Quote", 0x34), ("Backquote", 0x35),
      ("Comma", 0x36), ("Period", 0x37), ("Slash", 0x38), ("F1", 0x3A), ("F12", 0x45),
      ("PrintScreen", 0x46), ("Pause", 0x48), ("Delete", 0x4C), ("ArrowRight", 0x4F),
      ("ArrowUp", 0x52), ("NumpadDivide", 0x54), ("NumpadEnter", 0x58), ("Numpad1", 0x59),
      ("Numpad9", 0x61), ("Numpad0", 0x62), ("NumpadDecimal", 0x63), ("IntlBackslash", 0x64),
      ("ContextMenu", 0x65), ("NumpadEqual", 0x67), ("F13", 0x68), ("F24", 0x73),
      ("NumpadComma", 0x85), ("IntlRo", 0x87), ("KanaMode", 0x88), ("IntlYen", 0x89),
      ("Lang1", 0x90), ("Lang2", 0x91), ("ControlLeft", 0xE0), ("MetaRight", 0xE7),
    ]
    for (name, usage) in expected {
      #expect(KeyboardHIDUsage(codeName: name)?.rawValue == usage, "\(name)")
      #expect(KeyboardHIDUsage(rawValue: usage).codeName == name, "\(name)")
    }
    let names = KeyboardHIDUsage.codeNamed.compactMap(\.codeName)
    #expect(names.count == KeyboardHIDUsage.codeNamed.count)
    #expect(Set(names).count == names.count, "a name twice")
    #expect(Set(KeyboardHIDUsage.codeNamed).count == names.count, "a usage twice")
    #expect(names.count == 154)
    #expect(KeyboardHIDUsage(codeName: "intlhash") == .keyboardBackslash)
    #expect(KeyboardHIDUsage(codeName: "period") == .keyboardPeriod)
    #expect(KeyboardHIDUsage(codeName: "MediaStop") == nil)
    #expect(KeyboardHIDUsage.keyboardMenu.codeName == nil)
  }

  @Test("every named key Linux reports reads back from its evdev code")
  func evdev() {
    var unreported: [String] = []
    for usage in KeyboardHIDUsage.codeNamed {
      guard let code = usage.evdevCode, KeyboardHIDUsage(evdevCode: code) == usage else {
        unreported.append(usage.codeName ?? "")
        continue
      }
    }
    // Linux reports Keypad Clear as KEY_DELETE (Delete) and has no code for the others.
    #expect(
      unreported.sorted()
        == [
          "NumpadBackspace", "NumpadClear", "NumpadClearEntry", "NumpadMemoryAdd",
          "NumpadMemoryClear", "NumpadMemoryRecall", "NumpadMemoryStore", "NumpadMemorySubtract",
          "Props",
        ])
  }

  @Test(
    "every code name round-trips through the canonical text, in any case",
    arguments: KeyboardHIDUsage.codeNamed.filter { !modifierAndLockCodes.contains($0.codeName!) })
  func roundTrip(_ usage: KeyboardHIDUsage) throws {
    let name = try #require(usage.codeName)
    let input = KeyInput.physicalKey(usage)
    #expect(input.physicalKey == usage)
    #expect(input.canonicalName == "[\(name)]")
    #expect(input.isSingleKey)
    #expect(input.characters == nil)
    #expect(input.specialKey == nil)
    for text in [
      "Ctrl+Alt+[\(name)]", "ctrl+alt+[\(name.lowercased())]", "CTRL+ALT+[\(name.uppercased())]",
    ] {
      let shortcut = try KeyboardShortcut(parsing: text)
      #expect(shortcut.input == input, "\(text)")
      #expect(shortcut.modifierFlags == [.control, .alternate])
      #expect(shortcut.canonicalText == "Ctrl+Alt+[\(name)]")
    }
    let sequence = try KeySequence(parsing: "Cmd+K [\(name)]")
    #expect(try KeySequence(parsing: sequence.canonicalText) == sequence)
    // VS Code writes and reads the same name.
    let vscode = try #require(sequence.text(in: .vscode, platform: .linux))
    #expect(vscode == "ctrl+k [\(name)]")
    #expect(try KeySequence(parsing: vscode, dialect: .vscode, platform: .linux) == sequence)
    #expect(
      try KeySequence(parsing: sequence.canonicalText, dialect: .menuKit, platform: .mac)
        == sequence)
  }

  @Test("a physical key is not its character, never lowercased or mirrored")
  func distinct() throws {
    let bracket = KeyInput.physicalKey(.keyboardOpenBracket)
    #expect(bracket != "[")
    #expect(KeyInput.physicalKey(.keyboardA) != "a")
    #expect(KeyInput.physicalKey(.keyboardA) != .physicalKey(.keyboardB))
    #expect(KeyInput.physicalKey(.keyboardA).lowercased == .physicalKey(.keyboardA))
    #expect(KeyCommandMatcher.mirroredInput(bracket) == nil)
    #expect(KeyCommandMatcher.mirroredInput(.physicalKey(.keyboardLeftArrow)) == nil)
    #expect(
      try KeyboardShortcut(parsing: "Ctrl+[") != KeyboardShortcut(parsing: "Ctrl+[BracketLeft]"))
    // `[`, `]` and `[]` alone are characters, not physical keys.
    #expect(try KeyboardShortcut(parsing: "Ctrl+[").input == "[")
    #expect(try KeyboardShortcut(parsing: "]").input == "]")
    // The ISO key left of Return is the Backslash position, as the W3C and Linux have it.
    #expect(KeyInput.physicalKey(.keyboardNonUSPound) == .physicalKey(.keyboardBackslash))
    #expect(try KeyboardShortcut(parsing: "[IntlHash]").canonicalText == "[Backslash]")
  }

  @Test("a usage without a code name is written in hexadecimal, which reads back")
  func hexadecimal() throws {
    let menu = KeyInput.physicalKey(.keyboardMenu)
    #expect(menu.canonicalName == "[0x76]")
    #expect(try KeyboardShortcut(parsing: "Alt+[0x76]").input == menu)
    #expect(try KeyboardShortcut(parsing: "[0X2f]").canonicalText == "[BracketLeft]")
    #expect(parseError("[0x0]") == .unknownPhysicalKey("[0x0]", offset: 0, suggestion: nil))
    #expect(
      parseError("[0x12345]") == .unknownPhysicalKey("[0x12345]", offset: 0, suggestion: nil))
  }

  @Test(
    "parse errors name the key, its offset and the nearest code name",
    arguments: [
      (
        "Ctrl+[Peroid]",
        KeyboardShortcutParseError.unknownPhysicalKey(
          "[Peroid]", offset: 5, suggestion: "[Period]")
      ),
      (
        "Cmd+K Ctrl+[bracketlft]",
        .unknownPhysicalKey(
          "[bracketlft]", offset: 11, suggestion: "[BracketLeft]")
      ),
      ("[Numpad10]", .unknownPhysicalKey("[Numpad10]", offset: 0, suggestion: "[Numpad0]")),
      ("Ctrl+[Xyzzy]", .unknownPhysicalKey("[Xyzzy]", offset: 5, suggestion: nil)),
      ("Ctrl+[ShiftLeft]", .unsupportedPhysicalKey("[ShiftLeft]", offset: 5)),
      ("Shift+[CapsLock]", .unsupportedPhysicalKey("[CapsLock]", offset: 6)),
      ("  [MediaPlayPause]", .unsupportedPhysicalKey("[MediaPlayPause]", offset: 2)),
      ("Ctrl+[]", .unknownKey("[]", offset: 5, suggestion: nil)),
    ])
  func errors(_ text: String, _ expected: KeyboardShortcutParseError) {
    #expect(parseError(text) == expected)
  }

  @Test("error messages say what is wrong and suggest")
  func messages() {
    #expect(
      parseError("Ctrl+[Peroid]")?.description
        == "unknown physical key '[Peroid]'; did you mean '[Period]'?")
    #expect(
      parseError("Ctrl+[Xyzzy]")?.description
        == "unknown physical key '[Xyzzy]'; expected a W3C key code name in brackets, like "
        + "[KeyA], [Digit1], [BracketLeft]")
    #expect(
      parseError("[ShiftLeft]")?.description.hasPrefix(
        "the physical key '[ShiftLeft]' is a modifier or lock key") == true)
    #expect(
      parseError("[MediaStop]")?.description.contains("outside the keyboard's key page") == true)
  }

  @Test("VS Code reads every scan-code name it accepts, or says why MenuKit cannot")
  func vscodeNames() throws {
    var unknown: [String] = []
    var unsupported: [String] = []
    for name in vscodeScanCodeNames {
      do {
        let shortcut = try KeyboardShortcut(
          parsing: "ctrl+[\(name)]", dialect: .vscode, platform: .linux)
        let usage = try #require(shortcut.input.physicalKey, "\(name)")
        #expect(usage.codeName == (name == "IntlHash" ? "Backslash" : name))
      } catch let error as ShortcutDialectError {
        switch error.kind {
        case .unsupportedKey: unsupported.append(name)
        default: unknown.append("\(name): \(error)")
        }
      }
    }
    #expect(unknown == [])
    #expect(
      Set(unsupported)
        == modifierAndLockCodes.union([
          "Hyper", "Super", "Fn", "FnLock", "Suspend", "Resume", "Turbo", "Sleep", "WakeUp",
          "BrightnessUp", "BrightnessDown", "MediaPlay", "MediaRecord", "MediaFastForward",
          "MediaRewind", "MediaTrackNext", "MediaTrackPrevious", "MediaStop", "Eject",
          "MediaPlayPause", "MediaSelect", "LaunchMail", "LaunchApp2", "LaunchApp1", "SelectTask",
          "LaunchScreenSaver", "BrowserSearch", "BrowserHome", "BrowserBack", "BrowserForward",
          "BrowserStop", "BrowserRefresh", "BrowserFavorites", "ZoomToggle", "MailReply",
          "MailForward", "MailSend",
        ]))
  }
}

// MARK: - Labels

@Suite("Physical keys: labels")
struct PhysicalKeyLabelTests {
  @Test(
    "without a layout a physical key shows its US legend",
    arguments: [
      ("Ctrl+[BracketLeft]", "Ctrl+[", "⌃["),
      ("Cmd+[KeyA]", "Ctrl+A", "⌘A"),
      ("Shift+[Digit1]", "Shift+1", "⇧1"),
      ("[Equal]", "=", "="),
      ("Alt+[ArrowUp]", "Alt+Up", "⌥↑"),
      ("[F5]", "F5", "F5"),
      ("[Enter]", "Return", "↩"),
      ("[Escape]", "Esc", "⎋"),
      ("[Numpad1]", "Num 1", "Keypad 1"),
      ("[NumpadAdd]", "Num +", "Keypad +"),
      ("[Space]", "Space", "Space"),
      ("Ctrl+[IntlBackslash]", "Ctrl+IntlBackslash", "⌃IntlBackslash"),
      ("[ContextMenu]", "ContextMenu", "ContextMenu"),
      ("[0x76]", "0x76", "0x76"),
    ])
  func usLegends(_ text: String, _ linux: String, _ mac: String) throws {
    let shortcut = try KeyboardShortcut(parsing: text)
    #expect(shortcut.label(for: .linux) == linux)
    #expect(shortcut.label(for: .mac) == mac)
    #expect(shortcut.label(for: .linux, layout: nil) == linux)
    #expect(shortcut.label(for: .linux, layout: FakeLayout()) == linux)
    #expect(FakeLayout().localizedLabel(for: shortcut, platform: .linux) == linux)
  }

  @Test("a layout's keycaps label physical keys, and nothing else")
  func layoutKeycaps() throws {
    let german = FakeLayout(keycaps: [
      .keyboardOpenBracket: "Ü", .keyboardCloseBracket: "+", .keyboardY: "Z",
      .keyboardNonUSBackslash: "<",
    ])
    func label(_ text: String, _ platform: PlatformProfile = .linux) throws -> String {
      try KeyboardShortcut(parsing: text).label(for: platform, layout: german)
    }
    #expect(try label("Ctrl+[BracketLeft]") == "Ctrl+Ü")
    #expect(try label("Ctrl+[BracketLeft]", .mac) == "⌃Ü")
    #expect(try label("Ctrl+[BracketRight]") == "Ctrl+Plus")
    #expect(try label("Ctrl+[BracketRight]", .mac) == "⌃+")
    #expect(try label("Cmd+[KeyY]") == "Ctrl+Z")
    #expect(try label("Ctrl+[IntlBackslash]") == "Ctrl+<")
    // No keycap: the US legend, or the same key everywhere.
    #expect(try label("Ctrl+[Period]") == "Ctrl+.")
    #expect(try label("[ArrowLeft]") == "Left")
    // Characters are not physical keys: the layout does not change them.
    #expect(try label("Ctrl+[") == "Ctrl+[")
    #expect(
      try german.localizedLabel(
        for: KeyboardShortcut(parsing: "Ctrl+[BracketLeft]"), platform: .linux) == "Ctrl+Ü")
    let sequence = try KeySequence(parsing: "Cmd+K [BracketLeft]")
    #expect(sequence.label(for: .linux, layout: german) == "Ctrl+K Ü")
    #expect(sequence.label(for: .linux) == "Ctrl+K [")
  }
}

// MARK: - Files

@Suite("Physical keys in files")
struct PhysicalKeyFileTests {
  @Test("keymap files read physical strokes, and point at a bad one")
  func keymapFiles() throws {
    let text = """
      { "schemaVersion": 1,
        "keymap": [ { "bindings": [
          { "keys": "Ctrl+[BracketLeft]", "command": "vim.escape" },
          { "keys": "Ctrl+[", "command": "vim.escape" },
          { "keys": "Ctrl+K Ctrl+[Peroid]", "command": "x" }
        ] } ] }
      """
    let (keymap, diagnostics) = KeymapFile.load(text: text, path: "k.keymap.json", source: .user)
    #expect(
      keymap?.bindings.map(\.keys.canonicalText) == ["Ctrl+[BracketLeft]", "Ctrl+["])
    #expect(diagnostics.count == 1)
    #expect(diagnostics.first?.code == .badKeys)
    #expect(diagnostics.first?.location?.line == 5)
    #expect(diagnostics.first?.location?.column == 28)
    #expect(diagnostics.first?.message.contains("did you mean '[Period]'?") == true)
    let written = KeymapFile.text(of: try #require(keymap))
    #expect(written.contains(#""keys": "Ctrl+[BracketLeft]""#))
    let again = KeymapFile.load(text: written, source: .user).keymap
    #expect(again?.bindings.map(unlocated) == keymap?.bindings.map(unlocated))
  }

  @Test("menu files write a physical shortcut in canonical text and read it back")
  func menuFiles() throws {
    let text = #"""
      {"schemaVersion": 1, "menu": {"menu": "", "children": [
        {"command": "Fold", "action": "fold:", "shortcut": "ctrl+shift+[bracketleft]"},
        {"command": "Next", "action": "next:", "shortcut": "Cmd+[Period]"}
      ]}}
      """#
    let file = try #require(MenuFile.parse(text).file)
    let menu = try #require(file.menu)
    guard case .keyCommand(let fold) = menu.children.first else {
      Issue.record("expected a key command, got \(String(describing: menu.children.first))")
      return
    }
    #expect(fold.input == .physicalKey(.keyboardOpenBracket))
    #expect(fold.modifierFlags == [.control, .shift])
    let written = file.jsonText()
    #expect(written.contains(#""shortcut": "Ctrl+Shift+[BracketLeft]""#))
    #expect(written.contains(#""shortcut": "Cmd+[Period]""#))
    #expect(MenuFile.parse(written).file == file)
    let bad = MenuFile.parse(
      #"{"schemaVersion": 1, "menu": {"menu": "", "children": [{"command": "A", "action": "a:", "shortcut": "Cmd+[Peroid]"}]}}"#
    )
    #expect(bad.diagnostics.first?.message.contains("[Period]") == true)
  }
}

// MARK: - Importers

@Suite("Physical keys: importers")
struct PhysicalKeyImportTests {
  @Test("VS Code's default keymap binds [IntlBackslash]: imported as physical strokes, exactly")
  func vscodeCorpus() throws {
    let path = importCorpusDirectory.appendingPathComponent("vscode/linux.keybindings.json").path
    let (keymap, diagnostics) = VSCodeKeybindings.load(
      contentsOf: path, platform: .linux, source: .builtIn)
    let bindings = try #require(keymap?.bindings)
    let physical = bindings.filter { $0.keys.strokes.contains { $0.input.physicalKey != nil } }
    #expect(
      physical.map { "\($0.location?.line ?? 0) \($0.keys.canonicalText)" } == [
        "163 Alt+Shift+[IntlBackslash]", "217 Cmd+Shift+[IntlBackslash]",
        "221 Cmd+[IntlBackslash]", "703 Cmd+Shift+[IntlBackslash]",
        "725 Cmd+Shift+[IntlBackslash]", "1880 Cmd+Shift+[IntlBackslash]",
      ])
    #expect(physical.first?.effect == .perform("editor.action.autoFix", arguments: nil))
    #expect(!diagnostics.contains { $0.message.contains("IntlBackslash") })
    // They are written back as VS Code wrote them.
    let text = VSCodeKeybindings.text(
      of: Keymap(source: .user, bindings: physical), platform: .linux)
    #expect(text.diagnostics.isEmpty)
    #expect(
      text.text.contains(
        #"{ "key": "shift+alt+[IntlBackslash]", "command": "editor.action.autoFix""#))
  }

  @Test("a scan-code key and its character twin import as two bindings")
  func vscodeTwins() throws {
    let text = """
      [
        { "key": "ctrl+[", "command": "vim.escape" },
        { "key": "ctrl+[BracketLeft]", "command": "vim.escape" },
        { "key": "ctrl+[Peroid]", "command": "x" },
        { "key": "ctrl+[MediaPlayPause]", "command": "y" }
      ]
      """
    let (keymap, diagnostics) = VSCodeKeybindings.load(
      text: text, path: "keybindings.json", platform: .linux, source: .user)
    #expect(keymap?.bindings.map(\.keys.canonicalText) == ["Cmd+[", "Cmd+[BracketLeft]"])
    #expect(diagnostics.map(\.code) == [.badForeignKeys, .unsupportedForeignKeys])
    #expect(diagnostics.first?.location?.column == 18)
    #expect(diagnostics.first?.message.contains("did you mean '[Period]'?") == true)
  }

  @Test("exporters with no physical-key notation leave such bindings out and say why")
  func exports() throws {
    let keymap = Keymap(
      source: .user,
      bindings: [
        KeyBinding(
          keys: try KeySequence(parsing: "Ctrl+[Period]"), effect: .perform("a", arguments: nil),
          source: .user)
      ])
    let zed = ZedKeymap.text(of: keymap, platform: .linux)
    #expect(zed.diagnostics.map(\.code) == [.notExportable])
    #expect(zed.diagnostics.first?.message.contains("physical key") == true)
    let gtk = GTKAccelerators.text(of: keymap, platform: .linux)
    #expect(gtk.diagnostics.map(\.code) == [.notExportable])
  }

  @Test(
    "Zed's use_key_equivalents: nothing on linux, as Zed for Linux ignores it; positions elsewhere",
    arguments: [PlatformProfile.linux, .mac, .windows])
  func zedKeyEquivalents(_ platform: PlatformProfile) throws {
    let path = importCorpusDirectory.appendingPathComponent("zed-base/cursor.json").path
    let (keymap, diagnostics) = ZedKeymap.load(
      contentsOf: path, platform: platform, source: .builtIn)
    let bindings = try #require(keymap?.bindings)
    #expect(bindings.count == 28)
    #expect(diagnostics.isEmpty)
    let physical = bindings.filter { $0.keys.strokes.contains { $0.input.physicalKey != nil } }
    if platform == .linux {
      // The keys are the characters written.
      #expect(physical.isEmpty)
    } else {
      // Every character US QWERTY types becomes the key it is on there.
      #expect(!physical.isEmpty)
      #expect(
        bindings.allSatisfy { binding in
          binding.keys.strokes.allSatisfy { $0.input.characters.map { $0.count != 1 } ?? true }
        })
      // And the Zed writer puts them back in a use_key_equivalents section.
      let written = ZedKeymap.text(of: keymap!, platform: platform)
      #expect(written.diagnostics.isEmpty)
      #expect(written.text.contains(#""use_key_equivalents": true"#))
      let reloaded = ZedKeymap.load(text: written.text, platform: platform, source: .builtIn)
      #expect(reloaded.keymap?.bindings.map(\.keys) == bindings.map(\.keys))
    }
  }

  @Test("use_key_equivalents reads a shifted character as Shift and its key")
  func zedShiftedEquivalent() throws {
    let text = #"[{ "use_key_equivalents": true, "bindings": { "ctrl->": "a", "cmd-k up": "b" } }]"#
    let (keymap, _) = ZedKeymap.load(text: text, platform: .windows, source: .user)
    #expect(
      keymap?.bindings.map(\.keys.canonicalText) == ["Cmd+Shift+[Period]", "Super+[KeyK] Up"])
  }
}

// MARK: - Documentation

@Suite("Physical keys: documentation")
struct PhysicalKeyDocsTests {
  private static let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs")

  /// The "Physical keys" section of docs/formats/shortcuts.md.
  private static func section() throws -> String {
    let text = try String(
      contentsOf: docs.appendingPathComponent("formats/shortcuts.md"), encoding: .utf8)
    let start = try #require(text.range(of: "## Physical keys"))
    let end = try #require(text.range(of: "\n## ", range: start.upperBound..<text.endIndex))
    return String(text[start.lowerBound..<end.lowerBound])
  }

  @Test("docs/formats/shortcuts.md lists every code name with its usage")
  func table() throws {
    let section = try Self.section()
    #expect(section.contains("\(KeyboardHIDUsage.codeNamed.count)\nnames in all"))
    let ranges: [(prefix: String, first: Int, last: Int, name: (Int) -> String)] = [
      ("Key", 0, 25, { "Key" + String(Character(Unicode.Scalar(UInt8(65 + $0)))) }),
      ("Digit", 1, 9, { "Digit\($0)" }), ("Numpad", 1, 9, { "Numpad\($0)" }),
      ("F", 1, 12, { "F\($0)" }), ("F", 13, 24, { "F\($0)" }),
    ]
    for usage in KeyboardHIDUsage.codeNamed {
      let name = try #require(usage.codeName)
      let hex = String(usage.rawValue, radix: 16, uppercase: true)
      let written = "`[\(name)]` (0x\(hex.count == 1 ? "0" : "")\(hex))"
      let range = ranges.first { range in
        (range.first...range.last).contains { range.name($0) == name }
      }
      if let range {
        let first = try #require(KeyboardHIDUsage(codeName: range.name(range.first)))
        let last = try #require(KeyboardHIDUsage(codeName: range.name(range.last)))
        let text = String(
          format: "`[%@]`–`[%@]` (0x%02X–0x%02X)",
          range.name(range.first), range.name(range.last), first.rawValue, last.rawValue)
        #expect(section.contains(text), "\(text)")
        #expect(last.rawValue - first.rawValue == range.last - range.first)
      } else {
        #expect(section.contains(written), "\(written)")
      }
    }
  }

  @Test("the examples of docs/formats/shortcuts.md parse and are canonical")
  func examples() throws {
    let section = try Self.section()
    for line in section.split(separator: "\n") where line.hasPrefix("| `") {
      let cell = line.dropFirst(2).prefix { $0 != "|" }
      for example in cell.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
        let text = String(example.dropFirst().dropLast())
        let sequence = try KeySequence(parsing: text)
        #expect(sequence.canonicalText == text)
        #expect(sequence.strokes.last?.input.physicalKey != nil, "\(text)")
      }
    }
  }
}
