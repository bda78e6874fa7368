import MenuKit
import MenuKitLint
import Testing

/// A keymap with one case per conflict class; the comments give each binding's line.
private let conflictsKeymap = """
  { "schemaVersion": 1, "keymap": [
    { "context": "Editor && mode == full",
      "bindings": [ { "keys": "Cmd+K", "command": "a" } ] },
    { "context": "Editor",
      "bindings": [ { "keys": "Cmd+K", "command": "b" },
                    { "keys": "Cmd+J", "command": "c" } ] },
    { "context": "Editor && mode == full",
      "bindings": [ { "keys": "Cmd+J", "command": "d" } ] },
    { "context": "Pane && pinned",
      "bindings": [ { "keys": "Cmd+W", "command": "e" } ] },
    { "context": "Pane && focused",
      "bindings": [ { "keys": "Cmd+W", "command": "f" } ] },
    { "context": "Pane",
      "bindings": [ { "keys": "Cmd+L", "command": "g" } ] },
    { "context": "Editor",
      "bindings": [ { "keys": "Cmd+L", "command": "h" } ] },
    { "bindings": [ { "keys": "Cmd+M", "command": "i" },
                    { "keys": "Cmd+M", "command": "i" } ] }
  ] }
  """

/// Lints keymap texts given as (path, text) pairs.
func lint(
  _ files: [(String, String)], format: LintInputFormat = .keymap,
  configuration: LintConfiguration = LintConfiguration(platform: .linux)
) -> LintReport {
  let documents = files.map { path, text in
    LintDocument.load(text: text, path: path, format: format, platform: configuration.platform)
  }
  return KeymapLinter(configuration: configuration).lint(documents)
}

/// `CODE@line:column` for each finding.
func summary(_ report: LintReport) -> [String] {
  report.findings.map { finding in
    "\(finding.code.rawValue)@\(finding.location.map { "\($0.line):\($0.column)" } ?? "-")"
  }
}

