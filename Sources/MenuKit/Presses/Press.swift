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

  /// Which button a press is, as UIKit's `UIPress.PressType` names the buttons of a remote
  /// and the keys that play their part on a keyboard.
  ///
  /// A keyboard's keys stand for the remote's buttons as tvOS reads them: the arrow keys
  /// (and the keypad's with Num Lock off) are the arrows, Return, the keypad's Enter and the
  /// space bar are ``select``, Escape is ``menu``, the media Play/Pause key is ``playPause``,
  /// and Page Up and Page Down are ``pageUp`` and ``pageDown``. Every other key is ``key``:
  /// read ``Press/key`` for which.
  ///
  /// ```swift
  /// for press in presses where press.type == .select {
  ///   activateFocusedItem()
  /// }
  /// ```
  public enum PressType: String, Hashable, Sendable, CaseIterable {
    /// An up arrow (UIKit's `UIPress.PressType.upArrow`).
    case upArrow
    /// A down arrow.
    case downArrow
    /// A left arrow.
    case leftArrow
    /// A right arrow.
    case rightArrow
    /// The select button: Return, the keypad's Enter or the space bar.
    case select
    /// The menu (back) button: Escape.
    case menu
    /// The play/pause button: the media Play/Pause key.
    case playPause
    /// A page-up button: Page Up.
    case pageUp
    /// A page-down button: Page Down.
    case pageDown
    /// Any other key of a keyboard (MenuKit's; UIKit names no such type). Also the type of a
    /// press without a key.
    case key
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

  /// Which button the press is (UIKit's `UIPress.type`), read from its key's keysym.
  public var type: PressType {
    guard let keysym = key?.keysym.rawValue else { return .key }
    return switch keysym {
    case 0xff52, 0xff97: .upArrow  // Up, KP_Up
    case 0xff54, 0xff99: .downArrow  // Down, KP_Down
    case 0xff51, 0xff96: .leftArrow  // Left, KP_Left
    case 0xff53, 0xff98: .rightArrow  // Right, KP_Right
    case 0xff0d, 0xff8d, 0x20: .select  // Return, KP_Enter, space
    case 0xff1b: .menu  // Escape
    case 0x1008_ff14: .playPause  // XF86AudioPlay
    case 0xff55, 0xff9a: .pageUp  // Prior, KP_Prior
    case 0xff56, 0xff9b: .pageDown  // Next, KP_Next
    default: .key
    }
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
    allPresses.filter(Self.isChanged)
  }

  /// The first of ``changedPresses``, found without building the array of them.
  package var firstChangedPress: Press? {
    allPresses.first(where: Self.isChanged)
  }

  /// Whether a press changed in its event: every phase but the stationary one.
  static func isChanged(_ press: Press) -> Bool {
    press.phase != .stationary
  }
}
