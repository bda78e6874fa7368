internal import CWaylandClient
internal import Glibc
internal import MenuKit
internal import MenuKitXKB

// MARK: - Wayland objects

extension WaylandKeyboard {
  /// The Wayland objects a keyboard listens to, and their listeners, which must outlive
  /// them. Destroying this destroys the objects, so that no event reaches a freed keyboard.
  final class Proxies {
    /// The `wl_keyboard`.
    var keyboard: OpaquePointer?
    /// The `wl_seat`, when the keyboard bound it from the registry.
    var seat: OpaquePointer?
    /// The registry name of that seat.
    var seatName: UInt32?
    /// The `wl_registry`, when the keyboard was given a display.
    var registry: OpaquePointer?

    let keyboardListener = UnsafeMutablePointer<wl_keyboard_listener>.allocate(capacity: 1)
    let seatListener = UnsafeMutablePointer<wl_seat_listener>.allocate(capacity: 1)
    let registryListener = UnsafeMutablePointer<wl_registry_listener>.allocate(capacity: 1)

    init() {
      keyboardListener.initialize(
        to: wl_keyboard_listener(
          keymap: { data, _, format, fd, size in
            guard let keyboard = WaylandKeyboard.from(data) else {
              if fd >= 0 { close(fd) }
              return
            }
            MainActor.assumeIsolated { keyboard.receiveKeymap(format: format, fd: fd, size: size) }
          },
          enter: { data, _, _, surface, keys in
            let codes = WaylandKeyboard.evdevCodes(in: keys)
            let focused = ProxyAddress(surface)
            guard let keyboard = WaylandKeyboard.from(data) else { return }
            MainActor.assumeIsolated {
              keyboard.receiveEnter(surface: focused.rawPointer, keys: codes)
            }
          },
          leave: { data, _, _, _ in
            guard let keyboard = WaylandKeyboard.from(data) else { return }
            MainActor.assumeIsolated { keyboard.receiveLeave() }
          },
          key: { data, _, _, time, key, state in
            guard let keyboard = WaylandKeyboard.from(data) else { return }
            MainActor.assumeIsolated { keyboard.receiveKey(time: time, key: key, state: state) }
          },
          modifiers: { data, _, _, depressed, latched, locked, group in
            guard let keyboard = WaylandKeyboard.from(data) else { return }
            MainActor.assumeIsolated {
              keyboard.keyboard?.updateModifiers(
                depressed: depressed, latched: latched, locked: locked, layout: group)
            }
          },
          repeat_info: { data, _, rate, delay in
            guard let keyboard = WaylandKeyboard.from(data) else { return }
            MainActor.assumeIsolated { keyboard.receiveRepeatInfo(rate: rate, delay: delay) }
          }))
      seatListener.initialize(
        to: wl_seat_listener(
          capabilities: { data, seat, capabilities in
            guard let keyboard = WaylandKeyboard.from(data), let seat else { return }
            let boundSeat = ProxyAddress(seat)
            MainActor.assumeIsolated {
              guard let seat = boundSeat.opaquePointer else { return }
              keyboard.receiveCapabilities(capabilities, seat: seat)
            }
          },
          name: { _, _, _ in }))
      registryListener.initialize(
        to: wl_registry_listener(
          global: { data, registry, name, interface, version in
            guard let keyboard = WaylandKeyboard.from(data), let registry, let interface,
              String(cString: interface) == "wl_seat"
            else { return }
            let boundRegistry = ProxyAddress(registry)
            MainActor.assumeIsolated {
              guard let registry = boundRegistry.opaquePointer else { return }
              keyboard.bindSeat(registry: registry, name: name, version: version)
            }
          },
          global_remove: { data, _, name in
            guard let keyboard = WaylandKeyboard.from(data) else { return }
            MainActor.assumeIsolated { keyboard.receiveGlobalRemove(name: name) }
          }))
    }

    /// Releases the keyboard (or destroys it, before `wl_keyboard` version 3).
    func releaseKeyboard() {
      guard let keyboard else { return }
      if wl_proxy_get_version(keyboard) >= 3 {
        wl_keyboard_release(keyboard)
      } else {
        wl_keyboard_destroy(keyboard)
      }
      self.keyboard = nil
    }

    /// Releases the seat the keyboard bound (or destroys it, before `wl_seat` version 5).
    func releaseSeat() {
      guard let seat else { return }
      if wl_proxy_get_version(seat) >= 5 {
        wl_seat_release(seat)
      } else {
        wl_seat_destroy(seat)
      }
      self.seat = nil
      seatName = nil
    }

    deinit {
      releaseKeyboard()
      releaseSeat()
      if let registry { wl_registry_destroy(registry) }
      keyboardListener.deallocate()
      seatListener.deallocate()
      registryListener.deallocate()
    }
  }
}

// MARK: - Events

extension WaylandKeyboard {
  /// The keyboard that a listener's user data points to.
  nonisolated static func from(_ data: UnsafeMutableRawPointer?) -> WaylandKeyboard? {
    data.map { Unmanaged<WaylandKeyboard>.fromOpaque($0).takeUnretainedValue() }
  }

