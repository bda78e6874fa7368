import MenuKit
import Testing

@testable import MenuKitDBus

@MainActor
@Suite("GlobalShortcuts portal triggers")
struct GlobalShortcutsTriggerTests {
  @Test("Shortcuts are written in the portal's trigger notation")
  func triggers() {
    #expect(
      GlobalShortcutsSession.trigger(for: KeyboardShortcut("p", modifierFlags: [.command, .shift]))
        == "CTRL+SHIFT+p")
    #expect(
      GlobalShortcutsSession.trigger(for: KeyboardShortcut("n", modifierFlags: [.super]))
        == "LOGO+n")
    #expect(
      GlobalShortcutsSession.trigger(
        for: KeyboardShortcut(.function(5), modifierFlags: [.alternate]))
        == "ALT+F5")
  }
}
