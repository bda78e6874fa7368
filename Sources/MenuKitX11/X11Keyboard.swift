internal import CXKBCommonX11
internal import Glibc
public import MenuKit
public import MenuKitXKB

/// The core keyboard of an X server, turned into UIKit-style press events on a window the
/// application owns and dispatched to key commands.
///
/// An X11 client reads the keymap from the server (libxkbcommon-x11) and gets key events for
/// the window that has the input focus. An `X11Keyboard` selects those events on the
/// application's window, over the application's XCB connection, and hands each translated
/// ``MenuKit/PressesEvent`` to a ``MenuKit/KeyDispatcher`` and to ``onPresses``:
///
/// - `KeyPress` and `KeyRelease` for the window: the X keycode minus 8 is the evdev code given
///   to ``MenuKitXKB/XKBKeyboard/handle(_:)``; the server's milliseconds become seconds on
///   ``clock``. With detectable autorepeat (asked for at setup, ``detectsAutorepeat``), a held
///   key sends presses without releases, which arrive as repeats.
/// - `XkbStateNotify`: the base, latched and locked modifiers and the group set the state
///   (``MenuKitXKB/XKBKeyboard/updateModifiers(depressed:latched:locked:layout:)``), so
///   presses report what the server says is held and follow layout switches.
/// - `XkbNewKeyboardNotify` and `XkbMapNotify`: the keymap is read again from the server and
///   replaces ``keyboard``, after cancelling the presses held on the old one. A keymap that
///   cannot be used is reported through ``onError`` and the previous keyboard stays.
/// - `FocusIn`: the keys already down (the `KeymapNotify` that follows) are held without
///   being pressed; `FocusOut` cancels every held press (`pressesCancelled`).
///
/// ```swift
/// let keys = try X11Keyboard(connection: connection, window: window)
/// keys.dispatcher = KeyDispatcher(application: app, mainMenu: menu, platform: .linux)
/// keys.onError = { print("keyboard: \($0)") }
/// while true {
///   try keys.dispatchEvents(timeout: 1)
/// }
/// ```
///
/// The connection stays the application's: the keyboard never disconnects it. Handle its
/// events on the main thread, as toolkits do, and release the keyboard before disconnecting.
@MainActor
public final class X11Keyboard {
  /// The dispatcher that every press event is sent to, with ``keyboard`` as the layout.
  public var dispatcher: KeyDispatcher?

  /// Called with every press event, after ``dispatcher`` got it.
  public var onPresses: ((PressesEvent) -> Void)?

  /// Called with each new keyboard, after the server's keymap changed and compiled.
  public var onKeymap: ((XKBKeyboard) -> Void)?

  /// Called when a new keymap from the server cannot be used; the keyboard goes on with the
  /// one it had.
  public var onError: ((X11KeyboardError) -> Void)?

  /// The translator for the server's current keymap.
  public internal(set) var keyboard: XKBKeyboard

  /// The window whose key and focus events the keyboard handles (an X window id).
  public let window: UInt32

  /// The XKB id of the server's core keyboard, whose keymap and state the keyboard follows.
  public let deviceID: Int32

  /// Whether ``window`` has the input focus.
  public internal(set) var hasFocus: Bool

  /// Whether the server agreed to detectable autorepeat: a held key sends key presses without
  /// key releases between them, delivered as repeats. Without it, each repeat arrives as a
  /// release and a new press.
  public let detectsAutorepeat: Bool

  /// The monotonic clock that press timestamps are on.
  public let clock: any KeyboardClock

  /// The application's `xcb_connection_t`.
  let connection: OpaquePointer
  /// The first event code of the XKB extension.
  let xkbEventBase: UInt8
  /// The context keymaps are compiled in.
  let context: XKBContext
  /// The Compose table every new keyboard gets.
  let compose: XKBComposeTable?
  /// The C context that libxkbcommon-x11 reads keymaps in.
  let serverContext: ServerKeymapContext
  /// Keys that were down when focus came and have not gone up: their release and
  /// cancellation are not delivered, since their press was not.
  var keysHeldOnEntry: Set<Int> = []
  /// Whether a `FocusIn` came and its `KeymapNotify` has not.
  var awaitsKeymapNotify = false

