import Testing

@testable import MenuKit
@testable import MenuKitXKB

@Suite("XKBKeyboard.holdKeys: keys down when focus arrives")
struct XKBKeyboardHoldKeysTests {
  @Test("held keys are stationary in later events, end when they go up, and never repeat")
  func heldKeys() throws {
    let clock = ManualClock()
    let keyboard = XKBKeyboard(
      keymap: try systemKeymap(.init(layout: "us")), stateSource: .serializedModifiers,
      clock: clock)
    keyboard.holdKeys(evdevCodes: [29, 30, 29], at: 1)
    #expect(keyboard.heldKeys == [29, 30])
    #expect(keyboard.nextRepeatTime == nil)
    clock.advance(by: 2)
    #expect(keyboard.dueRepeats().isEmpty)
    let event = try #require(
      keyboard.handle(KeyEvent(evdevCode: 31, direction: .down, timestamp: 2)))
    #expect(event.presses(in: .began).map(\.key?.characters) == ["s"])
    #expect(event.presses(in: .stationary).compactMap(\.key?.evdevCode) == [29, 30])
    let up = try #require(keyboard.handle(KeyEvent(evdevCode: 30, direction: .up, timestamp: 3)))
    #expect(up.presses(in: .ended).compactMap(\.key?.evdevCode) == [30])
    let cancelled = try #require(keyboard.cancelAllPresses(at: 4))
    #expect(cancelled.presses(in: .cancelled).compactMap(\.key?.evdevCode) == [29, 31])
  }
}
