import Testing

@testable import MenuKit
@testable import MenuKitInterop

/// Inputs that the fuzz targets (Fuzz/, scripts/fuzz) found, each minimized, with what MenuKit
/// does with them now. docs/development/hardening.md lists every finding.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
  /// A stroke whose key is a combining mark, in each dialect's spelling.
  private static let combiningKeys: [(ShortcutDialect, String)] = [
    (.zed, "ctrl-\u{353}"),
    (.vscode, "ctrl+\u{301}"),
    (.gtk, "<Control>\u{301}"),
    (.qt, "Ctrl+\u{301}"),
    (.electron, "CmdOrCtrl+\u{301}"),
    (.emacs, "C-\u{301}"),
    (.menuKit, "Cmd+\u{301}"),
  ]

  @Test(
    "a combining mark is not a key in any dialect: written after '+' it would join it",
    arguments: combiningKeys)
  func combiningMarkKey(dialect: ShortcutDialect, text: String) {
    // Found as 'ctrl-͓' (zed): it parsed, and its MenuKit text 'Cmd+͓' did not parse back.
    #expect(throws: ShortcutDialectError.self) {
      try KeySequence(parsing: text, dialect: dialect, platform: .linux)
    }
  }

  @Test("a combining mark alone, or prepended, is not a key either")
  func loneMarks() {
    for text in ["\u{353}", "\u{600}", "\u{200D}"] {
      #expect(throws: ShortcutDialectError.self, "\(text.unicodeScalars.map(\.value))") {
        try KeySequence(parsing: text, dialect: .zed, platform: .linux)
      }
    }
  }

  @Test("a letter with a combining mark is one key and round-trips through MenuKit's text")
  func letterWithMark() throws {
    let sequence = try KeySequence(parsing: "ctrl-e\u{301}", dialect: .zed, platform: .linux)
    #expect(sequence.strokes.map(\.input) == [KeyInput("é")])
    let text = try #require(sequence.text(in: .menuKit, platform: .linux))
    #expect(try KeySequence(parsing: text) == sequence)
  }

  @Test("the error for a combining key says why and points at it")
  func combiningMarkMessage() throws {
    let error = try #require(
      throws: ShortcutDialectError.self,
      performing: { try KeySequence(parsing: "ctrl-\u{353}", dialect: .zed, platform: .linux) })
    #expect(error.kind == .unknownKey)
    #expect(error.column == 6)
    #expect(
      error.message == "'\u{353}' cannot be a key: a combining mark joins the characters next to it"
    )
  }
}

extension FuzzRegressionTests {
  @Test(
    "MenuKit's own shortcuts reject a combining mark as the key, alone or after modifiers",
    arguments: ["\u{353}", "Cmd+\u{301}", "Ctrl+Shift+\u{600}", "Cmd+K \u{200D}"])
  func menuKitCombiningKey(text: String) {
    // Found as '͓' (menuKit dialect): it parsed alone, and Cmd+͓ could not be written.
    #expect(throws: KeyboardShortcutParseError.self) { try KeySequence(parsing: text) }
    #expect(throws: ShortcutDialectError.self) {
      try KeySequence(parsing: text, dialect: .menuKit, platform: .linux)
    }
  }

  @Test("a GTK Unicode keysym of a combining mark is not a key")
  func gtkCombiningKeysym() throws {
    #expect(throws: ShortcutDialectError.self) {
      try KeySequence(parsing: "<Control>U0301", dialect: .gtk, platform: .linux)
    }
    #expect(
      try KeySequence(parsing: "<Control>U00E9", dialect: .gtk, platform: .linux).strokes.map(
        \.input) == [KeyInput("é")])
  }
}

extension FuzzRegressionTests {
  @Test(
    "a letter whose capital reads back as another letter keeps its own case in canonical text",
    arguments: ["ſ", "ı", "ſ\u{36B}"])
  func capitalThatDoesNotReadBack(key: String) throws {
    // Found as 'ſͫ': its canonical text 'Sͫ' parsed back as the key 'sͫ'.
    let shortcut = try KeyboardShortcut(parsing: "Cmd+" + key)
    #expect(shortcut.input == KeyInput(key))
    #expect(shortcut.canonicalText == "Cmd+" + key)
    #expect(try KeyboardShortcut(parsing: shortcut.canonicalText) == shortcut)
  }

  @Test("letters whose capital reads back are still shown uppercase")
  func capitalsThatReadBack() throws {
    #expect(try KeyboardShortcut(parsing: "Cmd+é").canonicalText == "Cmd+É")
    #expect(try KeyboardShortcut(parsing: "Cmd+s").canonicalText == "Cmd+S")
    #expect(try KeyboardShortcut(parsing: "Cmd+ß").canonicalText == "Cmd+ß")
  }
}

