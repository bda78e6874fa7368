import MenuKit
import MenuKitXKB
import Testing

/// A keyboard rebuilt for each new keymap (as the Wayland source does) may be allocated at a
/// freed keyboard's address, and a keymap at a freed keymap's: their relocations must not be
/// taken for the old ones' (the identity carries the keymap's instance number).
@Suite("Relocation identity across rebuilt keyboards")
@MainActor
struct RelocationIdentityTests {
  /// An application whose main menu has Back on Ctrl+[, and its dispatcher (the application is
  /// returned so that it outlives the test's presses).
  func backDispatcher() -> (Application, KeyDispatcher) {
    let app = Application()
    let window = Window(application: app)
    app.keyWindow = window
    app.handle("goBack:") { _ in }
    let back = KeyCommand(title: "Back", action: "goBack:", input: "[", modifierFlags: .command)
    let dispatcher = KeyDispatcher(
      application: app, mainMenu: Menu(children: [.keyCommand(back)]), platform: .linux)
    return (app, dispatcher)
  }

  /// The actions Ctrl+[ (the key of `[` on us) fires through `dispatcher` on `keyboard`.
  func ctrlBracket(_ dispatcher: KeyDispatcher, on keyboard: XKBKeyboard) -> [ActionName] {
    events(26, holding: [29], on: keyboard).flatMap {
      dispatcher.dispatch($0, layout: keyboard).compactMap(\.action)
    }
  }

  @Test("a de keyboard at a freed us keyboard's address still relocates Ctrl+[ to Ctrl+Ü")
  func rebuiltKeyboard() throws {
    let (app, dispatcher) = backDispatcher()
    let us = try systemKeymap(.init(layout: "us"))
    let de = try systemKeymap(.init(layout: "de"))
    var reused = 0
    for _ in 0..<40 {
      // The us keyboard types Ctrl+[ directly: its relocation index moves nothing.
      var old: XKBKeyboard? = XKBKeyboard(keymap: us)
      let oldAddress = ObjectIdentifier(old!)
      let oldIdentity = old!.relocationIdentity
      #expect(ctrlBracket(dispatcher, on: old!) == ["goBack:"])
      old = nil
      let keyboard = XKBKeyboard(keymap: de)
      if ObjectIdentifier(keyboard) == oldAddress { reused += 1 }
      #expect(keyboard.relocationIdentity != oldIdentity)
      #expect(ctrlBracket(dispatcher, on: keyboard) == ["goBack:"], "Ctrl+Ü fires Ctrl+[ on de")
    }
    withExtendedLifetime(app) {}
    print("relocation identity: \(reused) of 40 keyboards reused a freed keyboard's address")
  }

  @Test("keyboards on one keymap share the identity; another keymap of the same layout does not")
  func identityFollowsTheKeymap() throws {
    let de = try systemKeymap(.init(layout: "de"))
    let first = XKBKeyboard(keymap: de)
    let second = XKBKeyboard(keymap: de)
    #expect(first.relocationIdentity != nil)
    #expect(first.relocationIdentity == second.relocationIdentity)
    let recompiled = XKBKeyboard(keymap: try systemKeymap(.init(layout: "de")))
    #expect(recompiled.relocationIdentity != first.relocationIdentity)
  }

  @Test("a dispatcher relocates Ctrl+[ on each new keyboard of a de keymap it indexed before")
  func newKeyboardOnTheSameKeymap() throws {
    let (app, dispatcher) = backDispatcher()
    let de = try systemKeymap(.init(layout: "de"))
    for _ in 0..<3 {
      let keyboard = XKBKeyboard(keymap: de)
      #expect(ctrlBracket(dispatcher, on: keyboard) == ["goBack:"], "Ctrl+Ü fires Ctrl+[ on de")
    }
    withExtendedLifetime(app) {}
  }
}
