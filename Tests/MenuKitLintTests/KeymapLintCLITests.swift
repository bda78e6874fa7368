import Foundation
import MenuKit
import MenuKitLint
import MenuKitTestSupport
import MenuKitToolSupport
import Testing

@testable import keymap_lint

@MainActor
@Suite("keymap-lint command line")
struct KeymapLintCLITests {
  @Test("exit 0 when clean, 1 on errors, 1 on warnings with --werror")
  func exitStatuses() throws {
    let clean = try temporaryFile(
      "clean.keymap.json",
      #"{ "schemaVersion": 1, "keymap": [ { "bindings": [ { "keys": "Cmd+K", "command": "a" } ] } ] }"#
    )
    #expect(keymapLint(clean).status == .success)
    let dead = try temporaryFile(
      "dead.keymap.json",
      #"{ "schemaVersion": 1, "keymap": [ { "bindings": [ { "keys": "Cmd+K", "command": "a" }, { "keys": "Cmd+K", "command": "b" } ] } ] }"#
    )
    let result = keymapLint(dead)
    #expect(result.status == .failure)
    #expect(result.output.contains("dead.keymap.json:1:51: error[MK602 dead-binding]"))
    let reserved = try temporaryFile(
      "reserved.keymap.json",
      #"{ "schemaVersion": 1, "keymap": [ { "bindings": [ { "keys": "Alt+F4", "command": "a" } ] } ] }"#
    )
    #expect(keymapLint(reserved).status == .success)
    #expect(keymapLint("--werror", reserved).status == .failure)
    #expect(keymapLint("--desktop", "macos", "--werror", reserved).status == .success)
  }

