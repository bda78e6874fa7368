/// Turns key presses into a ``KeySequence``, for a "record keys" field in a shortcut editor.
///
/// Feed it every ``PressesEvent`` the field receives while it records
/// (``handle(_:layout:)``), and ask it at intervals whether the pause after the last stroke
/// has ended the recording (``finishIfIdle(at:)``). Each key that goes down while modifiers
/// are held is one stroke, read with the same stroke rules the key dispatcher matches with
/// (docs/decisions/0009-stroke-semantics.md), so the sequence recorded fires on the presses
/// that recorded it:
///
/// - **A stroke** is the key's own character with the modifiers held, less those the key
///   consumed (Ctrl+Shift+[ on US QWERTY records `Cmd+{`, which also fires on that press);
///   ``Recording/shiftSpelled`` has the form with Shift written out (`Cmd+Shift+[`) that VS Code
///   and GTK use. A key whose character is not Latin records the Latin letter of the same
///   key (Ctrl+С on Russian records `Cmd+C`, which fires there through the Latin fallback and
///   everywhere else as typed); ``Recording/ownCharacters`` keeps the key's own character.
///   ``Recording/physical`` has every stroke as a key position (`Cmd+[KeyC]`).
/// - **A modifier key tapped alone** (pressed and released with no other key meanwhile) is a
///   modifier-key stroke, as in the keymap sequence `Shift Shift`.
/// - **A sequence** goes on while strokes follow each other within
///   ``Options-swift.struct/timeout`` seconds, up to ``Options-swift.struct/maximumStrokes``;
///   reaching the maximum, or a pause longer than the timeout, finishes it. Call
///   ``finishIfIdle(at:)`` on a timer; a press that comes after the pause finishes the
///   sequence before it (the update is ``Update/finished(_:)``) and begins the next one.
/// - **Escape and Backspace**, without modifiers, follow the convention of GTK's and GNOME's
///   shortcut editors: Escape cancels the recording (the field keeps its old value) and
///   Backspace, as the first stroke, clears the shortcut. Set
///   ``Options-swift.struct/recordsEscapeAndBackspace`` to record them as keys instead. With
///   a modifier (Ctrl+Backspace), or as a later stroke, Backspace is recorded.
///
/// Modifiers are written for the platform profile: on linux and windows Control is the
/// primary modifier `.command` (`Cmd+S`, shown `Ctrl+S`) and the Super key is `.super`; on
/// mac ⌘ is `.command` and Control stays `.control`.
///
/// ```swift
/// var recorder = KeySequenceRecorder(platform: .linux)
/// // for each event the field receives:
/// switch recorder.handle(event, layout: keyboard) {
/// case .finished(let recording): field.shortcut = recording.sequence   // "Cmd+K Cmd+S"
/// case .cleared: field.shortcut = nil
/// case .cancelled: field.endRecording()
/// case .recording(let partial): field.showPending(partial)
/// case .unchanged: break
/// }
/// // and on a timer:
/// if case .finished(let recording) = recorder.finishIfIdle(at: now) { … }
/// ```
public struct KeySequenceRecorder: Sendable {
  /// How a recorder reads presses.
  public struct Options: Hashable, Sendable {
    /// The most strokes a sequence has; reaching it finishes the recording. 1 to 16
    /// (``KeySequence/maximumLength``); 2 by default, as VS Code's and Zed's chords.
    public var maximumStrokes: Int
    /// How long, in seconds, the recorder waits for another stroke before it finishes the
    /// sequence; 1 by default.
    public var timeout: Double
    /// Whether Escape and Backspace without modifiers are recorded as keys instead of
    /// cancelling and clearing; false by default.
    public var recordsEscapeAndBackspace: Bool

    /// Creates options.
    public init(
      maximumStrokes: Int = 2, timeout: Double = 1, recordsEscapeAndBackspace: Bool = false
    ) {
      self.maximumStrokes = min(max(maximumStrokes, 1), KeySequence.maximumLength)
      self.timeout = timeout
      self.recordsEscapeAndBackspace = recordsEscapeAndBackspace
    }
  }

