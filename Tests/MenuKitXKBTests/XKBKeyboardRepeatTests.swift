import MenuKit
import MenuKitXKB
import Testing

@Suite("XKBKeyboard synthesised repeats")
struct XKBKeyboardRepeatTests {
  /// A us keyboard on a manual clock at 0, with the default settings: delay 0.6 s, rate 25/s.
  private func keyboard(_ settings: KeyRepeatSettings = .init()) throws -> (
    XKBKeyboard, ManualClock
  ) {
    let clock = ManualClock()
    let keyboard = XKBKeyboard(
      keymap: try systemKeymap(.init(layout: "us")), repeatSettings: settings, clock: clock)
    return (keyboard, clock)
  }

  @Test("a held key repeats after the delay, then at the rate")
  func timing() throws {
    let (keyboard, clock) = try keyboard()
    _ = keyboard.handle(EvdevKey.a, .down, at: 0)
    #expect(keyboard.nextRepeatTime == 0.6)
    clock.advance(by: 0.5)
    #expect(keyboard.dueRepeats().isEmpty)
    clock.advance(by: 0.1)
    let first = keyboard.dueRepeats()
    #expect(first.count == 1)
    #expect(first.first?.timestamp == 0.6)
    // Every 1/25 s: 0.64 and 0.68 are due by 0.7; 0.72 is not.
    clock.advance(by: 0.1)
    let next = keyboard.dueRepeats()
    #expect(next.count == 2)
    #expect(next.map(\.timestamp).map { ($0 * 100).rounded() } == [64, 68])
    #expect(keyboard.dueRepeats().isEmpty)
    // By 1.61, the repeats due at 0.72 … 1.6 come together: 23 of them.
    clock.advance(by: 0.91)
    #expect(keyboard.dueRepeats().count == 23)
  }

  @Test("repeats are changed presses with isRepeat, reading the current modifiers")
  func repeatPresses() throws {
    let (keyboard, clock) = try keyboard()
    _ = keyboard.handle(EvdevKey.a, .down, at: 0)
    clock.advance(by: 0.6)
    let press = try #require(keyboard.dueRepeats().first?.allPresses.first)
    #expect(press.phase == .changed)
    #expect(press.isRepeat)
    #expect(press.key?.characters == "a")
    // Shift does not repeat, so A keeps repeating, now with Shift.
    _ = keyboard.handle(EvdevKey.leftShift, .down, at: 0.62)
    clock.advance(by: 0.04)
    let shifted = try #require(keyboard.dueRepeats().first)
    #expect(shifted.allPresses.first?.key?.characters == "A")
    #expect(shifted.allPresses.map(\.phase) == [.changed, .stationary])
  }

  @Test("the key going up stops its repeats")
  func keyUpStops() throws {
    let (keyboard, clock) = try keyboard()
    _ = keyboard.handle(EvdevKey.a, .down, at: 0)
    clock.advance(by: 0.6)
    #expect(keyboard.dueRepeats().count == 1)
    _ = keyboard.handle(EvdevKey.a, .up, at: 0.61)
    clock.advance(by: 1)
    #expect(keyboard.dueRepeats().isEmpty)
    #expect(keyboard.nextRepeatTime == nil)
  }

  @Test("a new key takes the repeats over, restarting the delay")
  func newKeyRestarts() throws {
    let (keyboard, clock) = try keyboard()
    _ = keyboard.handle(EvdevKey.a, .down, at: 0)
    clock.advance(by: 0.5)
    _ = keyboard.handle(EvdevKey.q, .down, at: 0.5)
    clock.advance(by: 0.5)
    #expect(keyboard.dueRepeats().isEmpty)
    clock.advance(by: 0.11)
    let repeats = keyboard.dueRepeats()
    #expect(repeats.count == 1)
    #expect(repeats.first?.allPresses.first?.key?.evdevCode == EvdevKey.q)
    // Releasing Q stops the repeats; A, still held, does not take them back.
    _ = keyboard.handle(EvdevKey.q, .up, at: 1.1)
    clock.advance(by: 1)
    #expect(keyboard.dueRepeats().isEmpty)
  }

  @Test("modifier keys never repeat")
  func modifiersDoNotRepeat() throws {
    let (keyboard, clock) = try keyboard()
    _ = keyboard.handle(EvdevKey.leftShift, .down, at: 0)
    #expect(keyboard.nextRepeatTime == nil)
    clock.advance(by: 2)
    #expect(keyboard.dueRepeats().isEmpty)
  }

  @Test(
    "repeating is off when disabled or at a rate of zero",
    arguments: [
      KeyRepeatSettings(isEnabled: false), KeyRepeatSettings(rate: 0),
      KeyRepeatSettings(rate: -5),
    ])
  func disabled(settings: KeyRepeatSettings) throws {
    #expect(!settings.repeatsKeys)
    let (keyboard, clock) = try keyboard(settings)
    _ = keyboard.handle(EvdevKey.a, .down, at: 0)
    clock.advance(by: 5)
    #expect(keyboard.dueRepeats().isEmpty)
    #expect(keyboard.nextRepeatTime == nil)
  }

  @Test("losing focus stops the repeats")
  func cancelStops() throws {
    let (keyboard, clock) = try keyboard()
    _ = keyboard.handle(EvdevKey.a, .down, at: 0)
    _ = keyboard.cancelAllPresses(at: 0.1)
    clock.advance(by: 1)
    #expect(keyboard.dueRepeats().isEmpty)
  }

  @Test("the manual clock only moves forward")
  func manualClock() {
    let clock = ManualClock(now: 10)
    clock.advance(by: 0.5)
    clock.advance(by: -3)
    #expect(clock.now == 10.5)
  }

  @Test("the monotonic clock does not go backwards")
  func monotonicClock() {
    let clock = MonotonicClock()
    let first = clock.now
    #expect(first > 0)
    #expect(clock.now >= first)
  }
}