@Suite("Conflicts, dead bindings and overrides")
struct ConflictRuleTests {
  @Test("tells dead bindings, overrides by design and ambiguities apart, with positions")
  func classes() {
    let report = lint([("k.json", conflictsKeymap)])
    #expect(
      summary(report) == [
        "MK602@3:19",  // a: 'Editor && mode == full' before 'Editor' never runs
        "MK603@8:19",  // d: more specific and later, by design
        "MK601@12:19",  // f: 'Pane && focused' vs 'Pane && pinned'
        "MK602@17:19",  // i twice: redundant (a warning)
      ])
    #expect(report.findings.map(\.severity) == [.error, .note, .warning, .warning])
    // Cmd+L in Pane and in Editor: depth decides, nothing is reported.
    #expect(!report.findings.contains { $0.message.contains("Ctrl+L") })
  }

  @Test("an ambiguity's witness is a stack where the resolver lets the later binding win")
  func ambiguityWitnessHoldsInTheResolver() throws {
    let report = lint([("k.json", conflictsKeymap)])
    let finding = try #require(report.findings.first { $0.code == .ambiguousBinding })
    let note = try #require(finding.notes.first?.message)
    #expect(
      note
        == "the earlier binding: e in 'Pane && pinned'; both apply in the context stack "
        + "'Pane focused pinned'")
    let (keymap, _) = KeymapFile.load(text: conflictsKeymap, path: "k.json", source: .app)
    let resolver = KeyBindingResolver(bindings: try #require(keymap).bindings, platform: .linux)
    let stack = try KeyContext.stack(parsing: "Pane focused pinned")
    let resolution = resolver.resolve(try KeySequence(parsing: "Cmd+W"), in: stack)
    #expect(resolution.binding?.effect == .perform("f", arguments: nil))
  }

  @Test("a dead binding never wins in the resolver, in any stack where it applies")
  func deadBindingNeverWins() throws {
    let (keymap, _) = KeymapFile.load(text: conflictsKeymap, path: "k.json", source: .app)
    let resolver = KeyBindingResolver(bindings: try #require(keymap).bindings, platform: .linux)
    for text in ["Editor mode=full", "Pane > Editor mode=full", "Editor mode=full > Editor"] {
      let stack = try KeyContext.stack(parsing: text)
      let resolution = resolver.resolve(try KeySequence(parsing: "Cmd+K"), in: stack)
      #expect(resolution.binding?.effect == .perform("b", arguments: nil), "\(text)")
    }
  }

  @Test("a later file overrides an earlier one by design")
  func laterFileOverrides() {
    let app = """
      { "schemaVersion": 1, "keymap": [ { "bindings": [ { "keys": "Cmd+S", "command": "save" } ] } ] }
      """
    let user = """
      { "schemaVersion": 1, "keymap": [ { "bindings": [ { "keys": "Cmd+S", "command": "mine" } ] } ] }
      """
    let report = lint([("app.json", app), ("user.json", user)])
    #expect(summary(report) == ["MK603@1:51"])
    #expect(report.findings.first?.location?.file == "app.json")
    #expect(report.findings.first?.notes.first?.location?.file == "user.json")
  }

  @Test("a removal with its own context narrows where the removed binding applies")
  func contextualRemoval() {
    let text = """
      { "schemaVersion": 1, "keymap": [
        { "bindings": [ { "keys": "Cmd+K", "command": "a" } ] },
        { "context": "Editor", "bindings": [ { "keys": "Cmd+K", "command": "-a" } ] },
        { "context": "!Editor", "bindings": [ { "keys": "Cmd+K", "command": "b" } ] }
      ] }
      """
    // 'a' applies only where Editor does not hold anywhere: there 'b' (later) holds too.
    let report = lint([("k.json", text)])
    #expect(summary(report) == ["MK602@2:19"])
  }

  @Test("a sequence that begins with another binding's keys shadows it")
  func prefixShadowing() {
    let text = """
      { "schemaVersion": 1, "keymap": [
        { "context": "Editor", "bindings": [ { "keys": "Cmd+K", "command": "a" } ] },
        { "context": "Editor", "bindings": [ { "keys": "Cmd+K Cmd+S", "command": "b" } ] },
        { "context": "Terminal", "bindings": [ { "keys": "Cmd+K Cmd+T", "command": "c" } ] }
      ] }
      """
    let report = lint([("k.json", text)])
    #expect(summary(report) == ["MK604@2:40"])
    // Terminal and Editor are kinds that never share a context, but can be on one stack.
    #expect(report.findings.first?.message.contains("2 longer sequences") == true)
  }

  @Test("Cmd+X and Ctrl+X are the same keys on linux, not on mac")
  func profileDuplicates() {
    let text = """
      { "schemaVersion": 1, "keymap": [
        { "bindings": [ { "keys": "Cmd+D", "command": "a" }, { "keys": "Ctrl+D", "command": "b" } ] }
      ] }
      """
    let linux = lint([("k.json", text)])
    #expect(summary(linux) == ["MK602@2:19", "MK609@2:56"])
    let mac = lint([("k.json", text)], configuration: LintConfiguration(platform: .mac))
    #expect(summary(mac).isEmpty)
  }

  @Test("reserved shortcuts depend on the desktop")
  func reserved() {
    let text = """
      { "schemaVersion": 1, "keymap": [
        { "bindings": [ { "keys": "Alt+F4", "command": "quit" }, { "keys": "Ctrl+Alt+L", "command": "lock" },
                        { "keys": "Alt+F2 X", "command": "x" } ] }
      ] }
      """
    let gnome = lint([("k.json", text)])
    #expect(summary(gnome) == ["MK610@2:19", "MK610@3:19"])
    let kde = lint(
      [("k.json", text)], configuration: LintConfiguration(platform: .linux, desktop: .kde))
    #expect(summary(kde) == ["MK610@2:19", "MK610@2:60", "MK610@3:19"])
    #expect(kde.findings[1].message.contains("reserved by KDE Plasma: it locks the screen"))
  }

  @Test("every row of every reserved-shortcut table parses and is written in canonical text")
  func reservedTablesParse() throws {
    #expect(ReservedShortcut.table(for: .gnome).count == 78)
    #expect(ReservedShortcut.table(for: .kde).count == 79)
    #expect(ReservedShortcut.table(for: .macos).count == 17)
    for desktop in Desktop.allCases {
      for entry in ReservedShortcut.table(for: desktop) {
        #expect(try KeyboardShortcut(parsing: entry.text).canonicalText == entry.text)
      }
    }
  }

  @Test(
    "GNOME's and KDE's Super shortcuts are reserved for Super+key bindings on linux and windows",
    arguments: [PlatformProfile.linux, .windows])
  func reservedSuperShortcuts(platform: PlatformProfile) throws {
    let text = """
      { "schemaVersion": 1, "keymap": [
        { "bindings": [ { "keys": "Super+L", "command": "lock" }, { "keys": "Super+E", "command": "files" },
                        { "keys": "Super+Shift+PageUp", "command": "up" }, { "keys": "Super", "command": "tap" },
                        { "keys": "Super+1", "command": "first" }, { "keys": "Super+J", "command": "free" },
                        { "keys": "Cmd+L", "command": "ctrl" }, { "keys": "Super+.", "command": "emoji" } ] }
      ] }
      """
    let gnome = lint([("k.json", text)], configuration: LintConfiguration(platform: platform))
    #expect(summary(gnome) == ["MK610@2:19", "MK610@3:19", "MK610@3:70", "MK610@4:19"])
    let messages = gnome.findings.map(\.message)
    let superWord = platform == .windows ? "Win" : "Super"
    #expect(
      messages[0] == "\(superWord)+L (lock) is reserved by GNOME: it locks the screen, so the "
        + "app never receives it; choose other keys")
    #expect(messages[1].contains("reserved by GNOME: it moves the window to the workspace above"))
    #expect(messages[2].contains("reserved by GNOME: it opens the activities overview when tapped"))
    #expect(messages[3].contains("reserved by GNOME: it switches to application 1 of the dash"))
    let kde = lint(
      [("k.json", text)], configuration: LintConfiguration(platform: platform, desktop: .kde))
    #expect(
      summary(kde) == ["MK610@2:19", "MK610@2:61", "MK610@3:70", "MK610@4:19", "MK610@5:59"])
    #expect(kde.findings[1].message.contains("reserved by KDE Plasma: it opens the file manager"))
    #expect(kde.findings[4].message.contains("reserved by KDE Plasma: it opens the emoji selector"))
    // Ctrl+L (Cmd+L on linux) is not the Super key: not reserved.
    #expect(!gnome.findings.contains { $0.message.contains("(ctrl)") })
  }

  @Test("Cmd+E and Super+E are the same keys on mac, two keys on linux")
  func superProfileDuplicates() {
    let text = """
      { "schemaVersion": 1, "keymap": [
        { "bindings": [ { "keys": "Cmd+E", "command": "a" }, { "keys": "Super+E", "command": "b" } ] }
      ] }
      """
    let mac = lint([("k.json", text)], configuration: LintConfiguration(platform: .mac))
    #expect(summary(mac) == ["MK602@2:19", "MK609@2:56"])
    #expect(
      mac.findings.last?.message
        == "Super+E and Cmd+E are the same keys (⌘E) under the mac profile: b here and a "
        + "earlier; write both with Cmd, or choose other keys")
    let linux = lint([("k.json", text)])
    #expect(summary(linux).isEmpty)
    let windows = lint([("k.json", text)], configuration: LintConfiguration(platform: .windows))
    #expect(summary(windows).isEmpty)
  }
}