  /// A recorded sequence in each of its forms.
  public struct Recording: Hashable, Sendable {
    /// The sequence to store: the characters the keys type, Latin where the key's own is not,
    /// with the modifiers held less those consumed (`Cmd+{`).
    public var sequence: KeySequence
    /// The same strokes with Shift written out where the key consumed it (`Cmd+Shift+[`), as
    /// VS Code and GTK spell them; equal to ``sequence`` when no stroke consumed Shift.
    public var shiftSpelled: KeySequence
    /// The same strokes with each key's own character, even when it is not Latin
    /// (`Cmd+с` on Russian).
    public var ownCharacters: KeySequence
    /// The same strokes as key positions (`Cmd+[KeyC]`), which fire at that position on every
    /// layout; nil when a key has no position (a modifier tap, a key without a HID usage).
    public var physical: KeySequence?
  }

  /// What a press did to the recording.
  public enum Update: Hashable, Sendable {
    /// Nothing changed: a key going up, a modifier going down, a repeat.
    case unchanged
    /// A stroke was added and the recorder waits for the next one; the strokes so far.
    case recording(Recording)
    /// The sequence is complete; the recorder starts over with the next press.
    case finished(Recording)
    /// Backspace as the first stroke: the shortcut is to be cleared.
    case cleared
    /// Escape: the recording is abandoned.
    case cancelled
  }

  /// The platform profile the modifiers are written for.
  public var platform: PlatformProfile
  /// How presses are read.
  public var options: Options

  private var strokes: [RecordedStroke] = []
  private var lastStrokeAt: Double?
  /// The modifier key down with no other key pressed since, by evdev code.
  private var tap: (code: Int, flag: KeyModifierFlags)?

  /// Creates a recorder.
  public init(platform: PlatformProfile, options: Options = Options()) {
    self.platform = platform
    self.options = options
  }

  /// The strokes recorded so far, or nil before the first.
  public var pending: Recording? { strokes.isEmpty ? nil : Self.recording(of: strokes) }

  /// Reads the changed presses of an event.
  ///
  /// - Parameters:
  ///   - event: An event the field received.
  ///   - layout: The keyboard layout (an `XKBKeyboard`), for consumed modifiers and the Latin
  ///     letter of a non-Latin key; nil reads keysyms as they are.
  /// - Returns: The last change the event's presses made.
  public mutating func handle(_ event: PressesEvent, layout: (any KeyboardLayoutProviding)?)
    -> Update
  {
    var update = Update.unchanged
    for press in event.changedPresses {
      let change = handle(press, layout: layout)
      if change != .unchanged { update = change }
    }
    return update
  }

  /// Finishes the sequence when its last stroke is older than the timeout.
  ///
  /// - Parameter time: Now, on the clock of the presses' timestamps.
  /// - Returns: ``Update/finished(_:)`` with the strokes recorded, or ``Update/unchanged``.
  public mutating func finishIfIdle(at time: Double) -> Update {
    guard let last = lastStrokeAt, !strokes.isEmpty, time - last >= options.timeout else {
      return .unchanged
    }
    return finish()
  }

  /// Abandons the strokes recorded so far.
  public mutating func reset() {
    strokes = []
    lastStrokeAt = nil
    tap = nil
  }

  // MARK: - Reading presses

  private mutating func handle(_ press: Press, layout: (any KeyboardLayoutProviding)?) -> Update {
    guard let key = press.key else { return .unchanged }
    // A press after a pause longer than the timeout: the sequence before it was finished,
    // and this press begins the next recording (its strokes are in `pending`).
    var expired: Recording?
    if press.phase == .began || press.phase == .ended, let last = lastStrokeAt,
      !strokes.isEmpty, press.timestamp - last >= options.timeout
    {
      expired = Self.recording(of: strokes)
      strokes = []
      lastStrokeAt = nil
    }
    let update = read(press, key: key, layout: layout)
    return expired.map(Update.finished) ?? update
  }