  @Test("exit 64 on a wrong command line, 65 on an unreadable input")
  func usageAndDataErrors() throws {
    #expect(keymapLint().status == .usage)
    #expect(keymapLint("--format", "xml", "x.json").status == .usage)
    #expect(keymapLint("--bogus", "x.json").status == .usage)
    #expect(keymapLint("--layouts", "zz_no_such_layout", "x.json").status == .usage)
    // Files that cannot be read or parsed are reported on standard error, at their real
    // position (none for a file that was not read), and are not linted.
    let missing = keymapLint("/nonexistent/keymap.json")
    #expect(missing.status == .dataError)
    #expect(
      missing.errors
        == "error[MK103]: cannot read the file '/nonexistent/keymap.json': no such file or "
        + "directory\n")
    #expect(missing.output == "0 errors, 0 warnings, 0 notes in 0 files\n")
    let text = try temporaryFile("notes.txt", "hello")
    let unknown = keymapLint(text)
    #expect(unknown.status == .dataError)
    #expect(
      unknown.errors
        == "error[MK612]: cannot tell the format of '\(text)'; expected a MenuKit keymap or menu "
        + "file, a VS Code keybindings.json, a Zed keymap, a GTK accelerator map, a GtkBuilder "
        + "file or a Sublime Text keymap; choose one with --input-format\n")
    let broken = try temporaryFile("broken.keymap.json", "{ \"schemaVersion\": 1, ")
    let syntax = keymapLint(broken)
    #expect(syntax.status == .dataError)
    #expect(
      syntax.errors
        == "\(broken):1:23: error[MK101]: unexpected end of input; expected a member name or "
        + "'}'\n")
    #expect(!syntax.output.contains("MK101"))
  }

  @Test("--layouts and how-to-type --layout refuse a path or a control character with exit 64")
  func layoutNamesAreNames() {
    for bad in ["../../etc/passwd", "us,../../etc/passwd", "de(../x)", "us\u{1B}[2J", "a..b"] {
      let lint = keymapLint("--layouts", bad, "x.json")
      #expect(lint.status == .usage, "\(bad)")
      #expect(lint.errors.hasPrefix("keymap-lint: bad layout '"), "\(lint.errors)")
      #expect(!lint.errors.contains("\u{1B}"))
      let howTo = keymapLint("how-to-type", "--layout", bad, "Ctrl+S")
      #expect(howTo.status == .usage, "\(bad)")
      #expect(howTo.errors.hasPrefix("keymap-lint how-to-type: bad layout '"), "\(howTo.errors)")
    }
    #expect(
      keymapLint("how-to-type", "--layout", "../../etc/passwd", "Ctrl+S").errors.contains(
        "'/' is not allowed; an XKB name is never a path"))
  }

  @Test("both helps say what layout names are and that the environment is ignored")
  func layoutHelp() {
    for help in [keymapLint("--help").output, keymapLint("how-to-type", "--help").output] {
      #expect(help.contains("are names, never paths"))
      #expect(help.contains("XKB_CONFIG_EXTRA_PATH and XKB_DEFAULT_* are"))
    }
  }

  @Test("a 1 GiB file is refused unread with MK104 and exit 65 (the 16 MiB limit)")
  func hugeFile() throws {
    let path = try temporaryFile("huge.keymap.json", "")
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    try handle.truncate(atOffset: 1 << 30)
    try handle.close()
    let result = keymapLint(path)
    #expect(result.status == .dataError)
    #expect(
      result.errors
        == "error[MK104]: cannot read the file '\(path)': it is 1 GiB, and MenuKit reads files "
        + "of at most 16 MiB\n")
  }

  @Test("--help prints the usage")
  func help() {
    let result = keymapLint("--help")
    #expect(result.status == .success)
    #expect(result.output.hasPrefix("USAGE: keymap-lint [OPTIONS] FILE ..."))
  }

  @Test("--format json and sarif print parseable JSON")
  func formats() throws {
    let path = try temporaryFile(
      "k.keymap.json",
      #"{ "schemaVersion": 1, "keymap": [ { "bindings": [ { "keys": "Cmd+Shift+[", "command": "fold" } ] } ] }"#
    )
    for format in ["json", "sarif"] {
      let result = keymapLint("--format", format, "--layouts", "se,us", path)
      #expect(result.status == .success)
      let object = try JSONSerialization.jsonObject(with: Data(result.output.utf8))
      #expect(object is [String: Any], "\(format)")
      #expect(result.output.contains("MK606"))
    }
    let github = keymapLint("--format", "github", "--layouts", "se", path)
    #expect(
      github.output.hasPrefix("::warning file=\(path),line=1,col=51,title=MK606 needs-altgr::"))
  }

  @Test("other editors' keymaps are detected by content, or chosen with --input-format")
  func foreignInputs() throws {
    let gtk = try temporaryFile(
      "accels", "; GTK\n(gtk_accel_path \"<Actions>/win/fold\" \"<Primary>bracketleft\")\n")
    let fromGTK = keymapLint("--layouts", "de", gtk)
    #expect(fromGTK.status == .success)
    #expect(fromGTK.output.hasPrefix("\(gtk):2:1: warning[MK606 needs-altgr]: Ctrl+[ (win.fold)"))
    let vscode = try temporaryFile(
      "mine.json",
      #"[ { "key": "alt+f4", "command": "a" }, { "key": "ctrl+k", "command": "b", "when": "x" } ]"#
    )
    let fromVSCode = keymapLint(vscode)
    #expect(
      fromVSCode.output.contains("\(vscode):1:3: warning[MK610 reserved-shortcut]: Alt+F4 (a)"))
    let zed = try temporaryFile("keymap.json", #"[ { "bindings": { "ctrl-k": "b" } } ]"#)
    #expect(keymapLint(zed).status == .success)
    // Read as a menu file, the array is the wrong type: an error finding, not a crash.
    let forced = keymapLint("--input-format", "menu", vscode)
    #expect(forced.status == .failure)
    #expect(forced.output.contains("error[MK111 wrong-type]"))
  }

  @Test("how-to-type prints the ways, the level and the relocation")
  func howToType() throws {
    let result = keymapLint("how-to-type", "--layout", "se", "Ctrl+Shift+[")
    #expect(result.status == .success)
    #expect(
      result.output == """
        Ctrl+Shift+[ on se: '[' needs AltGr, so automatic localization relocates it
          KEY_8 <AE08> level 3 (bracketleft) with Mod5
          automatic localization relocates it to Ctrl+Shift+Å (KEY_LEFTBRACE, level 1)
          press: KEY_LEFTBRACE with Ctrl+Shift (level 1): Aring, a localized match

        """)
    let json = keymapLint("how-to-type", "--layout", "us", "--format", "json", "Cmd+[")
    let parsed = try JSONSerialization.jsonObject(with: Data(json.output.utf8))
    let object = try #require(parsed as? [String: Any])
    #expect(object["reachability"] as? String == "direct")
    #expect(keymapLint("how-to-type", "Ctrl+[").status == .usage)
    #expect(keymapLint("how-to-type", "--layout", "se", "Ctrl+Shfit+[").status == .usage)
  }

  @Test("how-to-type says Ctrl+Alt+F7 is the layout's virtual-terminal switch, text and JSON")
  func howToTypeLayoutAction() throws {
    let text = keymapLint("how-to-type", "--layout", "us", "Ctrl+Alt+F7")
    #expect(text.status == .success)
    let lines = text.output.split(separator: "\n").map(String.init)
    #expect(
      lines.first
        == "Ctrl+Alt+F7 on us: the layout turns the press into XF86Switch_VT_7, which switches "
        + "to virtual terminal 7")
    #expect(lines.contains("  KEY_F7 <FK07> level 1 (F7) with the key alone"))
    #expect(
      lines.last
        == "  press: KEY_F7 with Ctrl+Alt (level 1) produces XF86Switch_VT_7 (level 5); no key "
        + "command on Ctrl+Alt+F7 fires on it")

    let json = keymapLint("how-to-type", "--layout", "us", "--format", "json", "Ctrl+Alt+F7")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
    #expect(object["schemaVersion"] as? Int == 2)
    #expect(object["reachability"] as? String == "layoutAction")
    let reason = try #require(object["reason"] as? [String: Any])
    #expect(reason["kind"] as? String == "layoutAction")
    #expect(reason["keysym"] as? String == "XF86Switch_VT_7")
    #expect(reason["systemAction"] as? String == "switches to virtual terminal 7")
    let press = try #require(object["press"] as? [String: Any])
    #expect(press["evdevCode"] as? Int == 65)
    #expect(press["fires"] as? Bool == false)
    #expect(press["pressedLevel"] as? Int == 5)
    let held = try #require(press["modifierKeys"] as? [[String: Any]])
    #expect(held.compactMap { $0["keyName"] as? String } == ["KEY_LEFTCTRL", "KEY_LEFTALT"])

    let plain = keymapLint("how-to-type", "--layout", "us", "--format", "json", "Ctrl+F7")
    let direct = try #require(
      try JSONSerialization.jsonObject(with: Data(plain.output.utf8)) as? [String: Any])
    #expect(direct["reachability"] as? String == "direct")
    #expect((direct["press"] as? [String: Any])?["match"] as? String == "exact")
    #expect(direct["reason"] is NSNull)
  }

  @Test("how-to-type --no-localization presses what types the key: Ctrl+AltGr+8 on de")
  func howToTypeWithoutLocalization() throws {
    let localized = keymapLint("how-to-type", "--layout", "de", "Ctrl+[")
    #expect(
      localized.output.contains(
        "  press: KEY_LEFTBRACE with Ctrl (level 1): udiaeresis, a localized match\n"))
    let literal = keymapLint("how-to-type", "--layout", "de", "--no-localization", "Ctrl+[")
    #expect(literal.output.hasPrefix("Ctrl+[ on de: '[' needs AltGr\n"))
    #expect(literal.output.contains("  automatic localization is off\n"))
    #expect(
      literal.output.contains(
        "  press: KEY_8 with Ctrl+AltGr (level 3): bracketleft, an exact match\n"))
  }

  @Test("the shipped keymaps and menus lint without errors")
  func shippedFiles() throws {
    let examples = repositoryRoot.appendingPathComponent("keymaps/examples").path
    let files = try FileManager.default.contentsOfDirectory(atPath: examples).sorted()
      .filter { $0.hasSuffix(".json") }.map { "\(examples)/\($0)" }
    #expect(!files.isEmpty)
    var output = BufferedOutput()
    let result = KeymapLint.run(arguments: files, output: &output)
    #expect(result == .success)
  }
}