@Suite("Menus: mnemonics and undefined commands")
struct MenuRuleTests {
  let menu = """
    { "schemaVersion": 1,
      "menu": { "menu": "", "id": "root", "children": [
        { "menu": "_File", "children": [
          { "command": "_Save", "action": "save:", "shortcut": "Cmd+S" },
          { "inline": [ { "command": "_Select All", "action": "selectAll:" } ] },
          { "command": "Save __As", "action": "saveAs:" },
          { "command": "&Open", "action": "openDocument:" }
        ] },
        { "menu": "_Edit", "children": [] }
      ] } }
    """

  @Test("two items of one menu, inline groups included, with the same mnemonic")
  func mnemonics() {
    let report = lint([("menu.json", menu)], format: .menu)
    let mnemonic = report.findings.filter { $0.code == .duplicateMnemonic }
    #expect(mnemonic.map { "\($0.location!.line):\($0.location!.column)" } == ["5:34"])
    #expect(mnemonic.first?.notes.first?.location?.line == 4)
    #expect(mnemonic.first?.message.contains("mnemonic 's'") == true)
  }

  @Test("a menu's own problems come from the menu validator, with their codes")
  func menuValidation() {
    let duplicate = """
      { "schemaVersion": 1,
        "menu": { "menu": "", "id": "root", "children": [
          { "command": "Cut", "action": "cut:", "shortcut": "Cmd+X" },
          { "command": "Cross Out", "action": "crossOut:", "shortcut": "Ctrl+X" } ] } }
      """
    let report = lint([("menu.json", duplicate)], format: .menu)
    // MK302 from MenuValidator, at the menu it was found in; keymap-lint adds no MK609.
    #expect(summary(report) == ["MK302@2:11"])
  }

