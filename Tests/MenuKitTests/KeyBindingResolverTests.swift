import MenuKitPalette
import Testing

@testable import MenuKit

/// A binding from text, for tables.
private func bind(
  _ keys: String, _ command: String?, context: String? = nil, source: KeymapSource = .user
) throws -> KeyBinding {
  let effect: KeyBinding.Effect =
    if let command {
      command.hasPrefix("-")
        ? .unbindCommand(ActionName(String(command.dropFirst())))
        : .perform(ActionName(command), arguments: nil)
    } else {
      .unbind
    }
  return KeyBinding(
    keys: try KeySequence(parsing: keys), effect: effect,
    context: try context.map { try ContextPredicate(parsing: $0) }, source: source)
}

private func performed(_ resolution: KeyBindingResolution) -> String? {
  guard case .perform(let action, _)? = resolution.binding?.effect else { return nil }
  return action.rawValue
}

private let editorStack = try! KeyContext.stack(parsing: "Workspace > Pane > Editor mode=full")

@Suite("Keymap precedence, one test per rule (docs/formats/keymaps.md)")
struct KeyBindingPrecedenceTests {
  @Test("rule 1: a later layer wins at the same depth — the user keymap overrides the app's")
  func layers() throws {
    // Given out of order: the resolver orders by source, so the user's wins.
    let resolver = KeyBindingResolver(
      bindings: [
        try bind("Ctrl+S", "user.save", source: .user),
        try bind("Ctrl+S", "app.save", source: .app),
        try bind("Ctrl+S", "ext.save", source: .extension),
      ], platform: .linux)
    let resolution = resolver.resolve(try KeySequence(parsing: "Ctrl+S"), in: editorStack)
    #expect(performed(resolution) == "user.save")
    #expect(resolver.bindings.map(\.source) == [.app, .extension, .user])
    #expect(
      resolution.candidates.filter { !$0.isWinner }.map(\.lossReason) == [
        .overriddenByLater, .overriddenByLater,
      ])
  }

  @Test("rule 2: '-command' removes the earlier binding of those keys to that command")
  func removal() throws {
    let resolver = KeyBindingResolver(
      bindings: [
        try bind("Ctrl+K", "format", source: .builtIn),
        try bind("Ctrl+K", "kill", context: "Editor", source: .builtIn),
        try bind("Ctrl+K", "-format", source: .user),
      ], platform: .linux)
    let resolution = resolver.resolve(try KeySequence(parsing: "Ctrl+K"), in: editorStack)
    #expect(performed(resolution) == "kill")
    let format = resolution.candidates.first {
      $0.binding.effect == .perform("format", arguments: nil)
    }
    #expect(format?.lossReason == .removed)
    // A removal with another context removes the binding only where that context holds.
    let scoped = KeyBindingResolver(
      bindings: [
        try bind("Ctrl+K", "format", source: .builtIn),
        try bind("Ctrl+K", "-format", context: "Editor", source: .user),
      ], platform: .linux)
    let keys = try KeySequence(parsing: "Ctrl+K")
    #expect(performed(scoped.resolve(keys, in: editorStack)) == nil)
    #expect(scoped.resolve(keys, in: editorStack).candidates.first?.lossReason == .removed)
    let workspace = try KeyContext.stack(parsing: "Workspace")
    #expect(performed(scoped.resolve(keys, in: workspace)) == "format")
    #expect(scoped.keys(for: CommandKey(action: "format"), in: workspace) == keys)
    #expect(scoped.keys(for: CommandKey(action: "format"), in: editorStack) == nil)
  }

  @Test("rule 3: a binding whose context holds nowhere on the chain does not take part")
  func contextMustHold() throws {
    let resolver = KeyBindingResolver(
      bindings: [
        try bind("Ctrl+T", "newTab", source: .builtIn),
        try bind("Ctrl+T", "terminal.toggle", context: "Terminal", source: .user),
      ], platform: .linux)
    let resolution = resolver.resolve(try KeySequence(parsing: "Ctrl+T"), in: editorStack)
    #expect(performed(resolution) == "newTab")
    #expect(resolution.candidates.last?.lossReason == .contextDoesNotMatch)
  }

  @Test("rule 4: the press's own key beats the Latin fallback")
  func exactBeforeFallback() throws {
    let resolver = KeyBindingResolver(
      bindings: [
        try bind("Ctrl+ф", "cyrillic", source: .builtIn),
        try bind("Ctrl+A", "selectAll", source: .user),
      ], platform: .linux)
    // A Russian press of the A key: "ф" itself, then the Latin "a" of the same key.
    var latin = KeyBindingResolver.Stroke(input: "a", modifiers: .control).reading
    latin.source = .fallback
    let typed = [[KeyBindingResolver.Stroke(input: "ф", modifiers: .control).reading, latin]]
    let resolution = resolver.resolve(typed, in: editorStack, layout: nil)
    #expect(performed(resolution) == "cyrillic")
    #expect(resolution.candidates.first { !$0.isWinner }?.lossReason == .fallbackOutranked)
  }

  @Test("rule 5: the binding whose context matches deeper on the chain wins, even if earlier")
  func deeperWins() throws {
    let resolver = KeyBindingResolver(
      bindings: [
        try bind("Ctrl+W", "editor.close", context: "Editor", source: .builtIn),
        try bind("Ctrl+W", "pane.close", context: "Pane", source: .user),
      ], platform: .linux)
    let resolution = resolver.resolve(try KeySequence(parsing: "Ctrl+W"), in: editorStack)
    #expect(performed(resolution) == "editor.close")
    #expect(resolution.candidates.map(\.depth) == [2, 1])
    #expect(resolution.candidates.last?.lossReason == .shallowerContext)
    // Outside the editor the pane's binding is the only one left.
    let paneStack = try KeyContext.stack(parsing: "Workspace > Pane")
    #expect(
      performed(resolver.resolve(try KeySequence(parsing: "Ctrl+W"), in: paneStack)) == "pane.close"
    )
  }

  @Test("rule 6: at the same depth the later binding wins; no context counts as the deepest")
  func laterWins() throws {
    let resolver = KeyBindingResolver(
      bindings: [
        try bind("Ctrl+P", "quickOpen", context: "Editor", source: .app),
        try bind("Ctrl+P", "print", source: .app),
      ], platform: .linux)
    let resolution = resolver.resolve(try KeySequence(parsing: "Ctrl+P"), in: editorStack)
    #expect(performed(resolution) == "print")
    #expect(resolution.candidates.first?.lossReason == .overriddenByLater)
  }

  @Test("rule 7: an unbind that wins disables the keys in its context")
  func unbindDisables() throws {
    let resolver = KeyBindingResolver(
      bindings: [
        try bind("Ctrl+Q", "quit", source: .builtIn),
        try bind("Ctrl+Q", nil, context: "Editor", source: .user),
      ], platform: .linux)
    let resolution = resolver.resolve(try KeySequence(parsing: "Ctrl+Q"), in: editorStack)
    #expect(resolution.outcome == .none)
    #expect(resolution.binding == nil)
    #expect(resolution.unboundBy?.effect == .unbind)
    #expect(resolution.candidates.map(\.lossReason) == [.unbound, .unbinds])
    // Outside the editor the unbind's context does not hold: Quit fires.
    let root = try KeyContext.stack(parsing: "Workspace")
    #expect(performed(resolver.resolve(try KeySequence(parsing: "Ctrl+Q"), in: root)) == "quit")
  }

  @Test("rule 8: strokes that begin a longer binding are pending, with the shorter one ready")
  func sequencesPend() throws {
    let resolver = KeyBindingResolver(
      bindings: [
        try bind("Ctrl+K", "deleteLine", source: .builtIn),
        try bind("Ctrl+K Ctrl+S", "saveAll", source: .builtIn),
        try bind("Ctrl+K Ctrl+T", "theme", context: "Terminal", source: .builtIn),
      ], platform: .linux)
    let first = resolver.resolve(try KeySequence(parsing: "Ctrl+K"), in: editorStack)
    #expect(first.outcome == .pending)
    #expect(performed(first) == "deleteLine")
    #expect(first.continuations.map(\.keys.canonicalText) == ["Ctrl+K Ctrl+S"])
    let both = resolver.resolve(try KeySequence(parsing: "Ctrl+K Ctrl+S"), in: editorStack)
    #expect(both.outcome == .matched)
    #expect(performed(both) == "saveAll")
    let dead = resolver.resolve(try KeySequence(parsing: "Ctrl+K Ctrl+T"), in: editorStack)
    #expect(dead.outcome == .none)
  }

  @Test("Cmd and Ctrl are the same chord on linux, different on mac")
  func platformChords() throws {
    let bindings = [
      try bind("Cmd+S", "save", source: .builtIn), try bind("Ctrl+S", "other", source: .user),
    ]
    let linux = KeyBindingResolver(bindings: bindings, platform: .linux)
    #expect(performed(linux.resolve(try KeySequence(parsing: "Cmd+S"), in: [])) == "other")
    let mac = KeyBindingResolver(bindings: bindings, platform: .mac)
    #expect(performed(mac.resolve(try KeySequence(parsing: "Cmd+S"), in: [])) == "save")
  }
}

