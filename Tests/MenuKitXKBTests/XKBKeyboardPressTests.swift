import MenuKit
import MenuKitXKB
import Testing

@Suite("XKBKeyboard presses")
struct XKBKeyboardPressTests {
  @Test("modifier flags are read before the key's own update")
  func flagsBeforeUpdate() throws {
    let keyboard = try systemKeyboard(.init(layout: "us"))
    let shiftDown = try #require(keyboard.handle(EvdevKey.leftShift, .down)?.allPresses.first)
    #expect(shiftDown.key?.modifierFlags == [])
    #expect(shiftDown.key?.characters == "")
    #expect(shiftDown.key?.charactersIgnoringModifiers == "")
    let a = try #require(keyboard.handle(EvdevKey.a, .down)?.allPresses.first)
    #expect(a.key?.modifierFlags == .shift)
    let shiftUp = try #require(keyboard.handle(EvdevKey.leftShift, .up)?.allPresses.first)
    #expect(shiftUp.key?.modifierFlags == .shift)
    let aUp = try #require(keyboard.handle(EvdevKey.a, .up)?.allPresses.first)
    #expect(aUp.key?.modifierFlags == [])
    #expect(aUp.key?.characters == "a")
  }

  @Test("presses go through began and ended with the events' timestamps")
  func phases() throws {
    let keyboard = try systemKeyboard(.init(layout: "us"))
    let began = try #require(keyboard.handle(EvdevKey.a, .down, at: 1.5))
    #expect(began.timestamp == 1.5)
    #expect(began.allPresses.map(\.phase) == [.began])
    #expect(began.allPresses.first?.timestamp == 1.5)
    #expect(began.allPresses.first?.isRepeat == false)
    let ended = try #require(keyboard.handle(EvdevKey.a, .up, at: 2.5))
    #expect(ended.timestamp == 2.5)
    #expect(ended.allPresses.map(\.phase) == [.ended])
    #expect(ended.changedPresses.count == 1)
  }

  @Test("other held keys are stationary, with the key and time of their press")
  func stationary() throws {
    let keyboard = try systemKeyboard(.init(layout: "us"))
    _ = keyboard.handle(EvdevKey.leftShift, .down, at: 1)
    _ = keyboard.handle(EvdevKey.a, .down, at: 2)
    let event = try #require(keyboard.handle(EvdevKey.q, .down, at: 3))
    #expect(event.allPresses.map(\.phase) == [.began, .stationary, .stationary])
    #expect(event.allPresses.map { $0.key?.evdevCode } == [EvdevKey.q, 42, 30])
    #expect(event.allPresses.map(\.timestamp) == [3, 1, 2])
    // The stationary A shows the key as it was when it went down: "A" with Shift.
    #expect(event.allPresses[2].key?.characters == "A")
    #expect(event.presses(in: .stationary).count == 2)
    #expect(keyboard.heldKeys == [EvdevKey.leftShift, EvdevKey.a, EvdevKey.q])

    let ended = try #require(keyboard.handle(EvdevKey.a, .up, at: 4))
    #expect(ended.allPresses.map(\.phase) == [.ended, .stationary, .stationary])
    #expect(ended.allPresses.map { $0.key?.evdevCode } == [EvdevKey.a, 42, EvdevKey.q])
    #expect(keyboard.heldKeys == [EvdevKey.leftShift, EvdevKey.q])
  }

  @Test("a key going up or repeating that is not held delivers nothing")
  func notHeld() throws {
    let keyboard = try systemKeyboard(.init(layout: "us"))
    #expect(keyboard.handle(EvdevKey.a, .up) == nil)
    #expect(keyboard.handle(EvdevKey.a, .repeat) == nil)
    #expect(keyboard.heldKeys.isEmpty)
  }

  @Test("input repeats change the press of a key that repeats, and nothing for one that does not")
  func inputRepeats() throws {
    let keyboard = try systemKeyboard(.init(layout: "us"))
    _ = keyboard.handle(EvdevKey.leftShift, .down, at: 1)
    #expect(keyboard.handle(EvdevKey.leftShift, .repeat, at: 1.6) == nil)
    _ = keyboard.handle(EvdevKey.a, .down, at: 2)
    let repeated = try #require(keyboard.handle(EvdevKey.a, .repeat, at: 2.6))
    let press = try #require(repeated.allPresses.first)
    #expect(press.phase == .changed)
    #expect(press.isRepeat)
    #expect(press.timestamp == 2.6)
    #expect(press.key?.characters == "A")
    #expect(repeated.allPresses.map(\.phase) == [.changed, .stationary])

    // The repeat's time becomes the press's last change.
    let next = try #require(keyboard.handle(EvdevKey.q, .down, at: 3))
    #expect(next.allPresses.map(\.timestamp) == [3, 1, 2.6])
  }