  private mutating func read(_ press: Press, key: Key, layout: (any KeyboardLayoutProviding)?)
    -> Update
  {
    switch press.phase {
    case .began:
      if let flag = press.modifierKeyFlag {
        tap = tap == nil ? (key.evdevCode, flag) : nil
        return .unchanged
      }
      tap = nil
      if press.isModifierKey { return .unchanged }
      return stroke(press, key: key, layout: layout)
    case .ended:
      defer { tap = nil }
      guard let tapped = tap, tapped.code == key.evdevCode,
        let input = KeyInput.modifierKey(authored(tapped.flag))
      else { return .unchanged }
      let shortcut = KeyboardShortcut(input, modifierFlags: [])
      return add(
        RecordedStroke(
          character: shortcut, shiftSpelled: shortcut, own: shortcut, physical: nil),
        at: press.timestamp)
    case .cancelled:
      tap = nil
      return .unchanged
    case .changed, .stationary:
      return .unchanged
    }
  }

  /// Records the stroke of a key going down.
  private mutating func stroke(
    _ press: Press, key: Key, layout: (any KeyboardLayoutProviding)?
  ) -> Update {
    let readings = StrokeRules.readings(of: key, layout: layout)
    guard let own = readings.own, let ownInput = StrokeRules.input(own) else {
      return .unchanged
    }
    let modifiers = authored(own.modifiers)
    if !options.recordsEscapeAndBackspace, modifiers.isEmpty {
      if ownInput == .escape {
        reset()
        return .cancelled
      }
      if ownInput == .backspace, strokes.isEmpty {
        reset()
        return .cleared
      }
    }
    let ownShortcut = KeyboardShortcut(ownInput, modifierFlags: modifiers)
    var character = ownShortcut
    if !StrokeRules.isLatin(ownInput), let fallback = readings.fallbacks.first,
      let latin = StrokeRules.input(fallback)
    {
      character = KeyboardShortcut(latin, modifierFlags: authored(fallback.modifiers))
    }
    var shiftSpelled = character
    if let spelled = readings.shiftSpelled, let input = StrokeRules.input(spelled) {
      shiftSpelled = KeyboardShortcut(input, modifierFlags: authored(spelled.modifiers))
    }
    let physical = readings.physical.flatMap { reading in
      StrokeRules.input(reading).map {
        KeyboardShortcut($0, modifierFlags: authored(reading.modifiers))
      }
    }
    return add(
      RecordedStroke(
        character: character, shiftSpelled: shiftSpelled, own: ownShortcut, physical: physical),
      at: press.timestamp)
  }

  private mutating func add(_ stroke: RecordedStroke, at time: Double) -> Update {
    strokes.append(stroke)
    lastStrokeAt = time
    if strokes.count >= options.maximumStrokes { return finish() }
    return .recording(Self.recording(of: strokes))
  }

  private mutating func finish() -> Update {
    let recording = Self.recording(of: strokes)
    reset()
    return .finished(recording)
  }

  /// Press modifiers as a shortcut writes them for the platform: Control is the primary
  /// modifier on linux and windows, Super is `.super` there; on mac ⌘ (Super on a Linux
  /// keyboard) is `.command`.
  private func authored(_ pressFlags: KeyModifierFlags) -> KeyModifierFlags {
    var flags = pressFlags.intersection(.shortcutModifiers)
    guard platform != .mac else { return flags }
    let hasSuper = flags.contains(.command)
    let hasControl = flags.contains(.control)
    flags.subtract([.command, .control])
    if hasControl { flags.insert(.command) }
    if hasSuper { flags.insert(.super) }
    return flags
  }

  private static func recording(of strokes: [RecordedStroke]) -> Recording {
    let physical = strokes.allSatisfy { $0.physical != nil } ? strokes.compactMap(\.physical) : []
    return Recording(
      sequence: KeySequence(strokes.map(\.character)),
      shiftSpelled: KeySequence(strokes.map(\.shiftSpelled)),
      ownCharacters: KeySequence(strokes.map(\.own)),
      physical: physical.isEmpty ? nil : KeySequence(physical))
  }
}

/// One stroke of a recording, in every form.
private struct RecordedStroke: Sendable {
  var character: KeyboardShortcut
  var shiftSpelled: KeyboardShortcut
  var own: KeyboardShortcut
  var physical: KeyboardShortcut?
}
