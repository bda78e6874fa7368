import MenuKit
import MenuKitTestSupport
import MenuKitXKB
import Testing

@testable import MenuKitLint

// The sweep compiles most layouts from flat keymap text instead of their rule names
// (FlatLayoutSource); that is only allowed because the keymap is the same. These tests compile
// layouts both ways and compare libxkbcommon's text of the two keymaps, so they fail if the
// flat path ever gives a different keymap.

/// Layouts of every kind the rules treat apart: plain ones with and without a variant, AZERTY
/// and QWERTZ key aliases, Japanese compatibility, the Neo variants' own compatibility, a
/// layout a rules line renames, and names that are not installed.
private let sampleLayouts = [
  ("us", nil), ("us", "dvorak"), ("de", nil), ("de", "nodeadkeys"), ("de", "neo"), ("fr", nil),
  ("fr", "azerty"), ("be", "oss"), ("ch", "fr"), ("cz", "qwerty"), ("se", nil), ("ru", nil),
  ("ru", "phonetic"), ("il", nil), ("jp", nil), ("jp", "kana"), ("in", "ben"), ("ara", nil),
  ("gb", "extd"), ("nosuchlayout", nil), ("us", "nosuchvariant"),
].map { LayoutName(layout: $0.0, variant: $0.1) }

/// Compiles each layout both ways and returns the layouts compiled flat; records an issue for
/// every layout whose flat keymap differs from its names keymap.
private func compareBothWays(_ layouts: [LayoutName]) -> [LayoutName] {
  let analyzer = LayoutAnalyzer()
  guard let source = FlatLayoutSource.prepare(for: layouts, in: analyzer) else {
    Issue.record("no layout can be compiled flat")
    return []
  }
  var flat: [LayoutName] = []
  for name in layouts {
    let byNames = try? analyzer.compileByNames(name).asString()
    let viaSource = try? analyzer.compile(name, from: source).keymap.asString()
    #expect(viaSource == byNames, "\(name) compiles to another keymap from flat text")
    if let text = source.text(for: name),
      let keymap = try? XKBKeymap(context: analyzer.context, string: text)
    {
      #expect(keymap.asString() == byNames, "\(name)'s flat text is another keymap")
      flat.append(name)
    }
  }
  return flat
}

@Suite("flat keymap text for the layout sweep")
struct FlatLayoutSourceTests {
  @Test("sample layouts compile to the same keymap flat as by their names")
  func sampleIsIdentical() {
    let flat = compareBothWays(sampleLayouts)
    // The plain layouts go flat; those the rules give their own keycodes aliases go flat in their
    // own class; Japanese and Neo (their own compatibility) and unknown names do not.
    #expect(flat.contains(LayoutName(layout: "us")))
    #expect(flat.contains(LayoutName(layout: "de", variant: "nodeadkeys")))
    #expect(flat.contains(LayoutName(layout: "fr", variant: "azerty")))
    #expect(!flat.contains(LayoutName(layout: "jp")))
    #expect(!flat.contains(LayoutName(layout: "de", variant: "neo")))
    #expect(!flat.contains(LayoutName(layout: "nosuchlayout")))
  }

  @Test("every installed layout compiles to the same keymap flat as by its names")
  func everyInstalledLayoutIsIdentical() {
    let installed = LayoutName.installed()
    try? #require(installed.count > 100)
    let flat = compareBothWays(installed)
    // Nearly every layout goes flat; if none did, the sweep would be no faster and this test
    // would prove nothing.
    #expect(flat.count * 10 > installed.count * 8, "only \(flat.count) of \(installed.count)")
  }

  @Test("a sweep large enough to compile flat answers as each layout compiled by its names")
  func sweepCompiledFlatEqualsNames() throws {
    // Every third installed layout, plus the sample: enough for the sweep to compile flat.
    let installed = LayoutName.installed()
    let layouts = Array(
      Set(installed.enumerated().filter { $0.offset % 3 == 0 }.map(\.element))
        .union(sampleLayouts)
    ).sorted()
    try #require(layouts.count >= FlatLayoutSource.minimumLayouts)
    let strokes = [
      "Ctrl+[", "Ctrl+Shift+7", "Ctrl+Alt+F7", "Ctrl+K", "Ctrl+/", "Ctrl+Alt+Q", "Ctrl+`",
      "Alt+Shift+0", "Ctrl+=",
    ]
    let queries = try strokes.flatMap { text in
      let stroke = try KeyboardShortcut(parsing: text)
      return [
        LayoutQuery(stroke: stroke, localizes: true), LayoutQuery(stroke: stroke, localizes: false),
      ]
    }
    let tables = LayoutAnalyzer().sweep(queries, layouts: layouts, platform: .linux)
    #expect(tables.map(\.name) == layouts)
    let direct = LayoutAnalyzer()
    var problems = 0
    for table in tables {
      guard let keyboard = try? direct.compile(table.name) else {
        #expect(table.failure != nil, "\(table.name) compiles only flat")
        continue
      }
      #expect(table.failure == nil, "\(table.name) compiles only by names")
      for (index, query) in queries.enumerated() {
        let answer = LayoutProblem.problems(
          of: query.stroke, on: keyboard, platform: .linux, localizes: query.localizes,
          us: direct.us)
        #expect(table.problems[index] ?? [] == answer, "\(table.name), \(query.cacheKey)")
        problems += answer.count
      }
    }
    #expect(problems > 0)
  }

