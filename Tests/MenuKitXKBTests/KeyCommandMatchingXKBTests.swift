import MenuKit
import MenuKitXKB
import Testing

private let keyO = 24
private let keySlash = 53
private let leftControl = 29
private let leftShift = 42
private let capsLock = 58
private let open = KeyCommand(
  title: "Open…", action: "openDocument:", input: "o", modifierFlags: .command)
private let linux = KeyCommandMatcher(platform: .linux)

@Suite("Key command matching with XKB layouts")
struct KeyCommandMatchingXKBTests {
  @Test(
    "Ctrl+O fires Cmd+O on Latin layouts exactly and on Russian through the fallback",
    arguments: [
      ("us", KeyCommandMatcher.Kind.exact), ("de", .exact), ("fr", .exact), ("ru", .fallback),
    ])
  func controlO(layout: String, kind: KeyCommandMatcher.Kind) throws {
    let keyboard = try systemKeyboard(layout: layout)
    let press = try #require(pressKey(keyboard, keyO, holding: [leftControl]))
    let result = linux.match(press, against: [open], layout: keyboard)
    #expect(result.keyCommand == open)
    #expect(result.kind == kind)
  }

  @Test("Ctrl+? fires on Ctrl+Shift+/ on us")
  func controlQuestionMark() throws {
    let keyboard = try systemKeyboard(layout: "us")
    let help = KeyCommand(action: "help:", input: "?", modifierFlags: .command)
    let press = try #require(pressKey(keyboard, keySlash, holding: [leftControl, leftShift]))
    #expect(keyboard.consumedModifiers(for: try #require(press.key)) == [.shift])
    #expect(linux.match(press, against: [help], layout: keyboard).keyCommand == help)
  }

  @Test("Ctrl+Shift+O does not fire Cmd+O on us, and fires Cmd+Shift+O")
  func controlShiftO() throws {
    let keyboard = try systemKeyboard(layout: "us")
    let openQuickly = KeyCommand(
      action: "openQuickly:", input: "o", modifierFlags: [.command, .shift])
    let press = try #require(pressKey(keyboard, keyO, holding: [leftControl, leftShift]))
    let result = linux.match(press, against: [open, openQuickly], layout: keyboard)
    #expect(result.keyCommand == openQuickly)
    #expect(result.candidates.count == 1)
  }

  @Test("Caps Lock does not stop Ctrl+O on us")
  func capsLockControlO() throws {
    let keyboard = try systemKeyboard(layout: "us")
    _ = keyboard.handle(KeyEvent(evdevCode: capsLock, direction: .down, timestamp: 0))
    _ = keyboard.handle(KeyEvent(evdevCode: capsLock, direction: .up, timestamp: 0))
    let press = try #require(pressKey(keyboard, keyO, holding: [leftControl]))
    #expect(press.key?.modifierFlags.contains(.alphaShift) == true)
    #expect(linux.match(press, against: [open], layout: keyboard).keyCommand == open)
  }

  @Test("With us,ru and Russian active, the fallback uses the US group's keysym")
  func otherGroupFallback() throws {
    let keyboard = try systemKeyboard(layout: "us,ru")
    keyboard.updateModifiers(depressed: 0, latched: 0, locked: 0, layout: 1)
    let press = try #require(pressKey(keyboard, keyO, holding: [leftControl]))
    let key = try #require(press.key)
    #expect(keyboard.latinKeysyms(for: key) == [Keysym(rawValue: 0x6f)])
    let cyrillic = KeyCommand(action: "cyrillic:", input: "щ", modifierFlags: .command)
    let fallback = linux.match(press, against: [open], layout: keyboard)
    #expect(fallback.keyCommand == open)
    #expect(fallback.kind == .fallback)
    let exact = linux.match(press, against: [open, cyrillic], layout: keyboard)
    #expect(exact.keyCommand == cyrillic)
    #expect(exact.kind == .exact)
  }

  @Test("Ctrl+Shift+O on ru fires Cmd+Shift+O through the fallback, not Cmd+O")
  func russianShiftedFallback() throws {
    let keyboard = try systemKeyboard(layout: "ru")
    let openQuickly = KeyCommand(
      action: "openQuickly:", input: "o", modifierFlags: [.command, .shift])
    let press = try #require(pressKey(keyboard, keyO, holding: [leftControl, leftShift]))
    let result = linux.match(press, against: [open, openQuickly], layout: keyboard)
    #expect(result.keyCommand == openQuickly)
    #expect(result.kind == .fallback)
  }

  @Test("Consumed modifiers describe the press, from the cache or after the state moved on")
  func consumedModifiersSnapshot() throws {
    // One keyboard answers for every press (so later answers come from its cache), after its
    // own state has moved on; each must equal what a keyboard still in the press's state says.
    let answering = try systemKeyboard(layout: "us")
    var seen: Set<KeyModifierFlags> = []
    for code in [keySlash, keyO, 2, 1] {  // 1 is Escape: one level, consumes nothing
      for holding in [[], [leftShift], [leftControl], [leftShift, leftControl]] {
        let keyboard = try systemKeyboard(layout: "us")
        let press = try #require(pressKey(keyboard, code, holding: holding))
        let expected = keyboard.state.consumedModifiers(forEvdevCode: code)
        for _ in 0..<2 {
          #expect(answering.consumedModifiers(for: try #require(press.key)) == expected)
        }
        seen.insert(expected)
      }
    }
    #expect(seen.count > 1)  // the table covers presses that consume different modifiers
  }
}
