import Foundation
import MenuKitTestSupport
import Testing

@testable import MenuKit

/// A key command with the primary modifier.
private func key(
  _ title: String, _ input: KeyInput, attributes: MenuElementAttributes = [],
  state: MenuElementState = .off
) -> MenuElement {
  .keyCommand(
    KeyCommand(
      title: title, action: "act:", input: input, modifierFlags: .command,
      attributes: attributes, state: state))
}

/// A small main menu: File with two sections and a submenu, Edit with states and attributes.
private let mainMenu = Menu(children: [
  .menu(
    Menu(
      title: "File",
      children: [
        key("New", "n"),
        .menu(
          Menu(
            options: .displayInline,
            children: [
              key("Open…", "o"),
              .menu(
                Menu(
                  title: "Open Recent",
                  children: [.deferred(DeferredElement(identifier: "recent") { $0([]) })])),
            ])),
      ])),
  .menu(
    Menu(
      title: "Edit",
      children: [
        key("Bold", "b", state: .on),
        key("Mixed", "m", state: .mixed),
        key("Copy", "c", attributes: .disabled),
        key("Erase", "e", attributes: .destructive),
        key("Hidden", "h", attributes: .hidden),
        .command(Command(title: "Plain", action: "plain:")),
      ])),
])

/// The number of times `needle` occurs in `text`.
private func count(_ needle: String, in text: String) -> Int {
  text.components(separatedBy: needle).count - 1
}

@Suite("HTML page")
struct HTMLRendererTests {
  @Test("escape replaces markup characters and control characters")
  func escape() {
    #expect(
      HTMLMenuRenderer.escape(#"Find & <Replace> "it's""#)
        == "Find &amp; &lt;Replace&gt; &quot;it&#39;s&quot;")
    #expect(HTMLMenuRenderer.escape("a\u{0}b\u{1b}c\td") == "a\u{FFFD}b\u{FFFD}c\td")
    #expect(HTMLMenuRenderer.escape("Ö ß ⌘") == "Ö ß ⌘")
  }

