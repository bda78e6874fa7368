internal import CXKBCommonX11
internal import Glibc
internal import MenuKit
internal import MenuKitXKB

// MARK: - Events

extension X11Keyboard {
  /// The X keycode of an evdev code's key is 8 more (the XKB keycodes of evdev keymaps).
  static let keycodeOffset = 8

  /// `KeyPress` or `KeyRelease` on the window: a key going down, repeating or up.
  ///
  /// A press of a key that is held is a repeat: with detectable autorepeat, that is how the
  /// server sends one.
  func receiveKey(keycode: UInt8, isPress: Bool, time: UInt32) {
    let code = Int(keycode) - Self.keycodeOffset
    guard code >= 0 else { return }
    let direction: KeyEvent.Direction
    if isPress {
      direction = keyboard.heldKeys.contains(code) ? .repeat : .down
    } else {
      direction = .up
    }
    let event = keyboard.handle(
      KeyEvent(evdevCode: code, direction: direction, timestamp: seconds(fromServerTime: time)))
    if direction == .up, keysHeldOnEntry.remove(code) != nil { return }
    deliver(event)
  }

  /// `FocusIn` or `FocusOut` on the window.
  ///
  /// Focus moving between the window and its own subwindows (detail `Inferior` on the way
  /// out) keeps the keys, and the pointer's focus (detail `Pointer`) is not keyboard focus;
  /// any other `FocusOut` cancels the held presses. A `FocusIn` reads the server's modifiers
  /// and group again (cancelling cleared the depressed ones, and no `XkbStateNotify` says a
  /// key still down is down) and waits for its `KeymapNotify`, which lists the keys down.
  func receiveFocus(isIn: Bool, detail: UInt8) {
    let pointer = UInt8(XCB_NOTIFY_DETAIL_POINTER.rawValue)
    let inferior = UInt8(XCB_NOTIFY_DETAIL_INFERIOR.rawValue)
    if isIn {
      guard detail != pointer else { return }
      hasFocus = true
      awaitsKeymapNotify = true
      readServerState()
    } else {
      guard detail != pointer, detail != inferior else { return }
      awaitsKeymapNotify = false
      cancelHeldPresses()
      hasFocus = false
    }
  }

  /// `KeymapNotify` after `FocusIn`: the keys down are held without being pressed, so the
  /// shortcut that moved focus here does not fire again.
  func receiveKeymapNotify(_ event: xcb_keymap_notify_event_t) {
    awaitsKeymapNotify = false
    // keys[0] holds keycodes 8 to 15, and so on up to keycode 255.
    let codes: [Int] = withUnsafeBytes(of: event.keys) { bytes in
      var codes: [Int] = []
      for (index, byte) in bytes.enumerated() where byte != 0 {
        for bit in 0..<8 where byte & (1 << bit) != 0 {
          codes.append((index + 1) * 8 + bit - Self.keycodeOffset)
        }
      }
      return codes
    }
    let fresh = codes.filter { !keyboard.heldKeys.contains($0) }
    keysHeldOnEntry.formUnion(fresh)
    keyboard.holdKeys(evdevCodes: fresh, at: clock.now)
  }

  /// An XKB event: state changes set the modifiers and group; a new keyboard or a new map
  /// replaces the keymap. Events of other devices are not the keyboard's.
  func receiveXKBEvent(_ event: UnsafeRawPointer) -> Bool {
    // Every XKB event has its type in byte 1 and its device in byte 8, after the time.
    let xkbType = Int32(event.load(fromByteOffset: 1, as: UInt8.self))
    let device = Int32(event.load(fromByteOffset: 8, as: UInt8.self))
    guard device == deviceID else { return false }
    switch xkbType {
    case XCB_XKB_STATE_NOTIFY:
      let state = event.load(as: xcb_xkb_state_notify_event_t.self)
      keyboard.updateModifiers(
        depressed: UInt32(state.baseMods), latched: UInt32(state.latchedMods),
        locked: UInt32(state.lockedMods), layout: UInt32(state.group))
      return true
    case XCB_XKB_NEW_KEYBOARD_NOTIFY, XCB_XKB_MAP_NOTIFY:
      reloadKeymap()
      return true
    default:
      return false
    }
  }

  /// Sets the modifiers and group from the server's state for the device (XkbGetState, a
  /// round trip); when the server does not answer, the state stays as it was.
  func readServerState() {
    guard
      let state = xcb_xkb_get_state_reply(
        connection, xcb_xkb_get_state(connection, UInt16(deviceID)), nil)
    else { return }
    defer { free(state) }
    keyboard.updateModifiers(
      depressed: UInt32(state.pointee.baseMods), latched: UInt32(state.pointee.latchedMods),
      locked: UInt32(state.pointee.lockedMods), layout: UInt32(state.pointee.group))
  }

  /// Reads the keymap again from the server and replaces the keyboard, cancelling the
  /// presses held on the old one; a keymap that cannot be used goes to ``onError``.
  func reloadKeymap() {
    let newKeyboard: XKBKeyboard
    do {
      newKeyboard = try Self.readKeyboard(
        connection: connection, device: deviceID, serverContext: serverContext,
        context: context, compose: compose, clock: clock)
    } catch {
      onError?(error)
      return
    }
    cancelHeldPresses()
    keyboard = newKeyboard
    onKeymap?(newKeyboard)
  }
}