  @Test("rules lines that name a layout or variant keep it off the flat path")
  func rulesScan() throws {
    let rules = try #require(
      XKBRulesScan(
        text: """
          ! $azerty = be fr
          ! $models = pc104 pc105
          ! model = keycodes
            *  = evdev
          ! layout = keycodes
            $azerty = +aliases(azerty)
            * = +aliases(qwerty)
          ! model layout = symbols
            $models  xx  = pc+yy
            other  zz  = pc+zz
            * * = pc+%l%(v)
          ! layout variant = compat
            de  neo  = +caps(caps_lock)
          ! model layout = compat
            * * = complete
          ! option = symbols
            grp:alt = +group(alt)
          """))
    let us = rules.flatClass(of: LayoutName(layout: "us"))
    let fr = rules.flatClass(of: LayoutName(layout: "fr"))
    #expect(us != nil && fr != nil && us != fr)
    #expect(rules.flatClass(of: LayoutName(layout: "be")) == fr)
    #expect(rules.flatClass(of: LayoutName(layout: "xx")) == nil)
    // `other` is not the default model: that line does not apply.
    #expect(rules.flatClass(of: LayoutName(layout: "zz")) == us)
    #expect(rules.flatClass(of: LayoutName(layout: "de", variant: "neo")) == nil)
    #expect(rules.flatClass(of: LayoutName(layout: "de", variant: "basic"))?.hasVariant == true)
    #expect(rules.flatClass(of: LayoutName(layout: "us,de")) == nil)
    // A shared section that expands the layout, or an included file, turns the path off.
    #expect(XKBRulesScan(text: "! layout = types\n  * = complete+%l\n") == nil)
    #expect(XKBRulesScan(text: "! include %S/evdev\n") == nil)
  }
}

