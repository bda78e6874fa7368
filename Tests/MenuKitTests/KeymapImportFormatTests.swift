import Foundation
import Testing

@testable import MenuKit
@testable import MenuKitInterop

@Suite("Detecting keymap formats")
struct KeymapImportFormatTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var path: String
    var text: String
    var format: KeymapFormat?
    var testDescription: String { "\(path): \(text.prefix(30))" }
  }

  @Test("the content decides, then the name", arguments: cases)
  func detect(_ testCase: Case) {
    #expect(KeymapFormat.detect(path: testCase.path, text: testCase.text) == testCase.format)
  }

  @Test("the corpus files are recognised by their content alone")
  func corpus() throws {
    let files: [(String, KeymapFormat)] = [
      ("vscode/linux.keybindings.json", .vscode), ("vscode/macos.keybindings.json", .vscode),
      ("zed/default-linux.json", .zed), ("zed/default-macos.json", .zed),
    ]
    for (file, format) in files {
      let text = try String(
        contentsOf: importCorpusDirectory.appendingPathComponent(file), encoding: .utf8)
      #expect(KeymapFormat.detect(path: "x", text: text) == format, "\(file)")
    }
  }
}

private let cases: [KeymapImportFormatTests.Case] = [
  .init(path: "x", text: #"{ "schemaVersion": 1, "keymap": [] }"#, format: .menuKitKeymap),
  .init(path: "x", text: #"{ "schemaVersion": 1, "menu": {} }"#, format: .menuKitMenu),
  .init(path: "x", text: #"{ "edits": [] }"#, format: .menuKitMenu),
  .init(path: "x", text: "// c\n[{ \"key\": \"f1\", \"command\": \"a\" },]", format: .vscode),
  .init(path: "x", text: #"[{ "context": "Editor", "bindings": {} }]"#, format: .zed),
  .init(path: "x", text: #"[{ "bindings": {} }]"#, format: .zed),
  .init(path: "x", text: #"(gtk_accel_path "<Actions>/a/b" "<Primary>s")"#, format: .gtk),
  .init(path: "x", text: "; GtkAccelMap rc-file\n; (gtk_accel_path \"a\" \"\")\n", format: .gtk),
  .init(path: "x", text: "# accels\napp.quit <Primary>q <Primary>w\n", format: .gtk),
  .init(path: "keybindings.json", text: "[]", format: .vscode),
  .init(path: "dir/keymap.json", text: "[]", format: .zed),
  .init(path: "a/user.keymap.json", text: "{}", format: .menuKitKeymap),
  .init(path: "app.menu.json", text: "", format: .menuKitMenu),
  .init(path: "gedit/accels", text: "", format: .gtk),
  .init(path: "x", text: "[]", format: nil),
  .init(path: "x", text: "hello world", format: nil),
  .init(path: "x", text: "", format: nil),
  .init(path: "x", text: #"[{ "key": "f1", "command": }]"#, format: .vscode),
  .init(path: "x", text: #"[{ "bindings": { "a": } }]"#, format: .zed),
  .init(path: "x", text: #"{ "keymap": [ }"#, format: .menuKitKeymap),
  .init(path: "u.keymap.json", text: "{ oops", format: .menuKitKeymap),
]

@Suite("Importing keymaps documentation")
struct KeymapImportDocsTests {
  private func documentation(_ name: String) throws -> String {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("docs/\(name)")
    return try String(contentsOf: url, encoding: .utf8)
  }

  @Test("importing-keymaps.md names every import diagnostic and every entry point")
  func namesCodesAndAPI() throws {
    let text = try documentation("guides/importing-keymaps.md")
    for code in DiagnosticCode.keymapImportCodes {
      #expect(text.contains(code.rawValue), "\(code) is not mentioned")
    }
    for name in [
      "VSCodeKeybindings.load(contentsOf:platform:source:)", "VSCodeKeybindings.text(of:platform:)",
      "ZedKeymap.load(contentsOf:platform:source:)", "ZedKeymap.text(of:platform:)",
      "GTKAccelerators.load(contentsOf:platform:source:)",
      "GTKAccelerators.text(of:platform:format:)", "KeymapFormat.detect(path:text:)",
      "'vscode:", "menu-dump keymap import", "menu-dump keymap export",
    ] {
      #expect(text.contains(name), "\(name) is not mentioned")
    }
  }

  @Test("the when-clause examples in the mapping table read as the table says")
  func whenTable() throws {
    let rows: [(String, String)] = [
      ("key == true", "key"), ("key != false", "key"), ("key == false", "!key"),
      ("key != true", "!key"), ("key === value", "key == value"),
      ("key !== value", "key != value"), ("key > n", "'vscode:key > n'"),
      ("key =~ /regex/flags", "'vscode:key =~ /regex/flags'"),
      ("key in list", "'vscode:key in list'"),
      ("key not in list", "!'vscode:key in list'"),
    ]
    let text = try documentation("guides/importing-keymaps.md")
    for (when, predicate) in rows {
      #expect(text.contains("`\(when)`"), "\(when) is not in the table")
      let clause = try VSCodeWhenClause(parsing: when)
      #expect(clause.value == .predicate(try ContextPredicate(parsing: predicate)), "\(when)")
    }
  }
}
