import Foundation
import Testing

@testable import MenuKit

/// Reading files from disk.
@Suite("MenuFile loading")
struct MenuFileLoadingTests {
  /// A path in a fresh temporary folder.
  private func temporaryPath(_ name: String) throws -> String {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("MenuFileLoadingTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder.appendingPathComponent(name).path
  }

  @Test("loads a file from disk, with its path in every location")
  func loadsFile() throws {
    let path = try temporaryPath("app.json")
    let text = #"{ "schemaVersion": 1, "edits": [{ "remove": "format" }], "extra": 1 }"#
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    let result = MenuFile.load(contentsOf: path)
    #expect(result.file == nil)
    #expect(
      result.diagnostics.map(\.description) == [
        "\(path):1:58: error[MK110]: unknown field 'extra' at the top level; expected one of "
          + "'$schema', 'schemaVersion', 'menu', 'edits'"
      ])
    try Data(text.replacingOccurrences(of: #", "extra": 1"#, with: "").utf8)
      .write(to: URL(fileURLWithPath: path))
    let loaded = MenuFile.load(contentsOf: path)
    #expect(loaded.diagnostics.isEmpty)
    #expect(loaded.file?.path == path)
    #expect(loaded.file?.edits == [MenuEdit(.remove(.menu(.format)))])
    #expect(loaded.file?.edits.first?.location == SourceLocation(file: path, line: 1, column: 45))
  }

  @Test("a missing file is one MK103 without a location")
  func missingFile() {
    let result = MenuFile.load(contentsOf: "/nonexistent-menukit-folder/app.json")
    #expect(result.file == nil)
    #expect(
      result.diagnostics.map(\.description) == [
        "error[MK103]: cannot read the menu file '/nonexistent-menukit-folder/app.json': "
          + "no such file or directory"
      ])
  }

  @Test("a folder is one MK103")
  func folder() throws {
    let path = try temporaryPath("menus")
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    let result = MenuFile.load(contentsOf: path)
    #expect(
      result.diagnostics.map(\.description) == [
        "error[MK103]: cannot read the menu file '\(path)': is a directory"
      ])
  }

  @Test("a file that is not UTF-8 is one MK103")
  func notUTF8() throws {
    let path = try temporaryPath("latin1.json")
    try Data([0x7B, 0xE9, 0x7D]).write(to: URL(fileURLWithPath: path))
    let result = MenuFile.load(contentsOf: path)
    #expect(
      result.diagnostics.map(\.description) == [
        "error[MK103]: cannot read the menu file '\(path)': the file is not valid UTF-8 text"
      ])
  }
}