extension FuzzRegressionTests {
  @Test(
    "a separator with a combining mark is not a key: it hides the separator",
    arguments: [
      (ShortcutDialect.menuKit, "+\u{353}"), (.menuKit, "Cmd++\u{353}"), (.vscode, "ctrl++\u{301}"),
      (.zed, "ctrl--\u{301}"), (.emacs, "C--\u{301}"),
    ])
  func separatorWithMark(dialect: ShortcutDialect, text: String) {
    // Found as '+͓' (menuKit, windows): it parsed, and its VS Code text '+͓' did not.
    #expect(throws: ShortcutDialectError.self) {
      try KeySequence(parsing: text, dialect: dialect, platform: .windows)
    }
  }

  @Test("letters and digits with combining marks are still keys")
  func marksOnLettersAndDigits() throws {
    for text in ["Cmd+e\u{301}", "Cmd+1\u{20E3}", "Cmd+a\u{353}"] {
      let sequence = try KeySequence(parsing: text)
      #expect(try KeySequence(parsing: sequence.canonicalText) == sequence)
    }
  }
}

extension FuzzRegressionTests {
  @Test(
    "an uppercase letter in a dialect is its lowercase key, as in MenuKit's own text",
    arguments: [
      (ShortcutDialect.gtk, "<Control>Û", "<Control>U00DB"), (.gtk, "É", "U00C9"),
      (.vscode, "ctrl+É", "ctrl+é"), (.qt, "Ctrl+É", "Ctrl+é"),
      (.electron, "CmdOrCtrl+Ö", "CmdOrCtrl+ö"),
      (.zed, "ctrl-É", "ctrl-é"), (.emacs, "C-É", "C-é"),
    ])
  func uppercaseLetterInDialect(dialect: ShortcutDialect, text: String, lowercase: String) throws {
    // Found as 'Û' (gtk-text, mac): it read as the key 'Û', whose GTK text 'U00DB' read back
    // as the key 'û'.
    for platform in [PlatformProfile.linux, .mac] {
      let shortcut = try KeyboardShortcut(parsing: text, dialect: dialect, platform: platform)
      #expect(
        shortcut == (try KeyboardShortcut(parsing: lowercase, dialect: dialect, platform: platform))
      )
      let written = try #require(shortcut.text(in: dialect, platform: platform))
      #expect(
        try KeyboardShortcut(parsing: written, dialect: dialect, platform: platform) == shortcut)
      #expect(try KeyboardShortcut(parsing: shortcut.canonicalText) == shortcut)
    }
  }
}

extension FuzzRegressionTests {
  @Test("a VS Code context key that starts with 'vscode:' is exported as itself")
  func vscodePrefixedContextKey() throws {
    // Found by import-roundtrip: the key 'vscode:notebookCellListFocused' was exported as
    // 'notebookCellListFocused', taken for an opaque comparison.
    let text = #"[{ "key": "ctrl+a", "command": "x", "when": "vscode:a && count > 0" }]"#
    let keymap = try #require(
      VSCodeKeybindings.load(text: text, platform: .linux, source: .user).keymap)
    let (exported, problems) = VSCodeKeybindings.text(of: keymap, platform: .linux)
    #expect(problems.isEmpty)
    #expect(exported.contains(#""when": "vscode:a && count > 0""#))
    let again = try #require(
      VSCodeKeybindings.load(text: exported, platform: .linux, source: .user).keymap)
    #expect(again.bindings.map(unlocated) == keymap.bindings.map(unlocated))
  }

  @Test("an identifier that only looks opaque is not written as a comparison")
  func vscodeFakeOpaqueIdentifier() throws {
    // 'vscode:a || b' in a MenuKit keymap is one quoted identifier, not a comparison that the
    // importer kept; written bare it would read back as two keys.
    let predicate = try ContextPredicate(parsing: "'vscode:a || b' && c")
    #expect(throws: (any Error).self) { try VSCodeWhenClause.text(of: predicate).get() }
  }
}

extension FuzzRegressionTests {
  @Test(
    "a GTK key of several Unicode scalars is not read: no keysym names it",
    arguments: ["q\u{32C}", "<Control>e\u{301}", "<Alt>1\u{20E3}"])
  func gtkKeyOfSeveralScalars(text: String) throws {
    // Found as 'q̬' (gtk-text, windows): it read as a key that GTK text cannot write.
    let error = try #require(
      throws: ShortcutDialectError.self,
      performing: { try KeySequence(parsing: text, dialect: .gtk, platform: .windows) })
    #expect(error.kind == .unknownKey)
    #expect(error.message.contains("no keysym"))
  }

  @Test("the same key as one scalar, or its U keysym, is read")
  func gtkKeyOfOneScalar() throws {
    let written = try KeyboardShortcut(parsing: "<Control>é", dialect: .gtk, platform: .linux)
    #expect(written == KeyboardShortcut("é", modifierFlags: .command))
    #expect(written.text(in: .gtk, platform: .linux) == "<Primary>U00E9")
  }
}

