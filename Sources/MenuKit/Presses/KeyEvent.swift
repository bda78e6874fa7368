/// A raw key event from an input source: an evdev key code going down, up or repeating.
///
/// This is what Linux reports (`EV_KEY` with value 1, 0 or 2), what an evemu recording holds,
/// and what a Wayland compositor sends (`wl_keyboard.key`, with evdev codes). A translator
/// turns it into ``PressesEvent``s.
///
/// ```swift
/// let down = KeyEvent(evdevCode: 30, direction: .down, timestamp: 0.5)  // KEY_A
/// ```
public struct KeyEvent: Hashable, Sendable {
  /// What the key did.
  public enum Direction: String, Hashable, Sendable {
    /// The key went down (evdev value 1).
    case down
    /// The key went up (evdev value 0).
    case up
    /// The kernel autorepeated the key (evdev value 2).
    case `repeat`

    /// The direction of an evdev `EV_KEY` value: 0 up, 1 down, 2 repeat; nil for any other.
    public init?(evdevValue: Int) {
      switch evdevValue {
      case 0: self = .up
      case 1: self = .down
      case 2: self = .repeat
      default: return nil
      }
    }
  }

  /// The Linux evdev key code (`KEY_A` is 30).
  public var evdevCode: Int
  /// What the key did.
  public var direction: Direction
  /// When, in seconds on the source's monotonic clock.
  public var timestamp: Double

  /// Creates a key event.
  public init(evdevCode: Int, direction: Direction, timestamp: Double) {
    self.evdevCode = evdevCode
    self.direction = direction
    self.timestamp = timestamp
  }
}