  @Test("a keymap command no menu defines, with a suggestion")
  func undefinedCommand() {
    let keymap = """
      { "schemaVersion": 1, "keymap": [ { "bindings": [
        { "keys": "Cmd+Shift+S", "command": "saveAz:" },
        { "keys": "Cmd+Shift+O", "command": "openDocument:" },
        { "keys": "Cmd+Q", "command": "terminate:" } ] } ] }
      """
    let documents = [
      LintDocument.load(text: menu, path: "menu.json", format: .menu, platform: .linux),
      LintDocument.load(text: keymap, path: "k.json", format: .keymap, platform: .linux),
    ]
    let report = KeymapLinter(configuration: LintConfiguration(platform: .linux)).lint(documents)
    let undefined = report.findings.filter { $0.code == .undefinedCommand }
    #expect(undefined.count == 1)
    #expect(undefined.first?.location?.line == 2)
    #expect(undefined.first?.message.hasSuffix("did you mean 'saveAs:'?") == true)
    // Without a menu file the rule does not run.
    #expect(!lint([("k.json", keymap)]).findings.contains { $0.code == .undefinedCommand })
  }

  @Test("two spellings of one press are a conflict: Ctrl+Shift+[ and Ctrl+{, Alt+Shift+1 and Alt+!")
  func spellingsOfOnePress() throws {
    let keymap = """
      { "schemaVersion": 1, "keymap": [
        { "bindings": [ { "keys": "Ctrl+Shift+[", "command": "fold" },
                        { "keys": "Ctrl+{", "command": "unfold" } ] },
        { "context": "Pane && pinned",
          "bindings": [ { "keys": "Alt+!", "command": "one" } ] },
        { "context": "Pane && focused",
          "bindings": [ { "keys": "Alt+Shift+1", "command": "two" } ] },
        { "bindings": [ { "keys": "Ctrl+[", "command": "outdent" },
                        { "keys": "Ctrl+Shift+]", "command": "indent" } ] }
      ] }
      """
    let report = lint([("k.json", keymap)])
    #expect(summary(report) == ["MK602@2:19", "MK601@7:19"])
    let dead = try #require(report.findings.first)
    #expect(
      dead.notes.first?.message
        == "overridden here by unfold in no context (Ctrl+{ is the same press as Ctrl+Shift+[: "
        + "docs/decisions/0009-stroke-semantics.md)")
    // Not a profile duplicate: the keys differ as written, not by Cmd and Ctrl.
    #expect(!report.findings.contains { $0.code == .profileDuplicate })
    // The dispatcher agrees: on US QWERTY the press Ctrl+Shift+[ reads as both.
    let resolver = KeyBindingResolver(
      bindings: try #require(KeymapFile.load(text: keymap, source: .app).keymap).bindings,
      platform: .linux)
    let later = resolver.resolve(try KeySequence(parsing: "Ctrl+{"), in: [])
    #expect(later.binding?.effect == .perform("unfold", arguments: nil))
  }
}

@Suite("Physical-key strokes in keymap-lint")
struct PhysicalKeyLintTests {
  /// VSCodeVim's `ctrl+[` binding (its package.json; the `vim.use<C-[>` term of its when
  /// clause left out) and the scan-code twin that vscode-neovim binds next to it, so that
  /// Escape works where `[` is not the key right of P.
  private static let twins = """
    [
      { "key": "ctrl+[", "command": "extension.vim_ctrl+[",
        "when": "editorTextFocus && vim.active && !inDebugRepl" },
      { "key": "ctrl+[BracketLeft]", "command": "extension.vim_ctrl+[",
        "when": "editorTextFocus && vim.active && !inDebugRepl" }
    ]
    """

  @Test("a character stroke and its physical twin are different keys: nothing to delete")
  func twinsAreNotDuplicates() {
    let report = lint([("keybindings.json", Self.twins)], format: .vscode)
    #expect(summary(report) == [])
  }

  @Test("a physical stroke bound twice is still a duplicate")
  func physicalDuplicates() {
    let text = """
      [
        { "key": "ctrl+[Period]", "command": "a" },
        { "key": "ctrl+[period]", "command": "b" }
      ]
      """
    let report = lint([("keybindings.json", text)], format: .vscode)
    #expect(report.findings.contains { $0.location?.line == 2 && $0.severity == .error })
  }
}