  /// The evdev codes of `wl_keyboard.enter`'s array of 32-bit key codes, at most 256 of them.
  nonisolated static func evdevCodes(in array: UnsafeMutablePointer<wl_array>?) -> [Int] {
    guard let array, let data = array.pointee.data else { return [] }
    let count = min(array.pointee.size / MemoryLayout<UInt32>.size, 256)
    let words = UnsafeRawBufferPointer(start: data, count: count * MemoryLayout<UInt32>.size)
    return (0..<count).map { Int(words.loadUnaligned(fromByteOffset: $0 * 4, as: UInt32.self)) }
  }

  /// `wl_keyboard.keymap`: a new keyboard for a keymap that loads, an error for one that
  /// does not. The descriptor is closed either way.
  func receiveKeymap(format: UInt32, fd: Int32, size: UInt32) {
    defer { if fd >= 0 { close(fd) } }
    let keymap: XKBKeymap
    do {
      keymap = try loadKeymap(format: format, fd: fd, size: size, context: context)
    } catch {
      onError?(error)
      return
    }
    cancelHeldPresses()
    let keyboard = XKBKeyboard(
      keymap: keymap, compose: compose, stateSource: .serializedModifiers,
      repeatSettings: repeatSettings, clock: clock)
    self.keyboard = keyboard
    onKeymap?(keyboard)
  }

  /// `wl_keyboard.enter`: focus, with the keys already down held but not pressed.
  func receiveEnter(surface: UnsafeMutableRawPointer?, keys: [Int]) {
    focusedSurface = surface
    guard let keyboard else { return }
    let fresh = keys.filter { !keyboard.heldKeys.contains($0) }
    keysHeldOnEntry.formUnion(fresh)
    keyboard.holdKeys(evdevCodes: fresh, at: clock.now)
  }

  /// `wl_keyboard.leave`: every held press is cancelled.
  func receiveLeave() {
    cancelHeldPresses()
    focusedSurface = nil
  }

  /// `wl_keyboard.key`: a key going down or up (or, from version 10, repeating).
  func receiveKey(time: UInt32, key: UInt32, state: UInt32) {
    guard let keyboard else { return }
    let direction: KeyEvent.Direction
    switch state {
    case 0: direction = .up
    case 1: direction = .down
    case 2: direction = .repeat
    default: return
    }
    let code = Int(key)
    let event = keyboard.handle(
      KeyEvent(evdevCode: code, direction: direction, timestamp: seconds(fromCompositorTime: time)))
    if direction == .up, keysHeldOnEntry.remove(code) != nil { return }
    deliver(event)
  }

  /// `wl_keyboard.repeat_info`: a rate of 0 turns repeating off.
  func receiveRepeatInfo(rate: Int32, delay: Int32) {
    repeatSettings = KeyRepeatSettings(
      isEnabled: rate > 0, delay: Double(max(0, delay)) / 1000, rate: Double(max(0, rate)))
    keyboard?.repeatSettings = repeatSettings
  }

  /// `wl_registry.global` for a `wl_seat`: the first one is bound, at version 5 at most.
  func bindSeat(registry: OpaquePointer, name: UInt32, version: UInt32) {
    guard proxies.seat == nil,
      let bound = wl_registry_bind(
        registry, name, menukit_wl_seat_interface(), min(version, 5))
    else { return }
    let seat = OpaquePointer(bound)
    proxies.seat = seat
    proxies.seatName = name
    wl_seat_add_listener(seat, proxies.seatListener, userData)
  }

  /// `wl_seat.capabilities`: the keyboard is taken or let go as the seat gains or loses one.
  func receiveCapabilities(_ capabilities: UInt32, seat: OpaquePointer) {
    if capabilities & WL_SEAT_CAPABILITY_KEYBOARD.rawValue != 0 {
      attachKeyboard(seat: seat)
    } else {
      detachKeyboard()
    }
  }

  /// `wl_registry.global_remove`: the bound seat going away takes its keyboard with it.
  func receiveGlobalRemove(name: UInt32) {
    guard name == proxies.seatName else { return }
    detachKeyboard()
    proxies.releaseSeat()
  }
}

/// The address of a Wayland object a listener receives, carried into the main actor.
///
/// libwayland calls a listener on the thread that dispatches the display's queue, which for
/// ``WaylandKeyboard`` is the main thread (each listener asserts it with
/// `MainActor.assumeIsolated`). A pointer is not `Sendable`, so the listener passes the
/// object's address, a number, and the main actor's code turns it back into the pointer: the
/// object is the same one, used on the same thread, without opting out of the checks.
struct ProxyAddress: Sendable {
  /// The address, or 0 for none.
  let bits: Int

  /// The address of an object, or 0 for none.
  init(_ pointer: OpaquePointer?) { bits = Int(bitPattern: pointer) }

  /// The object as an opaque pointer (a `wl_seat`, a `wl_registry`), or nil for none.
  var opaquePointer: OpaquePointer? { OpaquePointer(bitPattern: bits) }

  /// The object as a raw pointer (a `wl_surface`, kept only to compare), or nil for none.
  var rawPointer: UnsafeMutableRawPointer? { UnsafeMutableRawPointer(bitPattern: bits) }
}