extension FuzzRegressionTests {
  @Test(
    "an imported action whose name starts with '-' is reported, not read as another binding",
    arguments: [
      (KeymapFormat.gtk, "-\"ctrl--\": <Primary>a\n"),
      (.gtk, #"(gtk_accel_path "<Actions>/-save" "<Primary>s")"#),
      (.zed, #"[{ "bindings": { "ctrl-a": "-editor::Cancel" } }]"#),
    ])
  func actionStartingWithMinus(format: KeymapFormat, text: String) throws {
    // Found as '-"ctrl--":' (import-roundtrip, GTK action list): it performed the action
    // '-"ctrl--":', and its MenuKit text '"command": "-\"ctrl--\":"' removed a binding instead.
    let (keymap, diagnostics) =
      format == .gtk
      ? GTKAccelerators.load(text: text, platform: .linux, source: .user)
      : ZedKeymap.load(text: text, platform: .linux, source: .user)
    #expect(try #require(keymap).bindings.isEmpty)
    #expect(diagnostics.map(\.code) == [.badCommand])
    #expect(diagnostics.first?.message.contains("'-'") == true)
  }
}

extension FuzzRegressionTests {
  /// A GTK list loaded, written in `format`, and loaded again.
  private func gtkRoundTrip(_ text: String, format: GTKAccelerators.Format) throws -> (
    keymap: Keymap, written: String, leftOut: [Diagnostic], again: Keymap
  ) {
    let keymap = try #require(
      GTKAccelerators.load(text: text, platform: .linux, source: .user).keymap)
    let (written, leftOut) = GTKAccelerators.text(of: keymap, platform: .linux, format: format)
    let again = try #require(
      GTKAccelerators.load(text: written, platform: .linux, source: .user).keymap)
    return (keymap, written, leftOut, again)
  }

  @Test(
    "GTK accelerator paths are read and written by Unicode scalar",
    arguments: ["\u{618}x <Primary>a\n", "a.\u{301}b <Primary>a\n", "a\"\u{301}b <Primary>a\n"])
  func gtkPathWithCombiningMark(text: String) throws {
    // Found as the action 'ؘtk_accel_pntext":' (import-roundtrip): its path '<Actions>/ؘtk…'
    // read back as the whole path, because '/' and the mark formed one character.
    let result = try gtkRoundTrip(text, format: .accelMap)
    #expect(result.keymap.bindings.count == 1)
    #expect(result.leftOut.isEmpty)
    #expect(result.again.bindings.map(unlocated) == result.keymap.bindings.map(unlocated))
  }

  @Test("an action that no accelerator path reads back as is left out, not renamed")
  func gtkActionThatLooksLikeAPath() throws {
    let result = try gtkRoundTrip("<Actions>/x <Primary>a\n", format: .accelMap)
    #expect(result.keymap.bindings.first?.effect == .perform("<Actions>/x", arguments: nil))
    #expect(result.leftOut.map(\.code) == [.notExportable])
    #expect(result.again.bindings.isEmpty)
  }

  @Test("an action list line that would read as a comment is left out")
  func gtkActionThatLooksLikeAComment() throws {
    let result = try gtkRoundTrip(
      "(gtk_accel_path \"#\u{301}x\" \"<Primary>a\")", format: .actionList)
    #expect(result.keymap.bindings.count == 1)
    #expect(result.leftOut.map(\.code) == [.notExportable])
    #expect(result.again.bindings.isEmpty)
  }
}

extension FuzzRegressionTests {
  @Test("a capital whose lowercase adds a scalar is its own key: İ is not i with a dot above")
  func capitalWhoseLowercaseAddsAScalar() throws {
    // Found as 'İ' (gtk-text, mac): it read as the key 'i' with U+0307, which GTK cannot write.
    let gtk = try KeyboardShortcut(parsing: "<Primary>İ", dialect: .gtk, platform: .mac)
    #expect(gtk.input == KeyInput("İ"))
    #expect(gtk.text(in: .gtk, platform: .mac) == "<Primary>U0130")
    #expect(try KeyboardShortcut(parsing: "<Primary>U0130", dialect: .gtk, platform: .mac) == gtk)
    let menuKit = try KeyboardShortcut(parsing: "Cmd+İ")
    #expect(menuKit == gtk)
    #expect(try KeyboardShortcut(parsing: menuKit.canonicalText) == menuKit)
    // A capital with a combining mark still lowercases: it adds no scalar.
    #expect(try KeyboardShortcut(parsing: "Cmd+E\u{301}").input == KeyInput("e\u{301}"))
  }
}