@Suite("Keymap reverse lookup")
struct KeyBindingReverseLookupTests {
  @Test("the shortcut shown is the one that would fire, never a shadowed or unbound one")
  func shownShortcutFires() throws {
    let resolver = KeyBindingResolver(
      bindings: [
        try bind("Ctrl+S", "save", source: .builtIn),
        try bind("Ctrl+Shift+S", "save", context: "Terminal", source: .builtIn),
        try bind("Ctrl+Alt+S", "save", source: .app),
        try bind("Ctrl+Alt+S", "sync", source: .user),  // takes Ctrl+Alt+S over
        try bind("Ctrl+S", nil, context: "Editor", source: .user),  // and Ctrl+S in editors
      ], platform: .linux)
    let save = CommandKey(action: "save")
    // In the editor: Ctrl+Alt+S is taken, Ctrl+S is unbound, Ctrl+Shift+S needs a terminal.
    #expect(resolver.keys(for: save, in: editorStack) == nil)
    let root = try KeyContext.stack(parsing: "Workspace")
    #expect(resolver.keys(for: save, in: root)?.canonicalText == "Ctrl+S")
    let terminal = try KeyContext.stack(parsing: "Workspace > Terminal")
    #expect(resolver.keys(for: save, in: terminal)?.canonicalText == "Ctrl+Shift+S")
    #expect(resolver.shortcutLabels(in: root)[CommandKey(action: "sync")] == "Ctrl+Alt+S")
  }