  @Test("escaped random text has no markup character outside a character reference")
  func escapeRandomText() {
    var generator = SplitMix64(seed: 0x5EED)
    let alphabet = Array("<>&\"'ab /=;#xÖß⌘\u{0}\u{1b}\u{7f}\u{85}\t\n")
    for _ in 0..<500 {
      let length = Int(generator.next() % 24)
      let text = String(
        (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
      let escaped = HTMLMenuRenderer.escape(text)
      #expect(!escaped.contains { "<>\"'".contains($0) }, "\(text.debugDescription)")
      // Every '&' starts one of the five references.
      let references = ["&amp;", "&lt;", "&gt;", "&quot;", "&#39;"]
      var rest = escaped[...]
      while let ampersand = rest.firstIndex(of: "&") {
        let tail = rest[ampersand...]
        #expect(references.contains { tail.hasPrefix($0) }, "\(escaped.debugDescription)")
        rest = rest[rest.index(after: ampersand)...]
      }
      #expect(
        !escaped.unicodeScalars.contains { $0.value < 0x09 || (0x7f...0x9f).contains($0.value) })
    }
  }

  @Test("the menu bar links to each menu, drawn open with its sections and submenus")
  func menus() {
    let page = HTMLMenuRenderer(platform: .linux).render(mainMenu)
    #expect(page.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
    #expect(page.hasSuffix("</html>\n"))
    #expect(
      page.contains(
        ##"<li><a href="#menu-1">File</a></li><li><a href="#menu-2">Edit</a></li>"##))
    #expect(
      page.contains(
        #"<div class="menu" id="menu-1" role="menu"><div class="menu-title">File</div>"#))
    #expect(count(#"<li class="separator" role="separator"></li>"#, in: page) == 1)
    #expect(
      page.contains(
        #"<li class="item" role="menuitem"><span class="state"></span><span class="title">New</span><kbd>Ctrl+N</kbd></li>"#
      ))
    #expect(
      page.contains(#"<span class="title">Open Recent</span><span class="arrow">▸</span><ul>"#))
    #expect(page.contains("⋯ recent (deferred)"))
    #expect(page.contains(#"<span class="state">✓</span><span class="title">Bold</span>"#))
    #expect(page.contains(#"<span class="state">–</span><span class="title">Mixed</span>"#))
    #expect(page.contains(#"<li class="item disabled" role="menuitem">"#))
    #expect(page.contains(#"<li class="item destructive" role="menuitem">"#))
    #expect(!page.contains("Hidden"))
    #expect(page.contains(#"<span class="title">Plain</span></li>"#))
    #expect(!page.contains("id=\"discoverability\""))
  }

  @Test("the page is self-contained: no URL, no script, no external resource")
  func selfContained() {
    let groups = [
      DiscoverabilityGroup(
        title: "Edit",
        entries: [
          DiscoverabilityEntry(
            title: "Copy", shortcutLabel: "Ctrl+C", action: "copy:", isEnabled: true)
        ])
    ]
    let page = HTMLMenuRenderer(platform: .linux).render(
      mainMenu, discoverability: groups,
      sections: [.init(identifier: "extra", title: "Extra", trustedMarkup: "<p>hi</p>")])
    #expect(!page.contains("://"))
    #expect(!page.contains("<script"))
    #expect(!page.contains("src="))
    #expect(!page.contains("url("))
    #expect(!page.contains("@import"))
    #expect(!page.contains("<link"))
  }

  @Test("titles, labels and section headings from user data are escaped")
  func userDataEscaped() {
    let hostile = Menu(children: [
      .menu(
        Menu(
          title: "<script>alert(1)</script>",
          children: [key("\"><img src=x onerror=alert(1)>", "<")]))
    ])
    let page = HTMLMenuRenderer(platform: .linux, title: "a & b", subtitle: "<b>sub</b>").render(
      hostile,
      discoverability: [
        DiscoverabilityGroup(
          title: "<g>",
          entries: [
            DiscoverabilityEntry(title: "<t>", shortcutLabel: "<l>", action: "a:", isEnabled: false)
          ])
      ],
      sections: [.init(identifier: "x\"y", title: "<h>", trustedMarkup: "")])
    #expect(!page.contains("<script>"))
    #expect(!page.contains("<img"))
    #expect(!page.contains("<g>"))
    #expect(!page.contains("<t>"))
    #expect(!page.contains("<h>"))
    #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
    #expect(page.contains("<title>a &amp; b</title>"))
    #expect(page.contains(#"<p class="subtitle">&lt;b&gt;sub&lt;/b&gt;</p>"#))
    #expect(page.contains("<kbd>Ctrl+&lt;</kbd>"))
    #expect(page.contains(#"<section id="x&quot;y">"#))
    #expect(page.contains(#"<div class="entry disabled"><dt>&lt;t&gt;</dt>"#))
  }

  @Test("discoverability groups and caller sections are written in order")
  func sections() throws {
    let groups = [
      DiscoverabilityGroup(
        title: "TableView",
        entries: [
          DiscoverabilityEntry(
            title: "Down", shortcutLabel: "Down", action: "down:", isEnabled: true)
        ])
    ]
    let page = HTMLMenuRenderer(platform: .linux).render(
      mainMenu, discoverability: groups,
      sections: [
        .init(identifier: "one", title: "One", trustedMarkup: "<svg class=\"keyboard\"></svg>"),
        .init(identifier: "two", title: "Two", trustedMarkup: "<p>2</p>"),
      ])
    let menus = try #require(page.range(of: "<section id=\"menus\">"))
    let hud = try #require(page.range(of: "<section id=\"discoverability\">"))
    let one = try #require(page.range(of: "<section id=\"one\">\n<h2>One</h2>\n<svg"))
    let two = try #require(page.range(of: "<section id=\"two\">"))
    #expect(menus.lowerBound < hud.lowerBound)
    #expect(hud.lowerBound < one.lowerBound)
    #expect(one.lowerBound < two.lowerBound)
    #expect(
      page.contains(
        "<h3>TableView</h3><dl><div class=\"entry\"><dt>Down</dt><dd><kbd>Down</kbd></dd></div>"))
  }

  @Test("shortcut labels, when given, replace every label in the menus")
  func shortcutLabels() {
    let menu = Menu(children: [
      .menu(
        Menu(
          title: "Edit",
          children: [key("Unindent", "["), .command(Command(title: "Save All", action: "all:"))]))
    ])
    let page = HTMLMenuRenderer(
      platform: .linux,
      shortcutLabels: [
        CommandKey(action: "act:"): "Ctrl+Ü", CommandKey(action: "all:"): "Ctrl+K S",
      ]
    ).render(menu)
    #expect(page.contains("<span class=\"title\">Unindent</span><kbd>Ctrl+Ü</kbd>"))
    #expect(page.contains("<span class=\"title\">Save All</span><kbd>Ctrl+K S</kbd>"))
    #expect(!page.contains("Ctrl+["))
    let unbound = HTMLMenuRenderer(platform: .linux, shortcutLabels: [:]).render(menu)
    #expect(!unbound.contains("<kbd>"))
  }

  @Test("menus deeper than the validator's limit are drawn as an ellipsis")
  func deep() {
    var menu = Menu(title: "Leaf", children: [key("Deepest", "d")])
    for level in 0..<(MenuValidator.maximumDepth + 2) {
      menu = Menu(title: "Level \(level)", children: [.menu(menu)])
    }
    let page = HTMLMenuRenderer(platform: .linux).render(Menu(children: [.menu(menu)]))
    #expect(page.contains(#"<li class="elided">…</li>"#))
    #expect(!page.contains("Deepest"))
  }
}
