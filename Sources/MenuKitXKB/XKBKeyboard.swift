internal import CXKBCommon
public import MenuKit

/// A keyboard translator: turns evdev key events into press events, as UIKit delivers them.
///
/// The keyboard owns one ``XKBState`` for a keymap and, when given a Compose table, one
/// ``XKBComposeState``. Each ``KeyEvent`` (a key going down, up or repeating) becomes one
/// ``PressesEvent``: the press that changed first, then every other held key as a
/// ``Press/Phase-swift.enum/stationary`` press. The rules are those of decision 0004
/// (`docs/decisions/0004-press-translation.md`):
///
/// - A key's keysym, text and modifier flags are read *before* the key's own state update, so
///   Shift going down reports no ``KeyModifierFlags/shift`` and the next key does.
/// - ``Key/characters`` is what `xkb_state_key_get_utf8` says the key types: Control+A types
///   U+0001, Escape U+001B and Return U+000D. A special key that types nothing (an arrow, a
///   function key, Home, forward Delete) reports UIKit's input string for it instead, such as
///   `KeyCommand.inputLeftArrow` (`"UIKeyInputLeftArrow"`).
///   ``Key/charactersIgnoringModifiers`` is the key's first-level keysym as text, lowercase
///   for Latin letters, empty for a modifier key, and the input string for a special key.
/// - ``Key/keyCode`` is the key's position (its USB HID usage), whatever the layout.
///
/// ```swift
/// let context = XKBContext.hermetic(includePaths: ["/usr/share/X11/xkb"])
/// let keymap = try XKBKeymap(context: context, names: .init(layout: "us"))
/// let keyboard = XKBKeyboard(keymap: keymap)
/// _ = keyboard.handle(KeyEvent(evdevCode: 42, direction: .down, timestamp: 0.0))  // Shift
/// let event = keyboard.handle(KeyEvent(evdevCode: 30, direction: .down, timestamp: 0.1))
/// let key = event?.presses(in: .began).first?.key
/// key?.characters                   // "A"
/// key?.charactersIgnoringModifiers  // "a"
/// key?.modifierFlags                // [.shift]
/// event?.presses(in: .stationary).count  // 1: Shift is still held
/// ```
///
/// On Wayland, where the compositor tracks modifiers and sends them as
/// `wl_keyboard.modifiers`, create the keyboard with
/// ``StateSource-swift.enum/serializedModifiers``, pass those events to
/// ``updateModifiers(depressed:latched:locked:layout:)``, and call ``dueRepeats()`` from a
/// timer, since Wayland leaves autorepeat to clients. Call ``cancelAllPresses(at:)`` when the
/// window loses keyboard focus.
///
/// ``handle(_:)`` is meant for the input hot path. Besides the one array of the returned
/// event, it allocates nothing for a key it has read before in the same modifiers and layout:
/// it keeps the last two keys read for each evdev code, and a key-up, read in the state of its
/// key-down, is nearly free.
///
/// A keyboard is not thread-safe, and so not `Sendable`: libxkbcommon 1.5.0 counts references
/// without atomics. Use it, its keymap and its Compose table from one thread or task at a time.
public final class XKBKeyboard {
  /// Where the keyboard learns which modifiers are held.
  public enum StateSource: Hashable, Sendable {
    /// From the key events: every key going down or up updates the state. This is right for
    /// evdev devices, recordings and X11.
    case keyEvents
    /// From serialized modifier masks given to
    /// ``XKBKeyboard/updateModifiers(depressed:latched:locked:layout:)``, as a Wayland
    /// compositor sends them; key events do not update the state, so modifier keys are not
    /// counted twice.
    case serializedModifiers
  }

  /// The keyboard state, for queries such as ``XKBState/consumedModifiers(forEvdevCode:)``.
  ///
  /// Reading it is safe; updating it directly makes the keyboard's held keys disagree with it.
  public let state: XKBState

  /// Where the keyboard learns which modifiers are held.
  public let stateSource: StateSource