  /// Follows the server's core keyboard and delivers the key events of a window.
  ///
  /// This sets up the XKB extension on the connection, reads the core keyboard's keymap and
  /// state, selects XKB's state, map and new-keyboard events, asks for detectable autorepeat,
  /// and adds key, focus and keymap-state events to what the connection selects on `window`
  /// (keeping what it selected). It makes several round trips; events that arrive meanwhile
  /// stay queued on the connection.
  ///
  /// - Parameters:
  ///   - connection: The application's `xcb_connection_t`, connected.
  ///   - window: The application's window (an X window id); it gets the key events while it
  ///     has the input focus.
  ///   - context: The context keymaps are compiled in; the server's keymaps include nothing,
  ///     so the default has no include paths.
  ///   - compose: A Compose table for dead keys and the Compose key.
  ///   - clock: The monotonic clock for timestamps.
  /// - Throws: ``X11KeyboardError`` when the connection is broken, the server lacks XKB or
  ///   a core keyboard, its keymap cannot be read, or the window does not exist.
  public init(
    connection: UnsafeMutableRawPointer, window: UInt32, context: XKBContext = .hermetic(),
    compose: XKBComposeTable? = nil, clock: any KeyboardClock = MonotonicClock()
  ) throws(X11KeyboardError) {
    let connection = OpaquePointer(connection)
    let status = xcb_connection_has_error(connection)
    guard status == 0 else { throw .connectionFailed(status) }
    var eventBase: UInt8 = 0
    guard
      xkb_x11_setup_xkb_extension(
        connection, UInt16(XKB_X11_MIN_MAJOR_XKB_VERSION), UInt16(XKB_X11_MIN_MINOR_XKB_VERSION),
        XKB_X11_SETUP_XKB_EXTENSION_NO_FLAGS, nil, nil, &eventBase, nil) != 0
    else { throw .noXKBExtension }
    let device = xkb_x11_get_core_keyboard_device_id(connection)
    guard device >= 0 else { throw .noCoreKeyboard }
    let serverContext = try ServerKeymapContext()
    self.keyboard = try Self.readKeyboard(
      connection: connection, device: device, serverContext: serverContext, context: context,
      compose: compose, clock: clock)
    self.connection = connection
    self.window = window
    self.deviceID = device
    self.xkbEventBase = eventBase
    self.context = context
    self.compose = compose
    self.clock = clock
    self.serverContext = serverContext

    let selected = menukit_xkb_select_events(connection, UInt16(device))
    guard selected == 0 else { throw .requestFailed("XkbSelectEvents", selected) }
    detectsAutorepeat = menukit_xkb_detectable_autorepeat(connection, UInt16(device)) != 0
    let mask =
      XCB_EVENT_MASK_KEY_PRESS.rawValue | XCB_EVENT_MASK_KEY_RELEASE.rawValue
      | XCB_EVENT_MASK_FOCUS_CHANGE.rawValue | XCB_EVENT_MASK_KEYMAP_STATE.rawValue
    let added = menukit_xcb_add_event_mask(connection, window, mask)
    if added == XCB_WINDOW { throw .noSuchWindow(window) }
    guard added == 0 else { throw .requestFailed("ChangeWindowAttributes", added) }
    hasFocus = menukit_xcb_input_focus(connection) == window
    _ = xcb_flush(connection)
  }
}

// MARK: - API

extension X11Keyboard {
  /// Handles one event read from the connection, if it is the keyboard's.
  ///
  /// A toolkit that reads the connection's events passes each one here, before or after its
  /// own handling: key and focus events of ``window``, `KeymapNotify` after a focus change,
  /// and XKB events of ``deviceID``. The event is not freed.
  ///
  /// - Parameter event: An `xcb_generic_event_t` as `xcb_wait_for_event` or
  ///   `xcb_poll_for_event` returned it.
  /// - Returns: Whether the event was the keyboard's.
  @discardableResult
  public func handle(event: UnsafeRawPointer) -> Bool {
    let type = event.load(as: UInt8.self) & 0x7f
    switch Int32(type) {
    case XCB_KEY_PRESS, XCB_KEY_RELEASE:
      let key = event.load(as: xcb_key_press_event_t.self)
      guard key.event == window else { return false }
      receiveKey(keycode: key.detail, isPress: Int32(type) == XCB_KEY_PRESS, time: key.time)
      return true
    case XCB_FOCUS_IN, XCB_FOCUS_OUT:
      let focus = event.load(as: xcb_focus_in_event_t.self)
      guard focus.event == window else { return false }
      receiveFocus(isIn: Int32(type) == XCB_FOCUS_IN, detail: focus.detail)
      return true
    case XCB_KEYMAP_NOTIFY:
      guard awaitsKeymapNotify else { return false }
      receiveKeymapNotify(event.load(as: xcb_keymap_notify_event_t.self))
      return true
    case Int32(xkbEventBase):
      return receiveXKBEvent(event)
    default:
      return false
    }
  }

  /// Handles the events already queued or, when there are none, waits for events for up to
  /// `timeout` seconds: the keyboard's are handled and the others discarded. One turn of a
  /// simple event loop.
  ///
  /// Applications whose toolkit reads the connection do not call this; they pass each event
  /// to ``handle(event:)``.
  ///
  /// - Parameter timeout: The longest wait, in seconds, when no event is queued.
  /// - Returns: The number of the keyboard's events handled.
  /// - Throws: ``X11KeyboardError/connectionFailed(_:)`` when the connection broke.
  @discardableResult
  public func dispatchEvents(timeout: Double) throws(X11KeyboardError) -> Int {
    _ = xcb_flush(connection)
    var (read, count) = handleQueuedEvents()
    if read == 0 {
      var descriptor = pollfd(
        fd: xcb_get_file_descriptor(connection), events: Int16(POLLIN), revents: 0)
      if poll(&descriptor, 1, Int32((max(0, timeout) * 1000).rounded(.up))) > 0 {
        (read, count) = handleQueuedEvents()
      }
    }
    let status = xcb_connection_has_error(connection)
    guard status == 0 else { throw .connectionFailed(status) }
    return count
  }
}

