internal import CWaylandClient
internal import Glibc
public import MenuKit
public import MenuKitXKB

/// The keyboard of a Wayland seat, turned into UIKit-style press events and dispatched to key
/// commands.
///
/// A Wayland client does not read key devices: its compositor sends it a keymap, key codes
/// and the modifiers in effect through `wl_keyboard`. A `WaylandKeyboard` listens to those
/// events on a display the application (or its toolkit) owns and hands each translated
/// ``MenuKit/PressesEvent`` to a ``MenuKit/KeyDispatcher`` and to ``onPresses``:
///
/// - `keymap`: the keymap file is checked (format XKB v1, a size up to
///   ``maximumKeymapSize``, a file that long), read, compiled into a new ``keyboard``, and its
///   descriptor closed. Every new keymap replaces the keyboard, after cancelling the presses
///   held on the old one. A keymap that cannot be used is reported through ``onError`` and the
///   previous keyboard stays.
/// - `key`: the evdev code goes to ``MenuKitXKB/XKBKeyboard/handle(_:)``; the compositor's
///   milliseconds become seconds on ``clock``.
/// - `modifiers`: depressed, latched and locked modifiers and the layout group set the state
///   (``MenuKitXKB/XKBKeyboard/updateModifiers(depressed:latched:locked:layout:)``), so presses
///   report what the compositor says is held and follow layout switches.
/// - `repeat_info`: sets ``repeatSettings``; the repeats themselves are synthesised
///   (``deliverDueRepeats()``), as Wayland leaves autorepeat to clients.
/// - `enter`: the keys already down are held without being pressed, so a shortcut typed in
///   another window does not fire again here; `leave` cancels every held press
///   (`pressesCancelled`).
///
/// ```swift
/// let keys = try WaylandKeyboard(display: display)  // binds the display's first seat
/// keys.dispatcher = KeyDispatcher(application: app, mainMenu: menu, platform: .linux)
/// keys.onError = { print("keyboard: \($0)") }
/// while true {
///   try keys.dispatchEvents(display: display, timeout: 1)
/// }
/// ```
///
/// The callbacks run while the display's events are dispatched, which must happen on the main
/// thread, as toolkits do. Release the keyboard before disconnecting the display.
@MainActor
public final class WaylandKeyboard {
  /// The largest keymap accepted, in bytes (8 MiB; a full keymap is usually below 100 KiB).
  public nonisolated static let maximumKeymapSize: UInt32 = 8 << 20

  /// The dispatcher that every press event is sent to, with ``keyboard`` as the layout.
  public var dispatcher: KeyDispatcher?

  /// Called with every press event, after ``dispatcher`` got it.
  public var onPresses: ((PressesEvent) -> Void)?

  /// Called with each new keyboard, after a keymap from the compositor compiled.
  public var onKeymap: ((XKBKeyboard) -> Void)?

  /// Called when the compositor sends something that cannot be used, such as a keymap that
  /// does not compile; the keyboard goes on with what it had.
  public var onError: ((WaylandKeyboardError) -> Void)?

  /// The translator for the compositor's current keymap, or `nil` before the first keymap.
  public internal(set) var keyboard: XKBKeyboard?

  /// The surface that has keyboard focus (a `wl_surface`), or `nil` when none of the client's
  /// surfaces has it.
  public internal(set) var focusedSurface: UnsafeMutableRawPointer?

  /// The delay and rate of synthesised repeats, as the compositor's `repeat_info` set them.
  public internal(set) var repeatSettings = KeyRepeatSettings()

  /// The monotonic clock that press timestamps and synthesised repeats are on.
  public let clock: any KeyboardClock

  /// The context keymaps are compiled in.
  let context: XKBContext
  /// The Compose table every new keyboard gets.
  let compose: XKBComposeTable?
  /// The Wayland objects and their listeners.
  let proxies = Proxies()
  /// Keys that were down when focus came and have not gone up: their release and
  /// cancellation are not delivered, since their press was not.
  var keysHeldOnEntry: Set<Int> = []

  /// Listens to the keyboard of a seat the application or its toolkit bound.
  ///
  /// The seat must have the keyboard capability. Nothing is delivered until the compositor
  /// sends a keymap, which it does as the keyboard is created, when the display's events are
  /// next dispatched.
  ///
  /// - Parameters:
  ///   - seat: The `wl_seat`.
  ///   - context: The context keymaps are compiled in; the compositor's keymaps include
  ///     nothing, so the default has no include paths.
  ///   - compose: A Compose table for dead keys and the Compose key.
  ///   - clock: The monotonic clock for timestamps and repeats.
  public init(
    seat: UnsafeMutableRawPointer, context: XKBContext = .hermetic(),
    compose: XKBComposeTable? = nil, clock: any KeyboardClock = MonotonicClock()
  ) {
    self.context = context
    self.compose = compose
    self.clock = clock
    attachKeyboard(seat: OpaquePointer(seat))
  }

  /// Binds the first seat of a display and listens to its keyboard.
  ///
  /// This makes two roundtrips to the compositor, dispatching the display's default queue:
  /// one to find the seat, one to learn its capabilities. The keyboard follows the seat's
  /// capabilities afterwards: it is released (cancelling held presses) when the seat loses its
  /// keyboard, and taken again when the seat gets one.
  ///
  /// - Parameters:
  ///   - display: The `wl_display`, connected.
  ///   - context: The context keymaps are compiled in.
  ///   - compose: A Compose table for dead keys and the Compose key.
  ///   - clock: The monotonic clock for timestamps and repeats.
  /// - Throws: ``WaylandKeyboardError/noSeat`` when the display has no seat, or
  ///   ``WaylandKeyboardError/connectionFailed(_:)``.
  public init(
    display: UnsafeMutableRawPointer, context: XKBContext = .hermetic(),
    compose: XKBComposeTable? = nil, clock: any KeyboardClock = MonotonicClock()
  ) throws(WaylandKeyboardError) {
    self.context = context
    self.compose = compose
    self.clock = clock
    let display = OpaquePointer(display)
    guard let registry = wl_display_get_registry(display) else {
      throw connectionError(display)
    }
    proxies.registry = registry
    wl_registry_add_listener(registry, proxies.registryListener, userData)
    guard wl_display_roundtrip(display) >= 0 else { throw connectionError(display) }
    guard proxies.seat != nil else { throw .noSeat }
    guard wl_display_roundtrip(display) >= 0 else { throw connectionError(display) }
  }
}