@Suite("Conflict rules at scale")
struct ConflictRuleScaleTests {
  @Test("10,000 GTK accelerators of one key: each earlier one is dead, found in linear work")
  func manyBindingsOfOneKey() throws {
    let text = (0..<10_000).map { #"(gtk_accel_path "<Actions>/win/a\#($0)" "<Primary>s")"# }
      .joined(separator: "\n")
    let report = lint([("accels", text)], format: .gtk)
    let dead = report.findings.filter { $0.code == .deadBinding }
    #expect(dead.count == 9_999)
    #expect(report.findings.count == 9_999)
    let first = try #require(dead.first)
    #expect(first.location?.line == 1)
    #expect(first.notes.map(\.location?.line) == [2, 3, 4, nil])
    #expect(first.notes.last?.message == "and 9996 more")
    #expect(dead.last?.notes.map(\.location?.line) == [10_000])
  }

  @Test("50,000 removals of one binding, each in its own context, make one flat formula")
  func manyRemovalsOfOneBinding() throws {
    let removals = (0..<50_000).map { #"{ "key": "ctrl+k", "command": "-a", "when": "k\#($0)" }"# }
    let text =
      #"[{ "key": "ctrl+k", "command": "a" },"# + removals.joined(separator: ",")
      + #", { "key": "ctrl+k", "command": "b" }]"#
    let document = LintDocument.load(text: text, path: "k.json", format: .vscode, platform: .linux)
    let model = LintModel(
      documents: [document], configuration: LintConfiguration(platform: .linux))
    let removed = try #require(model.bindings.first)
    guard case .and(let terms) = removed.applies else {
      Issue.record("expected one list, got a nested formula")
      return
    }
    #expect(terms.count == 50_001)
    // Too large to search: the solver leaves it undecided, and no rule reports on it.
    #expect(model.solver.decide(removed.applies) == .undecided)
    _ = KeymapLinter(configuration: LintConfiguration(platform: .linux)).lint([document])
  }

  @Test("bindings of one key in two spellings: a profile duplicate for each later one only")
  func manyProfileDuplicates() {
    let bindings = (0..<2_000).map { index in
      #"{ "keys": "\#(index < 1_000 ? "Cmd" : "Ctrl")+K", "command": "c\#(index)" }"#
    }
    let text =
      #"{ "schemaVersion": 1, "keymap": [{ "bindings": [\#(bindings.joined(separator: ","))] }] }"#
    let report = lint([("k.json", text)])
    #expect(report.findings.filter { $0.code == .profileDuplicate }.count == 1_000)
  }

  @Test("MK602 and MK601 name a witness stack, checked against the resolver; fingerprints skip it")
  func witnesses() throws {
    let report = lint([("k.json", conflictsKeymap)])
    let dead = try #require(report.findings.first { $0.code == .deadBinding })
    let stack = try #require(dead.witness)
    #expect(!dead.message.contains("witness"))
    #expect(dead.participants.first { $0.role == .reported }?.witness == stack)
    // Where the dead binding applies, the resolver picks the later one.
    let keymap = try #require(
      KeymapFile.load(text: conflictsKeymap, path: "k.json", source: .app).keymap)
    let resolution = KeyBindingResolver(bindings: keymap.bindings, platform: .linux)
      .resolve(try KeySequence(parsing: "Cmd+K"), in: stack)
    #expect(resolution.binding?.effect == .perform("b", arguments: nil))
    #expect(
      try ContextPredicate(parsing: "Editor && mode == full").holds(in: stack, at: stack.count - 1))
    let ambiguous = try #require(report.findings.first { $0.code == .ambiguousBinding })
    let both = try #require(ambiguous.witness)
    for context in ["Pane && pinned", "Pane && focused"] {
      #expect(try ContextPredicate(parsing: context).holds(in: both, at: both.count - 1))
    }
    // SARIF carries it as a property; a baseline whose message ended with the witness, as
    // before JSON version 2, has the same fingerprint.
    let sarif = LintReportFormatter.sarif(report)
    #expect(sarif.contains("\"witnessContextStack\""))
    var olderMessage = dead
    olderMessage.diagnostic.message += "; witness context stack '\(LintModel.describe(stack))'"
    olderMessage.witness = nil
    #expect(LintBaseline.fingerprint(of: dead) == LintBaseline.fingerprint(of: olderMessage))
  }
}
