import MenuKit
import MenuKitXKB
import Testing

@Suite("XKBState")
struct XKBKeyboardStateTests {
  /// A state over the system's `us` layout.
  private func usState() throws -> XKBState {
    XKBState(keymap: try systemKeymap(.init(layout: "us")))
  }

  @Test("a key update reports what changed, and the keysyms follow")
  func updateKey() throws {
    let state = try usState()
    #expect(state.keysym(forEvdevCode: EvdevKey.a) == .a)
    let changed = state.updateKey(evdevCode: EvdevKey.leftShift, direction: .down)
    #expect(changed == [.modsDepressed, .modsEffective])
    #expect(state.keysym(forEvdevCode: EvdevKey.a).name == "A")
    #expect(state.keysyms(forEvdevCode: EvdevKey.a).compactMap(\.name) == ["A"])
    #expect(state.utf8(forEvdevCode: EvdevKey.a) == "A")
    #expect(state.isModifierActive(named: "Shift"))
    #expect(!state.isModifierActive(named: "Control"))
    #expect(!state.isModifierActive(named: "NoSuchModifier"))
    #expect(state.serializeMods(.modsDepressed) == 1)
    #expect(state.serializeMods(.modsLocked) == 0)
    #expect(state.updateKey(evdevCode: EvdevKey.a, direction: .down).isEmpty)
    state.updateKey(evdevCode: EvdevKey.leftShift, direction: .up)
    #expect(state.serializeMods(.modsEffective) == 0)
    #expect(state.updateKey(evdevCode: EvdevKey.unknown, direction: .down).isEmpty)
  }

  @Test("Caps Lock locks a modifier and lights its LED")
  func capsLock() throws {
    let state = try usState()
    #expect(!state.isLEDActive(named: "Caps Lock"))
    state.updateKey(evdevCode: EvdevKey.capsLock, direction: .down)
    state.updateKey(evdevCode: EvdevKey.capsLock, direction: .up)
    #expect(state.isLEDActive(named: "Caps Lock"))
    #expect(!state.isLEDActive(named: "No such LED"))
    #expect(state.serializeMods(.modsLocked) == 2)
    #expect(state.isModifierActive(named: "Lock"))
    #expect(state.utf8(forEvdevCode: EvdevKey.a) == "A")
  }

  @Test("a mask update replaces the modifiers and the layout")
  func updateMask() throws {
    let state = XKBState(keymap: try systemKeymap(.init(layout: "us,ru")))
    #expect(state.activeLayout == 0)
    #expect(state.layoutName == "English (US)")
    let changed = state.updateMask(depressed: 1, latched: 0, locked: 0, lockedLayout: 1)
    #expect(changed.contains(.modsDepressed))
    #expect(changed.contains(.layoutLocked))
    #expect(changed.contains(.layoutEffective))
    #expect(state.activeLayout == 1)
    #expect(state.serializeLayout(.layoutLocked) == 1)
    #expect(state.serializeLayout(.layoutEffective) == 1)
    #expect(state.layoutName == "Russian")
    #expect(state.utf8(forEvdevCode: EvdevKey.a) == "Ф")
  }

  @Test("Control turns letters into control characters in text, not in keysyms")
  func control() throws {
    let state = try usState()
    state.updateKey(evdevCode: EvdevKey.leftControl, direction: .down)
    #expect(state.keysym(forEvdevCode: EvdevKey.a) == .a)
    #expect(state.utf8(forEvdevCode: EvdevKey.a) == "\u{1}")
  }

  // In GTK mode a modifier that changes the key's keysyms on its own counts as consumed even
  // when it is not held, so Shift is consumed for every letter and digit.
  @Test(
    "consumed modifiers follow GTK's rules",
    arguments: [
      ([EvdevKey.leftShift], EvdevKey.one, .shift),
      ([EvdevKey.leftShift], EvdevKey.a, .shift),
      ([EvdevKey.leftControl], EvdevKey.a, .shift),
      ([EvdevKey.leftControl, EvdevKey.leftShift], EvdevKey.one, .shift),
      ([EvdevKey.leftAlt, EvdevKey.leftMeta], EvdevKey.a, .shift),
      ([], EvdevKey.escape, []),
      ([EvdevKey.leftControl, EvdevKey.leftShift], EvdevKey.escape, []),
    ] as [([Int], Int, KeyModifierFlags)])
  func consumed(held: [Int], code: Int, consumed: KeyModifierFlags) throws {
    let state = try usState()
    for key in held {
      state.updateKey(evdevCode: key, direction: .down)
    }
    #expect(state.consumedModifiers(forEvdevCode: code) == consumed)
  }

  @Test("text from many keysyms is read whole")
  func longText() throws {
    let keymap = try XKBKeymap(context: .hermetic(), string: KeyboardTestKeymaps.manyKeysyms)
    let expected = String(repeating: "äöü", count: 13) + "ä"
    let state = XKBState(keymap: keymap)
    #expect(state.utf8(forEvdevCode: EvdevKey.a) == expected)
    #expect(state.keysym(forEvdevCode: EvdevKey.a) == .noSymbol)
    #expect(state.keysyms(forEvdevCode: EvdevKey.a).count == 40)

    let keyboard = XKBKeyboard(keymap: keymap, clock: ManualClock())
    let key = keyboard.key(forEvdevCode: EvdevKey.a)
    #expect(key.characters == expected)
    #expect(key.charactersIgnoringModifiers == expected)
    #expect(key.keysymIgnoringModifiers == .noSymbol)
    #expect(keyboard.key(forEvdevCode: 31).characters == "ab")
  }
}