@Suite("inet(evdev)'s statements in the flat symbols section")
struct InetSymbolsTests {
  @Test("the system's inet(evdev) is read, and the flat texts hold its statements, not its name")
  func systemSectionIsInlined() throws {
    let analyzer = LayoutAnalyzer()
    let statements = try #require(
      InetSymbols.evdevStatements(includePaths: analyzer.context.includePaths))
    #expect(statements.contains("key <MUTE>"))
    let layouts = [LayoutName(layout: "us"), LayoutName(layout: "de")]
    let source = try #require(FlatLayoutSource.prepare(for: layouts, in: analyzer))
    let text = try #require(source.text(for: LayoutName(layout: "de")))
    #expect(!text.contains("inet(evdev)"))
    #expect(text.contains("include \"pc+de\"\n"))
    #expect(
      try XKBKeymap(context: analyzer.context, string: text).asString()
        == analyzer.compileByNames(LayoutName(layout: "de")).asString())
  }

  @Test("a section is read outside comments and strings, once, and not when it includes")
  func sectionParsing() {
    func body(_ text: String) -> String? {
      InetSymbols.section("evdev", in: Array(text.utf8))
    }
    let file = """
      // xkb_symbols "evdev" { in a comment }
      # xkb_symbols "evdev" { too }
      partial xkb_symbols "other" { key <A> { [ a ] }; name = "} xkb_symbols {"; };
      xkb_symbols "evdev" {
          key <MUTE> { [ XF86AudioMute ] }; // a } in a comment
          name[Group1] = "a { in a string // not a comment";
          key <B> { type = "X", [ b, B ] }; # include "other" in a comment
      };
      xkb_symbols "later" { key <C> { [ c ] }; };
      """
    let found = body(file)
    #expect(found?.contains("key <MUTE>") == true)
    #expect(found?.contains("key <B> { type = \"X\", [ b, B ] };") == true)
    #expect(found?.hasSuffix("# include \"other\" in a comment\n") == true)
    #expect(found?.contains("key <C>") == false)
    #expect(found?.contains("key <A>") == false)
    #expect(body(file + "\nxkb_symbols \"evdev\" { key <D> { [ d ] }; };") == nil)
    #expect(body("xkb_symbols \"evdev\" { include \"inet(x)\" };") == nil)
    #expect(body("xkb_symbols \"evdev\" { augment \"inet(x)\" };") == nil)
    #expect(body("xkb_symbols \"evdev\" { key <E> { [ e ] };") == nil)
    #expect(body("xkb_symbols \"other\" { };") == nil)
  }

  // The section reader used to have its own lexical rules (`/* */` comments, a backslash that
  // escapes a quote, strings over line ends, `#` in a key name starting a comment); it now
  // reads the tokens libxkbcommon 1.5's scanner reads.
  @Test(
    "a section is found by libxkbcommon's scanner rules",
    arguments: [
      // No `/* */` comments: `/` and `*` are tokens, so the header inside them is a section.
      SectionCase("/* xkb_symbols \"evdev\" { key <A> { [ a ] }; }; */", " key <A> { [ a ] }; "),
      SectionCase(
        "/* xkb_symbols \"evdev\" { a }; */ xkb_symbols \"evdev\" { key <B> { [ b ] }; };", nil),
      // A backslash never escapes the quote: the string ends there.
      SectionCase(
        "xkb_symbols \"evdev\" { name[Group1] = \"a\\\"; key <A> { [ a ] }; };",
        " name[Group1] = \"a\\\"; key <A> { [ a ] }; "),
      // The name is the string's value: escapes read, an unknown one's backslash left out.
      SectionCase("xkb_symbols \"ev\\144ev\" { a };", " a "),
      SectionCase("xkb_symbols \"evdev\\\" { a };", " a "),
      SectionCase("xkb_symbols \"ev\\\\dev\" { a };", nil),
      // `#` and `"` in a key name are part of it; `#` and `//` where a token starts are comments.
      SectionCase("xkb_symbols \"evdev\" { key <A#\"> { [ a ] }; };", " key <A#\"> { [ a ] }; "),
      SectionCase("xkb_symbols \"evdev\" { a }; # }\n", " a "),
      SectionCase("xkb_symbols \"evdev\" { s = \"// }\"; };", " s = \"// }\"; "),
      // Keywords are read without regard to case.
      SectionCase("XKB_Symbols \"evdev\" { a };", " a "),
      // Unterminated strings, key names, stray bytes and unpaired braces: not found.
      SectionCase("xkb_symbols \"evdev\" { s = \"open\n\"; };", nil),
      SectionCase("xkb_symbols \"evdev\" { key <A B> { [ a ] }; };", nil),
      SectionCase("xkb_symbols \"evdev\" { $ };", nil),
      SectionCase("xkb_symbols \"evdev\" { a }; }", nil),
      SectionCase("xkb_symbols \"evdev\" { a }; // \u{0}", nil),
      SectionCase("/* xkb_symbols \"other\" { a };", nil),
    ])
  func sectionByScannerRules(_ test: SectionCase) {
    #expect(InetSymbols.section("evdev", in: Array(test.file.utf8)) == test.body)
  }
}

/// A symbols file and the body `InetSymbols.section` finds of its section `evdev`.
struct SectionCase: CustomTestStringConvertible, Sendable {
  /// The file's text.
  var file: String
  /// The section's body, or nil when it is not found.
  var body: String?
  /// The case described by its file.
  var testDescription: String { file.debugDescription }

  /// A case.
  init(_ file: String, _ body: String?) {
    self.file = file
    self.body = body
  }
}

@Suite("XKB text read by libxkbcommon 1.5's scanner rules")
struct XKBTokenScannerTests {
  @Test("tokens are delimited as the scanner delimits them")
  func tokens() {
    let text = "key<AE01>{[0x1F,1.5 , x_1//c\n]};#\n\"a\\\"/*~!"
    var scanner = XKBTokenScanner(Array(text.utf8))
    var tokens: [(String, XKBTokenScanner.Token.Kind, Bool)] = []
    while let token = scanner.next() {
      tokens.append(
        (String(decoding: scanner.bytes[token.range], as: UTF8.self), token.kind, token.isSeparated)
      )
    }
    #expect(!scanner.failed)
    let expected: [(String, XKBTokenScanner.Token.Kind, Bool)] = [
      ("key", .identifier, false), ("<AE01>", .keyName, false), ("{", .punctuation, false),
      ("[", .punctuation, false), ("0x1F", .number, false), (",", .punctuation, false),
      ("1.5", .number, false), (",", .punctuation, true), ("x_1", .identifier, true),
      ("]", .punctuation, true), ("}", .punctuation, false), (";", .punctuation, false),
      ("\"a\\\"", .string, true), ("/", .punctuation, false), ("*", .punctuation, false),
      ("~", .punctuation, false), ("!", .punctuation, false),
    ]
    #expect(tokens.map(\.0) == expected.map(\.0))
    #expect(tokens.map(\.1) == expected.map(\.1))
    #expect(tokens.map(\.2) == expected.map(\.2))
  }

