import Foundation
import Testing

@testable import MenuKit
@testable import MenuKitPalette

/// Keeps docs/guides/palette.md in step with the ranking code.
@Suite("Palette documentation")
struct PaletteDocsTests {
  private func documentation(_ name: String) throws -> String {
    let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs")
    return try String(contentsOf: docs.appendingPathComponent(name), encoding: .utf8)
  }

  @Test("palette.md states the bonuses and weights the ranking uses")
  func rankingRules() throws {
    let text = try documentation("guides/palette.md")
    #expect(text.contains("**+\(PaletteRanking.wholeWord)** when the term is a whole word"))
    #expect(text.contains("**+\(PaletteRanking.acronym)** when the term"))
    #expect(text.contains("**+\(PaletteRanking.exactTitle)** when the whole query"))
    #expect(text.contains("\(PaletteRanking.recency) for the most recently used entry"))
    #expect(PaletteRanking.historyBonus(rank: 0, useCount: 1) == 24 + 4)
    #expect(PaletteRanking.historyBonus(rank: 1, useCount: 3) == 21 + 8)
    #expect(PaletteRanking.historyBonus(rank: 8, useCount: 7) == 0 + 12)
    #expect(PaletteRanking.historyBonus(rank: 2, useCount: 1_000) == 18 + 16)
    #expect(text.contains("keywords ¾, the path ½"))
    #expect(PaletteFieldKind.keyword.weight == 3 && PaletteFieldKind.path.weight == 2)
    for (name, value) in [
      ("match", FuzzyScore.match), ("boundary (white)", FuzzyScore.bonusBoundaryWhite),
      ("boundary (delimiter)", FuzzyScore.bonusBoundaryDelimiter),
      ("camelCase / digit", FuzzyScore.bonusCamel123), ("consecutive", FuzzyScore.bonusConsecutive),
    ] {
      #expect(text.contains("| \(name) | \(value) |"), "\(name)")
    }
  }
}
