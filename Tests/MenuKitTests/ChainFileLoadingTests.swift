import Testing

@testable import MenuKit

@Suite("Chain file loading")
struct ChainFileLoadingTests {
  @Test("a missing chain file is MK103 with the reason, like a menu file")
  func missingFile() {
    let path = "/nonexistent-menukit-folder/chain.json"
    let result = ChainFile.load(contentsOf: path)
    #expect(result.file == nil)
    #expect(
      result.diagnostics.map(\.description) == [
        "error[MK103]: cannot read the chain file '\(path)': no such file or directory"
      ])
  }

  @Test("bad JSON in a chain file is MK101 at its position")
  func badJSON() {
    let result = ChainFile.parse("{\n  \"schemaVersion\": 1 \"x\"", path: "chain.json")
    #expect(result.diagnostics.map(\.code) == [.syntaxError])
    #expect(
      result.diagnostics.first?.location == SourceLocation(file: "chain.json", line: 2, column: 22))
  }
}