  @Test("a string's value follows the scanner's escapes and ends at a NUL")
  func stringValues() {
    func value(_ literal: String) -> String {
      var scanner = XKBTokenScanner(Array(literal.utf8))
      guard let token = scanner.next(), token.kind == .string else { return "not a string" }
      return String(decoding: scanner.stringValue(of: token), as: UTF8.self)
    }
    #expect(value("\"plain\"") == "plain")
    #expect(value("\"a\\\\b\\n\\t\\r\\b\\f\\v\\e\"") == "a\\b\n\t\r\u{8}\u{C}\u{B}\u{1B}")
    #expect(value("\"\\101\\1010\\7\"") == "AA0\u{7}")
    #expect(value("\"\\q\\\"") == "q")
    #expect(value("\"a\\0b\"") == "a")
  }

  @Test("what the scanner rejects stops the scan")
  func failures() {
    for bad in ["\"open\n\"", "<A B>", "<A", "a $", "a\u{0}", "// \u{0}", "\"\u{0}\"", "\u{80}"] {
      var scanner = XKBTokenScanner(Array(bad.utf8))
      while scanner.next() != nil {}
      #expect(scanner.failed, "\(bad.debugDescription)")
    }
  }
}

@Suite("keymap text compacted for libxkbcommon's scanner")
struct XKBTextCompactionTests {
  @Test("comments go and white space collapses, outside strings and key names only")
  func edgeCases() {
    func compact(_ text: String) -> String { XKBTextCompaction.compacted(text) }
    #expect(compact("  key <A>\t{ [ a ] };  // note \"x\" <y>\n# more\n") == "key <A> { [ a ] };")
    #expect(compact("name = \"a  // not # a comment\";") == "name = \"a  // not # a comment\";")
    #expect(compact("key <A#B> {};  key <C//> {};") == "key <A#B> {}; key <C//> {};")
    #expect(compact("a / b/c\n\r\u{0B}\u{0C}d") == "a / b/c d")
    // A backslash does not escape a quote: the string ends there, as the scanner ends it.
    #expect(compact("s = \"a\\\"  x  \"b\";") == "s = \"a\\\" x \"b\";")
    // There are no `/* */` comments: `/` and `*` are tokens, kept, and the space in them too.
    #expect(compact("a /*  b\n */ c /*d*/") == "a /* b */ c /*d*/")
    #expect(compact("s = \"a /* b */ // c # d\";") == "s = \"a /* b */ // c # d\";")
    // What the scanner rejects is left as it was, so it fails the same way.
    for bad in ["s = \"open\n\";", "key <A B> {};", "key <A", "a\u{0}b", "a $ b", "a // \u{0}\n b"]
    {
      #expect(compact(bad) == bad)
    }
  }

  @Test("a compacted keymap text compiles to the keymap of the text it came from")
  func compactedKeymapsAreIdentical() throws {
    let analyzer = LayoutAnalyzer()
    var random = SplitMix64(seed: 0x5EE8)
    let comments = ["// a \"string\" and <KEY>", "# ; { } [", "//", "#"]
    let spaces = ["", " ", "\t", "  \t ", "\r", "\u{0B}\u{0C}"]
    for name in sampleLayouts {
      guard let keymap = try? analyzer.compileByNames(name) else { continue }
      let text = keymap.asString()
      // The same text with white space and comments added at line starts and ends, where
      // `xkb_keymap_get_as_string` always has a token boundary.
      let noisy = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
        let lead = spaces[random.next(spaces.count)]
        let tail = random.next(3) == 0 ? " " + comments[random.next(comments.count)] : ""
        return lead + line + tail
      }.joined(separator: "\n")
      // The reference is the text compiled as it is (libxkbcommon's text of a keymap does not
      // always compile back to that keymap: de(neo) loses a modifier map entry).
      let reference = try XKBKeymap(context: analyzer.context, string: text).asString()
      for variant in [text, noisy] {
        let compacted = XKBTextCompaction.compacted(variant)
        #expect(compacted.utf8.count < variant.utf8.count, "\(name): nothing left out")
        let compiled = try XKBKeymap(context: analyzer.context, string: compacted)
        #expect(compiled.asString() == reference, "\(name): the compacted text is another keymap")
        let asItIs = try XKBKeymap(context: analyzer.context, string: variant)
        #expect(asItIs.asString() == reference, "\(name): the noise changed the keymap")
      }
    }
  }
}
