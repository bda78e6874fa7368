internal import CGtk4
import MenuKit
import MenuKitXKB

// MARK: - Keys

extension GtkMenuBridge {
  /// The X keycode of an evdev code's key is 8 more, on X11 and Wayland alike.
  static let keycodeOffset = 8

  /// Adds the capture-phase key controller and follows the window's focus.
  func attachKeyController(to widget: UnsafeMutablePointer<GtkWidget>) {
    let controller = gtk_event_controller_key_new()!
    gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_CAPTURE)
    let pressed:
      @convention(c) (OpaquePointer?, UInt32, UInt32, UInt32, UnsafeMutableRawPointer?) -> Int32 =
        { controller, _, keycode, _, data in
          guard let data, let controller else { return 0 }
          let box = Unmanaged<CallbackBox>.fromOpaque(data).takeUnretainedValue()
          return MainActor.assumeIsolated {
            box.bridge?.receiveKey(
              controller: controller, keycode: keycode, isPress: true) ?? false
          } ? 1 : 0
        }
    let released:
      @convention(c) (OpaquePointer?, UInt32, UInt32, UInt32, UnsafeMutableRawPointer?) -> Void =
        { controller, _, keycode, _, data in
          guard let data, let controller else { return }
          let box = Unmanaged<CallbackBox>.fromOpaque(data).takeUnretainedValue()
          MainActor.assumeIsolated {
            _ = box.bridge?.receiveKey(controller: controller, keycode: keycode, isPress: false)
          }
        }
    let activeChanged:
      @convention(c) (OpaquePointer?, OpaquePointer?, UnsafeMutableRawPointer?) -> Void = {
        window, _, data in
        guard let data, let window else { return }
        let box = Unmanaged<CallbackBox>.fromOpaque(data).takeUnretainedValue()
        let active =
          gtk_window_is_active(
            UnsafeMutableRawPointer(window).assumingMemoryBound(
              to: GtkWindow.self)) != 0
        MainActor.assumeIsolated { box.bridge?.windowActivityChanged(isActive: active) }
      }
    connect(
      UnsafeMutableRawPointer(controller), "key-pressed",
      unsafeBitCast(pressed, to: GCallback.self))
    connect(
      UnsafeMutableRawPointer(controller), "key-released",
      unsafeBitCast(released, to: GCallback.self))
    connect(
      UnsafeMutableRawPointer(widget), "notify::is-active",
      unsafeBitCast(activeChanged, to: GCallback.self))
    gtk_widget_add_controller(widget, controller)
  }

  /// A key event from a window's controller.
  ///
  /// - Returns: Whether the press was MenuKit's (it performed an action or continues a
  ///   pending sequence), so GTK stops it there.
  func receiveKey(controller: OpaquePointer, keycode: UInt32, isPress: Bool) -> Bool {
    let code = Int(keycode) - Self.keycodeOffset
    guard code >= 0, let event = gtk_event_controller_get_current_event(controller),
      let keyboard = currentKeyboard(for: event)
    else { return false }
    let state = GdkModifiers(
      gdkState: gdk_event_get_modifier_state(event).rawValue,
      modifierNames: keyboard.state.keymap.modifierNames)
    keyboard.updateModifiers(
      depressed: state.depressed, latched: 0, locked: state.locked,
      layout: gdk_key_event_get_layout(event))
    let direction: KeyEvent.Direction
    if isPress {
      direction = keyboard.heldKeys.contains(code) ? .repeat : .down
    } else {
      direction = .up
    }
    let wasPending = dispatcher.pendingSequenceDeadline != nil
    guard
      let pressesEvent = keyboard.handle(
        KeyEvent(evdevCode: code, direction: direction, timestamp: clock.now))
    else { return false }
    let performed = dispatcher.send(pressesEvent, layout: keyboard)
    onPresses?(pressesEvent)
    scheduleSequenceTimeout()
    if performed {
      refresh()
      return true
    }
    // A stroke of a pending sequence (or the one that ended it) is MenuKit's.
    return isPress && (wasPending || dispatcher.pendingSequenceDeadline != nil)
  }

  /// The keyboard for the display's keymap, read again when GDK has a new one.
  func currentKeyboard(for event: OpaquePointer) -> XKBKeyboard? {
    guard let device = gdk_event_get_device(event) else { return keyboard }
    let display = gdk_device_get_display(device)
    let identity = menukit_gtk_keymap_identity(display, device)
    if keyboard != nil, identity == keymapIdentity { return keyboard }
    if keyboard == nil, keymapUnavailable, identity == keymapIdentity { return nil }
    keymapIdentity = identity
    guard let text = menukit_gtk_keymap_text(display, device) else {
      keymapUnavailable = true
      return keyboard
    }
    defer { free(text) }
    do {
      let keymap = try XKBKeymap(context: .hermetic(), string: String(cString: text))
      cancelHeldPresses()
      keyboard = XKBKeyboard(
        keymap: keymap, stateSource: .serializedModifiers,
        repeatSettings: KeyRepeatSettings(isEnabled: false), clock: clock)
      keymapUnavailable = false
    } catch {
      keymapUnavailable = true
    }
    return keyboard
  }

  /// The window became active or inactive: presses held when it stops being active are
  /// cancelled.
  func windowActivityChanged(isActive: Bool) {
    if !isActive { cancelHeldPresses() }
  }

  /// Cancels every held press (focus left, or the keymap changed).
  func cancelHeldPresses() {
    guard let keyboard, let event = keyboard.cancelAllPresses(at: clock.now) else { return }
    dispatcher.send(event, layout: keyboard)
    onPresses?(event)
  }

  /// Schedules the end of a pending sequence at its deadline (once), as
  /// ``MenuKit/KeyDispatcher/pendingSequenceDeadline`` asks.
  func scheduleSequenceTimeout() {
    if sequenceTimer != 0 {
      g_source_remove(sequenceTimer)
      sequenceTimer = 0
    }
    guard let deadline = dispatcher.pendingSequenceDeadline else { return }
    let milliseconds = UInt32(max(0, (deadline - clock.now) * 1000).rounded(.up)) + 1
    let box = Unmanaged.passRetained(CallbackBox(bridge: self, name: ""))
    sequenceTimer = g_timeout_add_full(
      G_PRIORITY_DEFAULT, milliseconds,
      { data in
        let box = Unmanaged<CallbackBox>.fromOpaque(data!).takeUnretainedValue()
        MainActor.assumeIsolated {
          guard let bridge = box.bridge else { return }
          bridge.sequenceTimer = 0
          if bridge.dispatcher.endPendingSequence(at: bridge.clock.now)?.action != nil {
            bridge.refresh()
          }
        }
        return 0  // G_SOURCE_REMOVE
      }, box.toOpaque(), { data in Unmanaged<CallbackBox>.fromOpaque(data!).release() })
  }
}