  @Test("menu key commands are the defaults; a user binding moves a command's shortcut")
  @MainActor
  func menuDefaults() throws {
    let menu = Menu(children: [
      .menu(
        Menu(
          title: "File",
          children: [
            .keyCommand(
              KeyCommand(title: "Save", action: "save:", input: "s", modifierFlags: .command)),
            .command(Command(title: "Save All", action: "saveAll:")),
          ]))
    ])
    let user = Keymap(
      source: .user,
      bindings: [try bind("Ctrl+K S", "saveAll:"), try bind("Ctrl+Alt+S", "save:")])
    let resolver = KeyBindingResolver(defaults: menu, keymaps: [user], platform: .linux)
    #expect(resolver.bindings.first?.source == .builtIn)
    #expect(resolver.menuCommands[CommandKey(action: "saveAll:")]?.command.title == "Save All")
    #expect(resolver.menuCommands[CommandKey(action: "save:")]?.keyCommand?.input == "s")
    let labels = resolver.shortcutLabels(in: [])
    // Both bindings of save: fire; the later (user) one is shown.
    #expect(labels[CommandKey(action: "save:")] == "Ctrl+Alt+S")
    #expect(labels[CommandKey(action: "saveAll:")] == "Ctrl+K S")
  }

  @Test("modifier-only strokes parse, print and label")
  func modifierKeys() throws {
    let sequence = try KeySequence(parsing: "Shift Shift")
    #expect(sequence.strokes.map(\.input.modifierKey) == [.shift, .shift])
    #expect(sequence.canonicalText == "Shift Shift")
    #expect(try KeySequence(parsing: "Cmd").label(for: .linux) == "Ctrl")
    #expect(try KeySequence(parsing: "Cmd").label(for: .mac) == "⌘")
    #expect(KeyInput.modifierKey([.shift, .control]) == nil)
    #expect(throws: KeyboardShortcutParseError.self) { try KeyboardShortcut(parsing: "Ctrl+Shift") }
  }
}