  /// When synthesised repeats start and how often they come; see ``dueRepeats()``.
  ///
  /// A change applies to the key being repeated from its next repeat on.
  public var repeatSettings: KeyRepeatSettings {
    get { repeatSettingsStorage }
    set { repeatSettingsStorage = newValue }
  }

  /// The clock that ``dueRepeats()`` reads.
  let clock: any KeyboardClock

  /// The Compose state fed on key-down and repeats, when a table was given.
  let compose: XKBComposeState?

  /// The C state and keymap, read on every event.
  let statePointer: OpaquePointer
  let keymapPointer: OpaquePointer

  /// The effective-modifier bits of Shift, Lock, Control, Mod1 and Mod4; 0 for a modifier
  /// the keymap lacks.
  let modifierMasks: ModifierMasks

  /// Each key's first-level keysym and its text, per layout; see ``BaseSymbols``.
  let baseSymbols: BaseSymbols

  /// A buffer for the key's text, reused by every event.
  let textBuffer: UnsafeMutableBufferPointer<CChar>

  /// The last keys read for each evdev code, with the state they were read in; see
  /// ``KeyCache``.
  let keyCache: KeyCache

  /// Relocations already computed, by active layout and input; see
  /// `relocatedKey(for:)` in XKBKeyboard+Localization.swift.
  let relocations: RelocationCache

  /// Consumed modifiers already computed; see `consumedModifiers(for:)` in
  /// XKBKeyboard+Layout.swift.
  let consumedCache: ConsumedModifiersCache

  /// The typing engine's scratch keyboard, modifier keys, key indexes and answers; see
  /// XKBKeyboard+Typing.swift.
  let typingSupport = TypingSupport()
  /// Keysyms without Shift already computed (``unshiftedKeysym(for:)``).
  let unshiftedCache = UnshiftedKeysymCache()

  // The mutable properties are read and written on every event. Each is only ever read or
  // assigned whole (arrays are changed through a local copy: `updateHeld(_:)`,
  // `pressesEvent`), so the compiler proves that no two accesses overlap and checks none of
  // them at run time; dynamic checks cost about a tenth of ``handle(_:)`` in the
  // key-translation benchmark.

  /// The storage of ``repeatSettings``.
  private var repeatSettingsStorage: KeyRepeatSettings
  /// The keys held, in the order they went down; changed through ``updateHeld(_:)``.
  private(set) var held: [HeldKey] = []
  /// The presses of the last event, whose storage the next event reuses once the caller has
  /// let go of that event (an event a caller keeps is never changed: the array copies first);
  /// nil while an event is being made from them.
  private var lastPresses: [Press]? = []

  /// The key that synthesised repeats are for, if any.
  var repeatTimer: RepeatTimer?

  /// Creates a translator for a keymap, with nothing held.
  ///
  /// - Parameters:
  ///   - keymap: The keymap that translates keys.
  ///   - compose: A Compose table for dead keys and the Compose key, or `nil` to type dead
  ///     keys' own keysyms without composing.
  ///   - stateSource: Whether key events or serialized masks update the modifiers.
  ///   - repeatSettings: The delay and rate of synthesised repeats.
  ///   - clock: The monotonic clock that synthesised repeats are timed by.
  public convenience init(
    keymap: XKBKeymap, compose: XKBComposeTable? = nil, stateSource: StateSource = .keyEvents,
    repeatSettings: KeyRepeatSettings = .init(), clock: any KeyboardClock = MonotonicClock()
  ) {
    self.init(
      keymap: keymap, compose: compose, stateSource: stateSource,
      repeatSettings: repeatSettings, clock: clock, relocations: RelocationCache(),
      consumedCache: ConsumedModifiersCache())
  }

  /// Creates a translator for the typing engine's questions about each key and state about
  /// once, as a sweep over layouts asks them (`keymap-lint --all-layouts`): the same answers,
  /// but its consumed-modifier cache keeps only the latest answer per key, since hashing every
  /// answer into a table cost more than computing it again.
  ///
  /// - Parameter keymap: The keymap that translates keys.
  package convenience init(typingOn keymap: XKBKeymap) {
    self.init(
      keymap: keymap, compose: nil, stateSource: .keyEvents, repeatSettings: .init(),
      clock: MonotonicClock(), relocations: RelocationCache(),
      consumedCache: ConsumedModifiersCache(keepsEveryAnswer: false))
  }