@MainActor
/// The command-line convention both tools share (docs/tools/command-line.md), as keymap-lint
/// follows it.
@Suite("keymap-lint command-line convention")
struct KeymapLintConventionTests {
  /// A keymap with one binding that needs AltGr on German: one MK606 with `--layout de`.
  private func altGrKeymap() throws -> String {
    try temporaryFile(
      "k.keymap.json",
      #"{ "schemaVersion": 1, "keymap": [ { "bindings": [ { "keys": "Cmd+[", "command": "fold" } ] } ] }"#
    )
  }

  @Test("--layout, --layout=, --layouts and a repeated --layout name the same layouts")
  func layoutSpellings() throws {
    let path = try altGrKeymap()
    let expected = keymapLint("--layouts", "de,fr", path)
    #expect(expected.status == .success)
    #expect(expected.output.contains("MK606"))
    for arguments in [
      ["--layout", "de,fr", path], ["--layout=de,fr", path],
      ["--layout", "de", "--layout", "fr", path],
      ["--layouts=de,fr", path],
    ] {
      let result = keymapLint(arguments)
      #expect(result.status == .success, "\(arguments)")
      #expect(result.output == expected.output, "\(arguments)")
    }
  }

  @Test("--format=json is the same as --format json; text and its alias human are one format")
  func formatSpellings() throws {
    let path = try altGrKeymap()
    let spaced = keymapLint("--format", "json", "--layout", "de", path)
    let joined = keymapLint("--format=json", "--layout=de", path)
    #expect(joined.status == .success)
    #expect(joined.output == spaced.output)
    #expect(try JSONSerialization.jsonObject(with: Data(joined.output.utf8)) is [String: Any])
    let text = keymapLint("--format", "text", "--layout", "de", path)
    #expect(text.output == keymapLint("--format=human", "--layout", "de", path).output)
    #expect(text.output == keymapLint("--layout", "de", path).output)
  }