@Suite("Keymap labels in menus and discoverability")
@MainActor
struct KeymapLabelTests {
  private static let menu = Menu(children: [
    .menu(
      Menu(
        title: "File",
        children: [
          .keyCommand(
            KeyCommand(title: "Save", action: "save:", input: "s", modifierFlags: .command)),
          .keyCommand(
            KeyCommand(title: "Print", action: "print:", input: "p", modifierFlags: .command)),
          .command(Command(title: "Save All", action: "saveAll:")),
        ]))
  ])

  private static func resolver() throws -> KeyBindingResolver {
    let user = Keymap(
      source: .user,
      bindings: [
        try bind("Ctrl+K S", "saveAll:"), try bind("Ctrl+P", "-print:"),
        try bind("Ctrl+Alt+S", "save:"),
      ])
    return KeyBindingResolver(defaults: menu, keymaps: [user], platform: .linux)
  }

  @Test("the text renderer draws the keys that fire, and none for removed ones")
  func renderer() throws {
    var renderer = TextMenuRenderer(platform: .linux)
    renderer.shortcutLabels = try Self.resolver().shortcutLabels(in: [])
    #expect(
      renderer.render(Self.menu) == """
        File
          Save    Ctrl+Alt+S
          Print
          Save All  Ctrl+K S
        """)
  }

  @Test("discoverability lists keymap-bound commands with the keys that fire")
  func discoverability() throws {
    let app = Application()
    let window = Window(application: app)
    app.keyWindow = window
    for action: ActionName in ["save:", "print:", "saveAll:"] { app.handle(action) { _ in } }
    let groups = Discoverability.keyCommands(
      from: app.firstResponderForEvents, mainMenu: Self.menu, platform: .linux,
      keyBindings: try Self.resolver())
    #expect(groups.map(\.title) == ["File"])
    #expect(groups[0].entries.map(\.title) == ["Save", "Save All"])
    #expect(groups[0].entries.map(\.shortcutLabel) == ["Ctrl+Alt+S", "Ctrl+K S"])
  }
}

@Suite("Keymap labels in the command palette")
@MainActor
struct KeymapPaletteTests {
  @Test("palette entries show the keys that fire; keymap-only commands are listed")
  func paletteLabels() throws {
    let menu = Menu(children: [
      .menu(
        Menu(
          title: "File",
          children: [
            .keyCommand(
              KeyCommand(title: "Save", action: "save:", input: "s", modifierFlags: .command)),
            .keyCommand(
              KeyCommand(title: "Print", action: "print:", input: "p", modifierFlags: .command)),
          ]))
    ])
    let user = Keymap(
      source: .user,
      bindings: [
        try bind("Ctrl+P", "-print:"), try bind("Ctrl+Alt+S", "save:"),
        try bind("Ctrl+K Ctrl+W", "closeAll:", context: "Editor"),
      ])
    let resolver = KeyBindingResolver(defaults: menu, keymaps: [user], platform: .linux)
    let contexts = [KeyContext(["Editor"])]
    var index = PaletteIndex(
      menu: menu, platform: .linux, shortcutLabels: resolver.shortcutLabels(in: contexts))
    index.addKeymapCommands(from: resolver, in: contexts)
    let labels = Dictionary(
      uniqueKeysWithValues: index.entries.map { ($0.title, $0.shortcutLabel ?? "-") })
    #expect(labels == ["Save": "Ctrl+Alt+S", "Print": "-", "closeAll:": "Ctrl+K Ctrl+W"])
    // Outside the editor, closeAll: has no binding that fires: it is not added.
    var outside = PaletteIndex(
      menu: menu, platform: .linux, shortcutLabels: resolver.shortcutLabels(in: []))
    outside.addKeymapCommands(from: resolver, in: [])
    #expect(outside.entries.map(\.title) == ["Save", "Print"])
  }
}