  /// Creates a translator whose relocation and consumed-modifier caches (and, when given, modifier
  /// masks and first-level symbols) are given: the typing engine's scratch keyboard shares its
  /// keyboard's, since they depend on the keymap alone.
  init(
    keymap: XKBKeymap, compose: XKBComposeTable?, stateSource: StateSource,
    repeatSettings: KeyRepeatSettings, clock: any KeyboardClock,
    relocations: RelocationCache, consumedCache: ConsumedModifiersCache,
    modifierMasks: ModifierMasks? = nil, baseSymbols: BaseSymbols? = nil
  ) {
    self.relocations = relocations
    self.consumedCache = consumedCache
    self.state = XKBState(keymap: keymap)
    self.stateSource = stateSource
    repeatSettingsStorage = repeatSettings
    self.clock = clock
    self.compose = compose.map(XKBComposeState.init(table:))
    self.statePointer = state.pointer
    self.keymapPointer = keymap.pointer
    // Both depend on the keymap alone: a keyboard on the same keymap may hand over its own.
    self.modifierMasks = modifierMasks ?? ModifierMasks(keymap: keymap.pointer)
    self.baseSymbols = baseSymbols ?? BaseSymbols(keymap: keymap.pointer)
    self.textBuffer = .allocate(capacity: 64)
    self.keyCache = KeyCache()
  }

  deinit {
    textBuffer.deallocate()
    keyCache.deallocate()
  }
}

// MARK: - API

extension XKBKeyboard {
  /// Translates one key event into a press event.
  ///
  /// - A key going down begins a press (``Press/Phase-swift.enum/began``). A key that is
  ///   already down is taken as an autorepeat of it.
  /// - A key going up ends its press (``Press/Phase-swift.enum/ended``).
  /// - An autorepeat (``KeyEvent/Direction-swift.enum/repeat``) of a held key that repeats
  ///   changes its press (``Press/Phase-swift.enum/changed``, with ``Press/isRepeat``).
  ///
  /// The other held keys follow as stationary presses, in the order they went down, each
  /// with its key as it was when it went down and the time of its last change (its key-down
  /// or latest repeat). With ``StateSource-swift.enum/keyEvents``, the key's state update
  /// runs after the key is read, so the key reports the state before it: a key-up reports the
  /// modifiers held as it goes up.
  ///
  /// - Parameter event: The key event, with an evdev code and a timestamp in seconds.
  /// - Returns: The press event, or `nil` when nothing is delivered: a key going up or
  ///   repeating that is not held, or a repeat of a key that does not repeat, such as Shift.
  public func handle(_ event: KeyEvent) -> PressesEvent? {
    let code = event.evdevCode
    let index = held.firstIndex { $0.evdevCode == code }
    switch event.direction {
    case .down:
      if let index {
        return repeatEvent(heldIndex: index, timestamp: event.timestamp)
      }
      let keycode = XKBState.keycode(code)
      var key = currentKey(evdevCode: code, keycode: keycode)
      applyCompose(to: &key)
      if stateSource == .keyEvents {
        xkb_state_update_key(statePointer, keycode, XKB_KEY_DOWN)
      }
      let result = pressesEvent(.began, at: event.timestamp, key: key, excluding: nil)
      updateHeld { $0.append(HeldKey(evdevCode: code, timestamp: event.timestamp, key: key)) }
      startRepeating(keycode: keycode, evdevCode: code)
      return result
    case .up:
      guard let index else { return nil }
      let keycode = XKBState.keycode(code)
      let key = currentKey(evdevCode: code, keycode: keycode)
      if stateSource == .keyEvents {
        xkb_state_update_key(statePointer, keycode, XKB_KEY_UP)
      }
      let result = pressesEvent(.ended, at: event.timestamp, key: key, excluding: index)
      // The key going up is most often the last one down: removed without moving the others.
      updateHeld { keys in
        if index == keys.count - 1 { _ = keys.removeLast() } else { _ = keys.remove(at: index) }
      }
      if repeatTimer?.evdevCode == code {
        repeatTimer = nil
      }
      return result
    case .repeat:
      guard let index else { return nil }
      return repeatEvent(heldIndex: index, timestamp: event.timestamp)
    }
  }

