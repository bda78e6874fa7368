import MenuKit
import MenuKitXKB
import Testing

/// A keyboard rebuilt for each new keymap (as the Wayland source does) may be allocated at a
/// freed keyboard's address: its relocations must not be taken for the old one's.
@Suite("Relocation identity across rebuilt keyboards")
@MainActor
struct RelocationIdentityTests {
  @Test("a de keyboard at a freed us keyboard's address still relocates Ctrl+[ to Ctrl+Ü")
  func rebuiltKeyboard() throws {
    let app = Application()
    let window = Window(application: app)
    app.keyWindow = window
    app.handle("goBack:") { _ in }
    let back = KeyCommand(title: "Back", action: "goBack:", input: "[", modifierFlags: .command)
    let dispatcher = KeyDispatcher(
      application: app, mainMenu: Menu(children: [.keyCommand(back)]), platform: .linux)
    let us = try systemKeymap(.init(layout: "us"))
    let de = try systemKeymap(.init(layout: "de"))
    var reused = 0
    for _ in 0..<40 {
      // The us keyboard types Ctrl+[ directly: its relocation index moves nothing.
      var old: XKBKeyboard? = XKBKeyboard(keymap: us)
      let oldAddress = ObjectIdentifier(old!)
      let oldIdentity = old!.relocationIdentity
      let onUS = events(26, holding: [29], on: old!).flatMap {
        dispatcher.dispatch($0, layout: old!).compactMap(\.action)
      }
      #expect(onUS == ["goBack:"])
      old = nil
      let keyboard = XKBKeyboard(keymap: de)
      if ObjectIdentifier(keyboard) == oldAddress { reused += 1 }
      #expect(keyboard.relocationIdentity != oldIdentity)
      let onDE = events(26, holding: [29], on: keyboard).flatMap {
        dispatcher.dispatch($0, layout: keyboard).compactMap(\.action)
      }
      #expect(onDE == ["goBack:"], "Ctrl+Ü fires the Ctrl+[ command on de")
    }
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
    let app = Application()
    let window = Window(application: app)
    app.keyWindow = window
    app.handle("goBack:") { _ in }
    let back = KeyCommand(title: "Back", action: "goBack:", input: "[", modifierFlags: .command)
    let dispatcher = KeyDispatcher(
      application: app, mainMenu: Menu(children: [.keyCommand(back)]), platform: .linux)
    let de = try systemKeymap(.init(layout: "de"))
    for _ in 0..<3 {
      let keyboard = XKBKeyboard(keymap: de)
      let onDE = events(26, holding: [29], on: keyboard).flatMap {
        dispatcher.dispatch($0, layout: keyboard).compactMap(\.action)
      }
      #expect(onDE == ["goBack:"], "Ctrl+Ü fires the Ctrl+[ command on de")
    }
  }
}