// MARK: - API

extension WaylandKeyboard {
  /// Whether one of the client's surfaces has keyboard focus.
  public var hasFocus: Bool {
    focusedSurface != nil
  }

  /// When the next synthesised repeat is due, on ``clock``; `nil` when no key repeats.
  ///
  /// A toolkit sets a timer for this time and calls ``deliverDueRepeats()`` when it fires.
  public var nextRepeatTime: Double? {
    hasFocus ? keyboard?.nextRepeatTime : nil
  }

  /// Delivers the synthesised repeats that are due, to ``dispatcher`` and ``onPresses``.
  public func deliverDueRepeats() {
    guard hasFocus, let keyboard else { return }
    for event in keyboard.dueRepeats() {
      deliver(event)
    }
  }

  /// Waits for the display's events for up to `timeout` seconds (or until a repeat is due),
  /// dispatches them, and delivers due repeats: one turn of a simple event loop.
  ///
  /// Applications whose toolkit runs the loop do not call this; they call
  /// ``deliverDueRepeats()`` from a timer at ``nextRepeatTime``.
  ///
  /// - Parameters:
  ///   - display: The `wl_display` the keyboard's seat belongs to.
  ///   - timeout: The longest wait, in seconds.
  /// - Returns: The number of Wayland events dispatched.
  /// - Throws: ``WaylandKeyboardError/connectionFailed(_:)`` when the connection broke.
  @discardableResult
  public func dispatchEvents(display: UnsafeMutableRawPointer, timeout: Double)
    throws(WaylandKeyboardError) -> Int
  {
    let display = OpaquePointer(display)
    while wl_display_prepare_read(display) != 0 {
      guard wl_display_dispatch_pending(display) >= 0 else { throw connectionError(display) }
    }
    _ = wl_display_flush(display)
    var wait = max(0, timeout)
    if let next = nextRepeatTime {
      wait = min(wait, max(0, next - clock.now))
    }
    var descriptor = pollfd(fd: wl_display_get_fd(display), events: Int16(POLLIN), revents: 0)
    if poll(&descriptor, 1, Int32((wait * 1000).rounded(.up))) > 0 {
      guard wl_display_read_events(display) >= 0 else { throw connectionError(display) }
    } else {
      wl_display_cancel_read(display)
    }
    let count = wl_display_dispatch_pending(display)
    guard count >= 0 else { throw connectionError(display) }
    deliverDueRepeats()
    return Int(count)
  }
}

// MARK: - Internal

extension WaylandKeyboard {
  /// This object as the user data of its listeners; unretained, since the listeners'
  /// objects are destroyed with it.
  var userData: UnsafeMutableRawPointer {
    Unmanaged.passUnretained(self).toOpaque()
  }

  /// Takes the keyboard of a seat, unless one is taken.
  func attachKeyboard(seat: OpaquePointer) {
    guard proxies.keyboard == nil, let keyboard = wl_seat_get_keyboard(seat) else { return }
    proxies.keyboard = keyboard
    wl_keyboard_add_listener(keyboard, proxies.keyboardListener, userData)
  }

  /// Cancels the held presses and lets go of the seat's keyboard.
  func detachKeyboard() {
    cancelHeldPresses()
    focusedSurface = nil
    proxies.releaseKeyboard()
  }

  /// Sends an event to the dispatcher and the closure.
  func deliver(_ event: PressesEvent?) {
    guard let event, let keyboard else { return }
    dispatcher?.send(event, layout: keyboard)
    onPresses?(event)
  }

  /// Cancels every held press, except those of keys held on entry, which never began.
  func cancelHeldPresses() {
    guard let event = keyboard?.cancelAllPresses(at: clock.now) else { return }
    let presses = event.allPresses.filter { press in
      press.key.map { !keysHeldOnEntry.contains($0.evdevCode) } ?? true
    }
    keysHeldOnEntry = []
    if !presses.isEmpty {
      deliver(PressesEvent(timestamp: event.timestamp, allPresses: presses))
    }
  }

  /// A compositor time in milliseconds, as seconds on ``clock``.
  ///
  /// Compositors stamp events with `CLOCK_MONOTONIC` milliseconds, truncated to 32 bits, as
  /// wlroots and Mutter do: when the stamp is at most a minute old by that reading, it is
  /// placed exactly on the clock. A stamp on another base (a virtual keyboard's own counter,
  /// say) is taken as the time the event arrived.
  func seconds(fromCompositorTime milliseconds: UInt32) -> Double {
    let now = clock.now
    let nowMilliseconds = UInt32(truncatingIfNeeded: Int64((now * 1000).rounded(.down)))
    let age = nowMilliseconds &- milliseconds
    return age <= 60_000 ? now - Double(age) / 1000 : now
  }

  /// The connection's error, in words.
  func connectionError(_ display: OpaquePointer) -> WaylandKeyboardError {
    let code = wl_display_get_error(display)
    return .connectionFailed(code == 0 ? "no error code" : String(cString: strerror(code)))
  }
}
