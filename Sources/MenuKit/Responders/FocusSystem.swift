/// A direction in which focus moves (UIKit's `UIFocusHeading`).
public enum FocusHeading: String, Hashable, Sendable, CaseIterable {
  /// Up: the previous item, without wrapping (the Up arrow).
  case up
  /// Down: the next item, without wrapping (the Down arrow).
  case down
  /// Left: the previous item, without wrapping (the Left arrow).
  case left
  /// Right: the next item, without wrapping (the Right arrow).
  case right
  /// The next item, wrapping to the first (Tab).
  case next
  /// The previous item, wrapping to the last (Shift+Tab).
  case previous
}

/// A window's keyboard focus: which of its focusable responders has focus, moved by Tab,
/// Shift+Tab and the arrow keys (UIKit's `UIFocusSystem`, reduced to a list).
///
/// UIKit finds focusable items by their place on screen; MenuKit has no geometry, so the app
/// lists them in ``focusableItems``, in focus order. Tab moves to the next item and Shift+Tab
/// to the previous one, wrapping around; the Down and Right arrows move to the next item and
/// Up and Left to the previous one, stopping at the ends. The focused item becomes the
/// window's first responder when it can, so its key commands and actions are the ones the
/// chain offers.
///
/// The ``KeyDispatcher`` gives these keys to the focus system **before** key commands, as
/// UIKit does since iOS 15: "the system delivers physical keyboard events to the text input
/// or focus systems first. If those systems don't handle the keyboard input, the system
/// delivers the events to your app's key commands." A key command whose
/// ``KeyCommand/wantsPriorityOverSystemBehavior`` is true reverses that order and fires
/// instead of the focus movement. A press moves focus only when no shortcut modifier but
/// Shift (for Shift+Tab) is held, when there is an item to move to, and, for the arrows, when
/// the first responder does not consume text input (a text field keeps its arrows); otherwise
/// the press goes to key commands and the responders as before.
///
/// ```swift
/// window.focusSystem.focusableItems = [searchField, sidebar, list]
/// window.focusSystem.moveFocus(.next)  // searchField has focus, and is the first responder
/// // Tab now moves to sidebar, unless a key command on Tab wants priority over the system.
/// ```
@MainActor
public final class FocusSystem {
  /// The window whose focus this is.
  public unowned let window: Window
  /// The responders that can have focus, in focus order; the app keeps it up to date.
  ///
  /// Setting it drops the focus of an item that is no longer listed.
  public var focusableItems: [Responder] = [] {
    didSet {
      if let focused = focusedItemStorage, !focusableItems.contains(where: { $0 === focused }) {
        focusedItemStorage = nil
      }
    }
  }
  /// The focused item, set when focus last moved; until then, the window's first responder
  /// if it is one of ``focusableItems``.
  public var focusedItem: Responder? {
    if let focusedItemStorage { return focusedItemStorage }
    let first = window.firstResponder
    return focusableItems.first { $0 === first }
  }
  private var focusedItemStorage: Responder?

  /// Creates the focus system of a window.
  init(window: Window) {
    self.window = window
  }

  /// Moves focus to an item of ``focusableItems`` and makes it the window's first responder
  /// when it can become one (UIKit's `requestFocusUpdate(to:)`).
  ///
  /// - Returns: Whether the item has focus: false when it is not listed.
  @discardableResult
  public func focus(_ item: Responder) -> Bool {
    guard focusableItems.contains(where: { $0 === item }) else { return false }
    focusedItemStorage = item
    if item.canBecomeFirstResponder { item.becomeFirstResponder() }
    return true
  }

  /// Moves focus in a direction.
  ///
  /// - Returns: Whether focus moved: false when there is no item in that direction (no items,
  ///   the end of the list for an arrow, or a single item that already has focus).
  @discardableResult
  public func moveFocus(_ heading: FocusHeading) -> Bool {
    guard let target = item(toward: heading) else { return false }
    return focus(target)
  }

  /// The item focus would move to, or nil when it would not move.
  func item(toward heading: FocusHeading) -> Responder? {
    let items = focusableItems
    guard !items.isEmpty else { return nil }
    let current = focusedItem.flatMap { focused in items.firstIndex { $0 === focused } }
    let index: Int?
    switch heading {
    case .next:
      index = current.map { ($0 + 1) % items.count } ?? 0
    case .previous:
      index = current.map { ($0 + items.count - 1) % items.count } ?? items.count - 1
    case .down, .right:
      index = current.map { $0 + 1 < items.count ? $0 + 1 : nil } ?? 0
    case .up, .left:
      index = current.map { $0 > 0 ? $0 - 1 : nil } ?? items.count - 1
    }
    guard let index, index != current else { return nil }
    return items[index]
  }
}

// MARK: - Dispatch

extension KeyDispatcher {
  /// The direction a press moves focus in, when it is a focus key (Tab, Shift+Tab, an arrow
  /// without modifiers; not an arrow while the first responder consumes text) and the key
  /// window's focus system has an item to move to; nil otherwise.
  func focusHeading(for press: Press, cache: CandidateCache?) -> FocusHeading? {
    guard let key = press.key else { return nil }
    let held = key.modifierFlags.intersection(.shortcutModifiers)
    let heading: FocusHeading
    switch key.keysym.rawValue {
    case 0xff09, 0xfe20:  // Tab, ISO_Left_Tab (Shift+Tab)
      guard held.subtracting(.shift).isEmpty else { return nil }
      heading = held.contains(.shift) ? .previous : .next
    case 0xff51, 0xff96: heading = .left  // Left, KP_Left
    case 0xff52, 0xff97: heading = .up  // Up, KP_Up
    case 0xff53, 0xff98: heading = .right  // Right, KP_Right
    case 0xff54, 0xff99: heading = .down  // Down, KP_Down
    default: return nil
    }
    if heading != .next, heading != .previous {
      guard held.isEmpty else { return nil }
      let first = cache?.firstResponder ?? application.firstResponderForEvents
      guard !first.isTextInput else { return nil }
    }
    guard let focus = application.keyWindow?.focusSystemIfUsed,
      focus.item(toward: heading) != nil
    else { return nil }
    return heading
  }
}