  @Test("an option never takes another option as its value")
  func valueIsNeverAnOption() {
    let result = keymapLint("--format", "--werror", "x.json")
    #expect(result.status == .usage)
    #expect(
      result.errors == "keymap-lint: option '--format' needs a value\nSee 'keymap-lint --help'.\n")
    #expect(result.output == "")
  }

  @Test("'-' reads standard input, named <stdin> in diagnostics")
  func standardInput() throws {
    let json =
      #"{ "schemaVersion": 1, "keymap": [ { "bindings": [ { "keys": "Cmd+K", "command": "a" }, { "keys": "Cmd+K", "command": "b" } ] } ] }"#
    let result = try keymapLintExecutable(["--input-format", "keymap", "-"], standardInput: json)
    #expect(result.status == 1)
    #expect(result.output.hasPrefix("<stdin>:1:51: error[MK602 dead-binding]"), "\(result.output)")
  }

  @Test("--version prints the one version of both tools; help SUBCOMMAND is SUBCOMMAND --help")
  func versionAndHelp() {
    let version = keymapLint("--version")
    #expect(version.status == .success)
    #expect(version.output == "keymap-lint \(menuKitToolsVersion)\n")
    let help = keymapLint("help", "how-to-type")
    #expect(help.status == .success)
    #expect(help.output == keymapLint("how-to-type", "--help").output)
    #expect(keymapLint("help").output == keymapLint("--help").output)
    #expect(keymapLint("--help").output.contains("  how-to-type  "))
    #expect(keymapLint("help", "nope").status == .usage)
  }

  @Test("how-to-type takes --layout=de and --format=human")
  func howToTypeSpellings() {
    let spaced = keymapLint("how-to-type", "--layout", "de", "--format", "text", "Ctrl+[")
    let joined = keymapLint("how-to-type", "--layout=de", "--format=human", "Ctrl+[")
    #expect(joined.status == .success)
    #expect(joined.output == spaced.output)
    #expect(keymapLint("how-to-type", "--layout", "--format", "json", "Ctrl+[").status == .usage)
  }
}

@Suite("keymap-lint --all-layouts")
struct KeymapLintAllLayoutsTests {
  @Test("every installed layout is checked, each with its own note")
  func allLayouts() throws {
    let path = try temporaryFile(
      "k.keymap.json",
      #"{ "schemaVersion": 1, "keymap": [ { "bindings": [ { "keys": "Cmd+Shift+[", "command": "fold" } ] } ] }"#
    )
    // --no-cache: the test neither reads nor writes the user's cache.
    let result = keymapLint("--all-layouts", "--no-cache", "--format", "json", path)
    #expect(result.status == .success)
    let parsed = try JSONSerialization.jsonObject(with: Data(result.output.utf8))
    let root = try #require(parsed as? [String: Any])
    let layouts = try #require(root["layouts"] as? [String])
    // A layout XKB cannot compile is listed as skipped, with libxkbcommon's reason.
    let skipped = try #require(root["skippedLayouts"] as? [[String: Any]])
    #expect(layouts.count + skipped.count == LayoutName.installed().count)
    #expect(layouts.count > 500)
    let findings = try #require(root["findings"] as? [[String: Any]])
    let altGr = try #require(findings.first { $0["code"] as? String == "MK606" })
    let notes = try #require(altGr["notes"] as? [[String: Any]])
    #expect(notes.contains { $0["layout"] as? String == "se" })
    #expect(!notes.contains { $0["layout"] as? String == "us" })
  }
}