  /// Sets the modifiers and layout from serialized masks, as Wayland's
  /// `wl_keyboard.modifiers` sends them.
  ///
  /// Use this with ``StateSource-swift.enum/serializedModifiers``, calling it for every
  /// `wl_keyboard.modifiers` event:
  ///
  /// ```swift
  /// keyboard.updateModifiers(
  ///   depressed: modsDepressed, latched: modsLatched, locked: modsLocked, layout: group)
  /// ```
  ///
  /// - Parameters:
  ///   - depressed: The depressed modifiers, one bit per modifier index.
  ///   - latched: The latched modifiers.
  ///   - locked: The locked modifiers.
  ///   - layout: The effective layout (Wayland's `group`), set as the locked layout.
  public func updateModifiers(depressed: UInt32, latched: UInt32, locked: UInt32, layout: UInt32) {
    xkb_state_update_mask(statePointer, depressed, latched, locked, 0, 0, layout)
  }

  /// Cancels every held press, as when the window loses keyboard focus.
  ///
  /// Each held key gets a ``Press/Phase-swift.enum/cancelled`` press, with the key as it was
  /// when it went down. The keys are released in the state (with
  /// ``StateSource-swift.enum/serializedModifiers``, the depressed modifiers are cleared), so
  /// a Shift held at that moment does not stay in effect; locked modifiers such as Caps Lock
  /// and latched ones stay. Synthesised repeats stop and any Compose sequence in progress is
  /// abandoned.
  ///
  /// - Parameter timestamp: When focus was lost, in seconds.
  /// - Returns: The cancelled presses, or `nil` when no key was held.
  public func cancelAllPresses(at timestamp: Double) -> PressesEvent? {
    let presses = held.map { Press(phase: .cancelled, timestamp: timestamp, key: $0.key) }
    releaseAllKeys()
    return presses.isEmpty ? nil : PressesEvent(timestamp: timestamp, allPresses: presses)
  }

  /// What ``cancelAllPresses(at:)`` does to the keyboard, without the cancelled presses:
  /// stops repeats, abandons Compose, releases the held keys in the state (or clears the
  /// depressed modifiers) and forgets them. The typing engine's scratch keyboard, whose
  /// cancelled presses nobody reads, is reset with it.
  func releaseAllKeys() {
    repeatTimer = nil
    compose?.reset()
    guard !held.isEmpty else { return }
    switch stateSource {
    case .keyEvents:
      for key in held {
        xkb_state_update_key(statePointer, XKBState.keycode(key.evdevCode), XKB_KEY_UP)
      }
    case .serializedModifiers:
      xkb_state_update_mask(
        statePointer, 0,
        xkb_state_serialize_mods(statePointer, XKB_STATE_MODS_LATCHED),
        xkb_state_serialize_mods(statePointer, XKB_STATE_MODS_LOCKED),
        0,
        xkb_state_serialize_layout(statePointer, XKB_STATE_LAYOUT_LATCHED),
        xkb_state_serialize_layout(statePointer, XKB_STATE_LAYOUT_LOCKED))
    }
    updateHeld { $0.removeAll(keepingCapacity: true) }
  }

  /// Records keys that are already down without pressing them, as when a window gains
  /// keyboard focus while keys are held (Wayland's `wl_keyboard.enter` lists them).
  ///
  /// Each key that is not held yet joins the held keys, read in the current state, with no
  /// press delivered: it appears as a ``Press/Phase-swift.enum/stationary`` press in the
  /// events that follow, its key-up ends it, and ``cancelAllPresses(at:)`` cancels it. It does
  /// not repeat and does not update the state (the compositor's or the device's modifiers
  /// already count it), so a shortcut typed in another window does not fire again here.
  ///
  /// ```swift
  /// keyboard.holdKeys(evdevCodes: [29], at: 12.5)  // Left Control was down on entry
  /// keyboard.heldKeys  // [29]
  /// ```
  ///
  /// - Parameters:
  ///   - codes: The evdev codes of the keys that are down.
  ///   - timestamp: When they were found down, in seconds.
  public func holdKeys(evdevCodes codes: [Int], at timestamp: Double) {
    for code in codes where !held.contains(where: { $0.evdevCode == code }) {
      let key = key(forEvdevCode: code)
      updateHeld { $0.append(HeldKey(evdevCode: code, timestamp: timestamp, key: key)) }
    }
  }

