import MenuKit
import Testing

// This file imports MenuKit alone, neither MenuKitJSON nor `@testable`: it is an app's view of
// the API, and `SourceLocation` (declared in MenuKitJSON) must be part of it (decision 0016).

/// MenuKit re-exports MenuKitJSON: `SourceLocation` is named, built and printed through
/// `import MenuKit`, also as `MenuKit.SourceLocation`.
@Suite("SourceLocation through import MenuKit")
struct SourceLocationReExportTests {
  @Test("a diagnostic's location is a MenuKit.SourceLocation pointing at the bad character")
  func diagnosticLocation() throws {
    // The example of MenuKitJSON's DocC page.
    let text = "[\n  { \"keys\": \"Ctrl+S\" \"command\": \"save:\" }\n]\n"
    let (keymap, diagnostics) = KeymapFile.load(
      text: text, path: "keymaps/user.json", source: .user)
    #expect(keymap == nil)
    let diagnostic = try #require(diagnostics.first)
    let location: MenuKit.SourceLocation = try #require(diagnostic.location)
    #expect(location == MenuKit.SourceLocation(file: "keymaps/user.json", line: 2, column: 22))
    #expect("\(location)" == "keymaps/user.json:2:22")
  }

  @Test("locations sort by file, then line, then column")
  func ordering() {
    let locations = [
      SourceLocation(file: "b.json", line: 1, column: 1),
      SourceLocation(file: "a.json", line: 2, column: 1),
      SourceLocation(file: "a.json", line: 1, column: 9),
    ]
    #expect(locations.sorted().map(\.description) == ["a.json:1:9", "a.json:2:1", "b.json:1:1"])
    #expect(SourceLocation(line: 3, column: 4).description == "3:4")
  }
}
