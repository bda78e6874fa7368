internal import CXKBCommon
internal import Glibc
public import MenuKit
internal import Synchronization

// MARK: - Repeat settings

/// When synthesised key repeats start and how often they come.
///
/// Wayland compositors send these as `wl_keyboard.repeat_info` (a rate in repeats per second
/// and a delay in milliseconds) and leave repeating to the client; ``XKBKeyboard/dueRepeats()``
/// synthesises the repeats from them.
///
/// ```swift
/// // wl_keyboard.repeat_info(rate: 30, delay: 400)
/// keyboard.repeatSettings = KeyRepeatSettings(delay: 0.4, rate: 30)
/// ```
public struct KeyRepeatSettings: Hashable, Sendable {
  /// Whether held keys repeat at all.
  public var isEnabled: Bool
  /// The seconds from a key going down to its first repeat.
  public var delay: Double
  /// The repeats per second after the first one.
  public var rate: Double

  /// Creates repeat settings.
  ///
  /// A rate of zero or less turns repeating off, as a Wayland rate of 0 does; a negative
  /// delay counts as none.
  ///
  /// - Parameters:
  ///   - isEnabled: Whether held keys repeat.
  ///   - delay: The seconds before the first repeat; 0.6 by default, as X11's.
  ///   - rate: The repeats per second; 25 by default, as X11's.
  public init(isEnabled: Bool = true, delay: Double = 0.6, rate: Double = 25) {
    self.isEnabled = isEnabled
    self.delay = delay
    self.rate = rate
  }

  /// Whether the settings make keys repeat: enabled, with a positive, finite rate.
  public var repeatsKeys: Bool {
    isEnabled && rate > 0 && rate.isFinite && !delay.isNaN
  }
}

// MARK: - Clocks

/// A monotonic clock, in seconds, that times synthesised key repeats.
///
/// Use ``MonotonicClock`` in applications and ``ManualClock`` in tests.
///
/// ```swift
/// let clock = ManualClock(now: 0)
/// let keyboard = XKBKeyboard(keymap: keymap, clock: clock)
/// ```
public protocol KeyboardClock: Sendable {
  /// The current time in seconds; it never goes backwards.
  var now: Double { get }
}

/// The system's monotonic clock, `CLOCK_MONOTONIC`.
///
/// This is the clock of evdev timestamps and, on most compositors, of Wayland's, so repeat
/// timestamps and key-event timestamps compare directly.
///
/// ```swift
/// let keyboard = XKBKeyboard(keymap: keymap, clock: MonotonicClock())
/// ```
public struct MonotonicClock: KeyboardClock {
  /// Creates the clock.
  public init() {}

  /// The seconds since an unspecified moment, usually boot, not counting suspension.
  public var now: Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1_000_000_000
  }
}

/// A clock that moves only when told to, for tests.
///
/// ```swift
/// let clock = ManualClock()
/// let keyboard = XKBKeyboard(keymap: keymap, clock: clock)
/// _ = keyboard.handle(KeyEvent(evdevCode: 30, direction: .down, timestamp: 0))
/// clock.advance(by: 0.6)
/// keyboard.dueRepeats().count  // 1
/// ```
public final class ManualClock: KeyboardClock {
  /// The current time, shared safely between threads.
  private let time: Mutex<Double>

  /// Creates a clock that reads a given time.
  ///
  /// - Parameter now: The starting time in seconds.
  public init(now: Double = 0) {
    time = Mutex(now)
  }

  /// The current time in seconds.
  public var now: Double {
    time.withLock { $0 }
  }

  /// Moves the clock forward.
  ///
  /// - Parameter seconds: How far to move it; a negative value is ignored, as the clock is
  ///   monotonic.
  public func advance(by seconds: Double) {
    time.withLock { $0 += max(0, seconds) }
  }
}

// MARK: - Synthesised repeats

extension XKBKeyboard {
  /// The repeats of the held key that are due by the clock's current time.
  ///
  /// The key that repeats is the last one to go down among those that repeat by the keymap
  /// (`xkb_keymap_key_repeats`; modifier keys do not): its first repeat is due
  /// ``KeyRepeatSettings/delay`` seconds after it went down, by the keyboard's clock, then
  /// one every `1 / rate` seconds. A key of that kind going down takes the repeats over from
  /// the earlier one; the repeating key going up, or ``cancelAllPresses(at:)``, stops them.
  /// A key that does not repeat going down, such as Shift, leaves the repeats running, and
  /// the repeated key then reads the new modifiers.
  ///
  /// Call this from a timer set to ``nextRepeatTime``. Every repeat due is returned, in
  /// order, each timestamped with the time it was due, as a ``Press/Phase-swift.enum/changed``
  /// press with ``Press/isRepeat``. Use either these or the input's own repeats
  /// (``KeyEvent/Direction-swift.enum/repeat``), not both.
  ///
  /// ```swift
  /// // rate 25, delay 0.6; KEY_A went down at 0.0 and the clock now reads 0.7:
  /// keyboard.dueRepeats().map(\.timestamp)  // [0.6, 0.64, 0.68]
  /// ```
  ///
  /// - Returns: The due repeats, oldest first; empty when none is due or repeating is off.
  public func dueRepeats() -> [PressesEvent] {
    guard var timer = repeatTimer, repeatSettings.repeatsKeys,
      let index = held.firstIndex(where: { $0.evdevCode == timer.evdevCode })
    else { return [] }
    let now = clock.now
    var events: [PressesEvent] = []
    while true {
      let due = timer.dueTime(of: timer.repeatsDelivered, settings: repeatSettings)
      guard due <= now, let event = repeatEvent(heldIndex: index, timestamp: due) else { break }
      events.append(event)
      timer.repeatsDelivered += 1
    }
    repeatTimer = timer
    return events
  }

  /// When the next synthesised repeat is due, on the keyboard's clock.
  ///
  /// - Returns: The time in seconds, or `nil` when no key is repeating or repeating is off.
  public var nextRepeatTime: Double? {
    guard let timer = repeatTimer, repeatSettings.repeatsKeys else { return nil }
    return timer.dueTime(of: timer.repeatsDelivered, settings: repeatSettings)
  }
}

// MARK: - Internal

extension XKBKeyboard {
  /// The key being repeated: when it went down, by the keyboard's clock, and how many
  /// repeats were delivered.
  struct RepeatTimer {
    let evdevCode: Int
    let start: Double
    var repeatsDelivered = 0

    /// When repeat number `number` (from 0) is due; computed from the start, not by adding
    /// intervals, so rounding errors do not accumulate.
    func dueTime(of number: Int, settings: KeyRepeatSettings) -> Double {
      start + max(0, settings.delay) + Double(number) / settings.rate
    }
  }

  /// Starts synthesised repeats for a key that went down, when it repeats.
  func startRepeating(keycode: xkb_keycode_t, evdevCode: Int) {
    guard repeatSettings.repeatsKeys, xkb_keymap_key_repeats(keymapPointer, keycode) != 0 else {
      return
    }
    repeatTimer = RepeatTimer(evdevCode: evdevCode, start: clock.now)
  }
}
