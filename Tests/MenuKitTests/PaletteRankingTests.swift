import MenuKit
import MenuKitPalette
import Testing

/// A small application menu: File, Edit (Paste disabled), View, and a Settings command with
/// keywords and an alias.
private let paletteMenu = Menu(
  identifier: .root,
  children: [
    .menu(
      Menu(
        title: "File", identifier: .file,
        children: [
          .keyCommand(KeyCommand(title: "New Window", action: "newWindow:", input: "n")),
          .keyCommand(
            KeyCommand(title: "Open…", action: "openDocument:", input: "o", modifierFlags: .command)
          ),
          .menu(
            Menu(
              title: "Open Recent", identifier: .openRecent,
              children: [.command(Command(title: "Clear Menu", action: "clearRecents:"))])),
          .menu(
            Menu(
              options: .displayInline,
              children: [
                .keyCommand(
                  KeyCommand(
                    title: "Save", action: "save:", input: "s", modifierFlags: .command)),
                .command(Command(title: "Save As…", action: "saveAs:")),
                .command(Command(title: "Close Window", action: "performClose:")),
              ])),
        ])),
    .menu(
      Menu(
        title: "Edit", identifier: .edit,
        children: [
          .command(Command(title: "Copy", action: "copy:")),
          .command(Command(title: "Paste", action: "paste:", attributes: .disabled)),
          .command(Command(title: "Paste and Match Style", action: "pasteAndMatchStyle:")),
          .command(Command(title: "Select All", action: "selectAll:")),
          .menu(
            Menu(
              title: "Find", identifier: .find,
              children: [
                .command(Command(title: "Find…", action: "find:")),
                .command(
                  Command(title: "Find in Files", action: "findInFiles:", aliases: ["rg"])),
                .command(Command(title: "Find Next", action: "findNext:")),
              ])),
        ])),
    .menu(
      Menu(
        title: "View", identifier: .view,
        children: [
          .command(Command(title: "Toggle Full Screen", action: "toggleFullScreen:")),
          .command(Command(title: "Show Sidebar", action: "toggleSidebar:")),
          .command(Command(title: "Zoom In", action: "zoomIn:")),
          .command(Command(title: "Zoom Out", action: "zoomOut:")),
          .command(Command(title: "Hidden Thing", action: "hidden:", attributes: .hidden)),
          .command(
            Command(
              title: "Settings…", action: "showSettings:", keywords: ["options", "configure"],
              aliases: ["Preferences"])),
        ])),
  ])

private let index = PaletteIndex(menu: paletteMenu, platform: .linux)

private struct RankingCase: CustomTestStringConvertible, Sendable {
  var query: String
  var top: String
  var why: String
  var testDescription: String { "\"\(query)\" → \(top) (\(why))" }
}

private let rankingCases: [RankingCase] = [
  RankingCase(query: "open", top: "Open…", why: "whole title"),
  RankingCase(query: "window close", top: "Close Window", why: "words out of order"),
  RankingCase(
    query: "style match paste", top: "Paste and Match Style", why: "three words reversed"),
  RankingCase(query: "tfs", top: "Toggle Full Screen", why: "acronym"),
  RankingCase(query: "sa", top: "Save As…", why: "acronym beats the consecutive 'Sa' of Save"),
  RankingCase(query: "pams", top: "Paste and Match Style", why: "acronym with a short word"),
  RankingCase(query: "rg", top: "Find in Files", why: "alias"),
  RankingCase(query: "preferences", top: "Settings…", why: "alias, whole"),
  RankingCase(query: "configure", top: "Settings…", why: "keyword"),
  RankingCase(query: "recent clear", top: "Clear Menu", why: "a word of the path"),
  RankingCase(query: "file save", top: "Save", why: "path and title"),
  RankingCase(query: "paste", top: "Paste and Match Style", why: "enabled before disabled"),
  RankingCase(query: "find", top: "Find…", why: "exact title beats longer titles"),
  RankingCase(query: "zoom", top: "Zoom In", why: "equal scores: the shorter title"),
  RankingCase(query: "sidebar", top: "Show Sidebar", why: "whole word"),
  RankingCase(query: "Find N", top: "Find Next", why: "smart case"),
]

@Suite("Palette ranking")
struct PaletteRankingTests {
  @Test("query → expected top result", arguments: rankingCases)
  fileprivate func topResult(_ example: RankingCase) {
    #expect(index.search(example.query).first?.entry.title == example.top)
  }

  @Test("a disabled command ranks below every enabled one, however well it matches")
  func disabledBelowEnabled() throws {
    let titles = index.search("paste").map(\.entry.title)
    #expect(titles == ["Paste and Match Style", "Paste"])
    let paste = try #require(index.search("paste").last)
    #expect(!paste.entry.isEnabled)
    #expect(paste.score > index.search("paste")[0].score)
  }

  @Test("the same query always gives the same order")
  func deterministic() {
    let first = index.search("e").map(\.entry.identifier)
    for _ in 0..<5 { #expect(index.search("e").map(\.entry.identifier) == first) }
    #expect(first.count > 5)
  }

  @Test("recency and frequency lift a command among equal matches")
  func history() {
    var history = PaletteHistory()
    #expect(index.search("zoom", history: history).first?.entry.title == "Zoom In")
    history.recordUse(of: "zoomOut:")
    #expect(index.search("zoom", history: history).first?.entry.title == "Zoom Out")
    history.recordUse(of: "zoomIn:")
    #expect(index.search("zoom", history: history).first?.entry.title == "Zoom In")
  }

  @Test("an empty query lists recently used commands first, then menu order, enabled first")
  func emptyQuery() {
    var history = PaletteHistory()
    history.recordUse(of: "showSettings:")
    history.recordUse(of: "copy:")
    let titles = index.search("", history: history).map(\.entry.title)
    #expect(Array(titles.prefix(4)) == ["Copy", "Settings…", "New Window", "Open…"])
    #expect(titles.last == "Paste")
    #expect(titles.count == index.entries.count)
  }

  @Test("limit keeps the best results")
  func limit() {
    #expect(
      index.search("e", limit: 3).map(\.entry.title)
        == Array(
          index.search("e").prefix(3).map(\.entry.title)))
    #expect(index.search("e", limit: 0).isEmpty)
  }

  @Test("highlights cover every term, in the text each one matched")
  func highlights() throws {
    let match = try #require(index.search("recent clear").first)
    #expect(match.entry.title == "Clear Menu")
    let fields = match.highlights.map(\.field)
    #expect(fields == [.title, .path])
    let title = match.highlights[0]
    #expect(title.ranges.map { title.text[$0] } == ["Clear"])
    let path = match.highlights[1]
    #expect(path.text == "File › Open Recent")
    #expect(path.ranges.map { path.text[$0] } == ["Recent"])
    #expect(path.scalarOffsets == [12..<18])
  }

  @Test("an alias that matched is highlighted as an alias")
  func aliasHighlight() throws {
    let match = try #require(index.search("rg").first)
    #expect(match.highlights.map(\.field) == [.alias(0)])
    #expect(match.highlights[0].text == "rg")
  }

  @Test("a query matching nothing returns nothing")
  func nothing() {
    #expect(index.search("qqq").isEmpty)
    #expect(index.search("open zzz").isEmpty)
  }
}