  @Test("a second key-down of a held key counts as a repeat, without a second state update")
  func doubleDown() throws {
    let keyboard = try systemKeyboard(.init(layout: "us"))
    _ = keyboard.handle(EvdevKey.leftShift, .down)
    #expect(keyboard.handle(EvdevKey.leftShift, .down) == nil)
    _ = keyboard.handle(EvdevKey.a, .down)
    let again = try #require(keyboard.handle(EvdevKey.a, .down)?.allPresses.first)
    #expect(again.phase == .changed)
    #expect(again.isRepeat)
    _ = keyboard.handle(EvdevKey.leftShift, .up)
    // One release undoes the one press the state saw.
    #expect(keyboard.key(forEvdevCode: EvdevKey.q).modifierFlags == [])
  }

  @Test("losing focus cancels every held key and releases it, but Caps Lock stays locked")
  func cancel() throws {
    let keyboard = try systemKeyboard(.init(layout: "us"))
    keyboard.tap(EvdevKey.capsLock)
    _ = keyboard.handle(EvdevKey.leftShift, .down, at: 1)
    _ = keyboard.handle(EvdevKey.a, .down, at: 2)
    let cancelled = try #require(keyboard.cancelAllPresses(at: 5))
    #expect(cancelled.timestamp == 5)
    #expect(cancelled.allPresses.map(\.phase) == [.cancelled, .cancelled])
    #expect(cancelled.allPresses.map { $0.key?.evdevCode } == [EvdevKey.leftShift, EvdevKey.a])
    #expect(cancelled.allPresses.allSatisfy { $0.timestamp == 5 })
    #expect(keyboard.heldKeys.isEmpty)
    #expect(keyboard.cancelAllPresses(at: 6) == nil)

    let next = try #require(keyboard.handle(EvdevKey.q, .down, at: 7)?.allPresses)
    #expect(next.count == 1)
    #expect(next.first?.key?.modifierFlags == .alphaShift)
    #expect(next.first?.key?.characters == "Q")
    // The cancelled keys going up later deliver nothing.
    #expect(keyboard.handle(EvdevKey.leftShift, .up, at: 8) == nil)
  }

  @Test("serialized modifiers set the flags without modifier key events")
  func serializedModifiers() throws {
    let keymap = try systemKeymap(.init(layout: "us"))
    // A compositor's view: its own state with Shift held, serialized.
    let compositor = XKBState(keymap: keymap)
    compositor.updateKey(evdevCode: EvdevKey.leftShift, direction: .down)
    let shiftMask = compositor.serializeMods(.modsDepressed)
    #expect(shiftMask == 1)

    let keyboard = XKBKeyboard(
      keymap: keymap, stateSource: .serializedModifiers, clock: ManualClock())
    keyboard.updateModifiers(depressed: shiftMask, latched: 0, locked: 0, layout: 0)
    let a = try #require(keyboard.handle(EvdevKey.a, .down)?.allPresses.first?.key)
    #expect(a.modifierFlags == .shift)
    #expect(a.characters == "A")
    _ = keyboard.handle(EvdevKey.a, .up)

    // A Shift key event does not update the state a second time.
    _ = keyboard.handle(EvdevKey.leftShift, .down)
    _ = keyboard.handle(EvdevKey.leftShift, .up)
    #expect(keyboard.key(forEvdevCode: EvdevKey.a).modifierFlags == .shift)
    keyboard.updateModifiers(depressed: 0, latched: 0, locked: 0, layout: 0)
    #expect(keyboard.key(forEvdevCode: EvdevKey.a).characters == "a")
  }

  @Test("serialized modifiers carry the layout")
  func serializedLayout() throws {
    let keyboard = XKBKeyboard(
      keymap: try systemKeymap(.init(layout: "us,ru")), stateSource: .serializedModifiers,
      clock: ManualClock())
    keyboard.updateModifiers(depressed: 0, latched: 0, locked: 0, layout: 1)
    #expect(keyboard.activeLayoutName == "Russian")
    #expect(keyboard.handle(EvdevKey.a, .down)?.allPresses.first?.key?.characters == "ф")
  }

  @Test("with serialized modifiers, losing focus clears the held modifiers but not the locks")
  func serializedCancel() throws {
    let keymap = try systemKeymap(.init(layout: "us"))
    let keyboard = XKBKeyboard(
      keymap: keymap, stateSource: .serializedModifiers, clock: ManualClock())
    // Shift (bit 0) held and Lock (bit 1) locked.
    keyboard.updateModifiers(depressed: 1, latched: 0, locked: 2, layout: 0)
    _ = keyboard.handle(EvdevKey.leftShift, .down)
    #expect(keyboard.cancelAllPresses(at: 1)?.allPresses.count == 1)
    #expect(keyboard.key(forEvdevCode: EvdevKey.a).modifierFlags == .alphaShift)
  }
}
