/// One key's press, from key-down to key-up (UIKit's `UIPress`).
///
/// A translator reports a press in phases: ``Phase-swift.enum/began`` when the key goes down,
/// ``Phase-swift.enum/changed`` for each autorepeat while it is held (``isRepeat`` is true),
/// ``Phase-swift.enum/ended`` when it goes up, and ``Phase-swift.enum/cancelled`` when the
/// window loses keyboard focus while it is held. Keys held but not changing appear in an
/// event's ``PressesEvent/allPresses`` as ``Phase-swift.enum/stationary``.
///
/// ```swift
/// for press in event.presses(in: .began) {
///   print(press.key?.characters ?? "")
/// }
/// ```
public struct Press: Hashable, Sendable {
  /// Where a press is in its life (UIKit's `UIPress.Phase`).
  public enum Phase: String, Hashable, Sendable, CaseIterable {
    /// The key went down.
    case began
    /// The key is held and autorepeated.
    case changed
    /// The key is held and did not change in this event.
    case stationary
    /// The key went up.
    case ended
    /// The press stopped without the key going up, for example on a loss of focus.
    case cancelled
  }

  /// Where the press is in its life.
  public var phase: Phase
  /// When the press began or last changed, in seconds on the input source's monotonic clock.
  public var timestamp: Double
  /// The key; nil for presses that do not come from a keyboard.
  public var key: Key?
  /// Whether this phase is an autorepeat of a held key.
  public var isRepeat: Bool

  /// Creates a press.
  public init(phase: Phase, timestamp: Double, key: Key?, isRepeat: Bool = false) {
    self.phase = phase
    self.timestamp = timestamp
    self.key = key
    self.isRepeat = isRepeat
  }
}

/// The presses of one input event (UIKit's `UIPressesEvent`).
///
/// An event carries the press whose phase changed and, as ``Press/Phase-swift.enum/stationary``
/// presses, the other keys held at that moment.
///
/// ```swift
/// if let event = keyboard.handle(KeyEvent(evdevCode: 30, direction: .down, timestamp: 0.1)) {
///   event.presses(in: .began).first?.key?.characters  // "a"
///   event.presses(in: .stationary).count             // the other keys held
/// }
/// ```
public struct PressesEvent: Hashable, Sendable {
  /// When the event happened, in seconds on the input source's monotonic clock.
  public var timestamp: Double
  /// Every press of the event, the changed ones first.
  public var allPresses: [Press]

  /// Creates an event.
  public init(timestamp: Double, allPresses: [Press]) {
    self.timestamp = timestamp
    self.allPresses = allPresses
  }

  /// The presses in a phase.
  public func presses(in phase: Press.Phase) -> [Press] {
    allPresses.filter { $0.phase == phase }
  }

  /// The presses whose phase changed in this event: all but the stationary ones.
  public var changedPresses: [Press] {
    allPresses.filter { $0.phase != .stationary }
  }
}