// MARK: - Internal

/// The libxkbcommon context that keymaps are read from the server in (no include paths: the
/// server sends whole keymaps), freed with its owner.
final class ServerKeymapContext {
  /// The `xkb_context`.
  let pointer: OpaquePointer

  init() throws(X11KeyboardError) {
    guard let pointer = xkb_context_new(XKB_CONTEXT_NO_DEFAULT_INCLUDES) else {
      throw .keymapUnavailable(-1)
    }
    self.pointer = pointer
  }

  deinit {
    xkb_context_unref(pointer)
  }
}

extension X11Keyboard {
  /// Handles the events that can be read without waiting.
  ///
  /// - Returns: How many events were read, and how many of them were the keyboard's.
  func handleQueuedEvents() -> (read: Int, handled: Int) {
    var read = 0
    var handled = 0
    while let event = xcb_poll_for_event(connection) {
      read += 1
      if handle(event: UnsafeRawPointer(event)) { handled += 1 }
      free(event)
    }
    return (read, handled)
  }

  /// A keyboard for the device's keymap and state as the server has them now.
  ///
  /// The keymap libxkbcommon-x11 reads is written as text and compiled again with MenuKitXKB,
  /// which keeps its modifier indices: the server's real modifiers are the first eight.
  static func readKeyboard(
    connection: OpaquePointer, device: Int32, serverContext: ServerKeymapContext,
    context: XKBContext, compose: XKBComposeTable?, clock: any KeyboardClock
  ) throws(X11KeyboardError) -> XKBKeyboard {
    guard
      let serverKeymap = xkb_x11_keymap_new_from_device(
        serverContext.pointer, connection, device, XKB_KEYMAP_COMPILE_NO_FLAGS)
    else { throw .keymapUnavailable(device) }
    defer { xkb_keymap_unref(serverKeymap) }
    guard let serverState = xkb_x11_state_new_from_device(serverKeymap, connection, device)
    else { throw .keymapUnavailable(device) }
    defer { xkb_state_unref(serverState) }
    guard let text = xkb_keymap_get_as_string(serverKeymap, XKB_KEYMAP_FORMAT_TEXT_V1) else {
      throw .keymapUnavailable(device)
    }
    defer { free(text) }
    let keymap: XKBKeymap
    do {
      keymap = try XKBKeymap(context: context, string: String(cString: text))
    } catch {
      throw .keymapDoesNotCompile(error)
    }
    // The server repeats keys itself: the keyboard synthesises none.
    let keyboard = XKBKeyboard(
      keymap: keymap, compose: compose, stateSource: .serializedModifiers,
      repeatSettings: KeyRepeatSettings(isEnabled: false), clock: clock)
    keyboard.updateModifiers(
      depressed: xkb_state_serialize_mods(serverState, XKB_STATE_MODS_DEPRESSED),
      latched: xkb_state_serialize_mods(serverState, XKB_STATE_MODS_LATCHED),
      locked: xkb_state_serialize_mods(serverState, XKB_STATE_MODS_LOCKED),
      layout: xkb_state_serialize_layout(serverState, XKB_STATE_LAYOUT_EFFECTIVE))
    return keyboard
  }

  /// Sends an event to the dispatcher and the closure.
  func deliver(_ event: PressesEvent?) {
    guard let event else { return }
    dispatcher?.send(event, layout: keyboard)
    onPresses?(event)
  }

  /// Cancels every held press, except those of keys held on entry, which never began.
  func cancelHeldPresses() {
    guard let event = keyboard.cancelAllPresses(at: clock.now) else { return }
    let presses = event.allPresses.filter { press in
      press.key.map { !keysHeldOnEntry.contains($0.evdevCode) } ?? true
    }
    keysHeldOnEntry = []
    if !presses.isEmpty {
      deliver(PressesEvent(timestamp: event.timestamp, allPresses: presses))
    }
  }

  /// An X server time in milliseconds, as seconds on ``clock``.
  ///
  /// Xorg and Xvfb stamp events with `CLOCK_MONOTONIC` milliseconds, truncated to 32 bits:
  /// when the stamp is at most a minute old by that reading, it is placed exactly on the
  /// clock. A stamp on another base is taken as the time the event arrived.
  func seconds(fromServerTime milliseconds: UInt32) -> Double {
    let now = clock.now
    let nowMilliseconds = UInt32(truncatingIfNeeded: Int64((now * 1000).rounded(.down)))
    let age = nowMilliseconds &- milliseconds
    return age <= 60_000 ? now - Double(age) / 1000 : now
  }
}