  /// The evdev codes of the keys held, in the order they went down.
  public var heldKeys: [Int] {
    held.map(\.evdevCode)
  }

  /// The name of the layout in effect, such as `English (US)` or `Russian`.
  public var activeLayoutName: String? {
    state.layoutName
  }

  /// The key for an evdev code in the current state, as a press would report it now.
  ///
  /// This applies the rules of decision 0004 without Compose: the keysym and text with the
  /// modifiers in effect, the first-level keysym and text, the modifier flags (with
  /// ``KeyModifierFlags/numericPad`` for a key of the keypad) and the HID usage. An evdev
  /// code the keymap lacks gives a key with no usage, no keysym and no text.
  ///
  /// - Parameter code: The evdev code of the key (`KEY_A` is 30).
  /// - Returns: The key.
  public func key(forEvdevCode code: Int) -> Key {
    currentKey(evdevCode: code, keycode: XKBState.keycode(code))
  }
}

// MARK: - Internal

extension XKBKeyboard {
  /// A held key: its code, when it last changed, and the key as it was when it went down.
  struct HeldKey {
    let evdevCode: Int
    var timestamp: Double
    let key: Key
  }

  /// The event for a press that changed, with the other held keys as stationary presses.
  ///
  /// - Parameters:
  ///   - phase: The phase of the press that changed.
  ///   - timestamp: When it changed.
  ///   - key: Its key.
  ///   - isRepeat: Whether the change is an autorepeat.
  ///   - excluding: The index in ``held`` of the changed press's key, if it is there.
  func pressesEvent(
    _ phase: Press.Phase, at timestamp: Double, key: consuming Key, isRepeat: Bool = false,
    excluding: Int?
  ) -> PressesEvent {
    // The last event's array, emptied and refilled in place: when the caller has let go of
    // that event (the usual case: an event is dispatched, then dropped), no array is
    // allocated per event. Presses are plain data, so emptying it destroys nothing. It is
    // taken out of the property while it is refilled, so that the property is only taken
    // and assigned whole.
    var presses = lastPresses.take() ?? []
    // Emptied one press at a time from the end: `removeAll(keepingCapacity:)` goes through
    // the generic `replaceSubrange`, several times the cost for the one or two presses an
    // event holds.
    while !presses.isEmpty { presses.removeLast() }
    presses.append(Press(phase: phase, timestamp: timestamp, key: key, isRepeat: isRepeat))
    for index in held.indices where index != excluding {
      presses.append(
        Press(phase: .stationary, timestamp: held[index].timestamp, key: held[index].key))
    }
    lastPresses = presses
    return PressesEvent(timestamp: timestamp, allPresses: presses)
  }

  /// Changes the held keys in a local variable they are moved to and back from (so they
  /// change in place): ``held`` is only ever read, assigned or swapped whole.
  @inline(__always)
  func updateHeld<Result>(_ change: (inout [HeldKey]) -> Result) -> Result {
    var keys: [HeldKey] = []
    swap(&keys, &held)
    defer { swap(&keys, &held) }
    return change(&keys)
  }

  /// The autorepeat of a held key, or `nil` when the key does not repeat.
  func repeatEvent(heldIndex index: Int, timestamp: Double) -> PressesEvent? {
    let code = held[index].evdevCode
    guard xkb_keymap_key_repeats(keymapPointer, XKBState.keycode(code)) != 0 else { return nil }
    var key = key(forEvdevCode: code)
    applyCompose(to: &key)
    updateHeld { $0[index].timestamp = timestamp }
    return pressesEvent(.changed, at: timestamp, key: key, isRepeat: true, excluding: index)
  }
}
