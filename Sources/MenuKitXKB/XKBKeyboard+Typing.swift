internal import CXKBCommon
public import MenuKit

// MARK: - Hypothetical presses and how strokes are typed

extension XKBKeyboard {
  /// The keys of the keymap that set modifiers while held, in the active layout group, in the
  /// order the typing engine prefers them.
  ///
  /// They are read from the keymap, not assumed: each key whose first-level keysym is a
  /// modifier that is held rather than locked or latched (`Shift_L`, `Control_L`, `Alt_L`,
  /// `Meta_L`, `Super_L`, `Hyper_L`, their right-hand twins, `ISO_Level3_Shift` and
  /// `ISO_Level5_Shift`), with the real modifiers it sets when it goes down in a fresh state.
  /// The usual keys come first (left and right Shift, Control, Alt, AltGr and Super: evdev
  /// 42, 54, 29, 97, 56, 100, 125, 126), then the others by evdev code.
  ///
  /// ```swift
  /// de.modifierKeys.first { $0.isLevelShift }?.evdevCode  // 100: AltGr is ISO_Level3_Shift
  /// us.modifierKeys.first { $0.name == "Alt_R" }?.modifiers  // ["Mod1"]
  /// ```
  public var modifierKeys: [ModifierKey] {
    modifierKeyTable.keys
  }

  /// The press that ``handle(_:)`` would report for a key going down while some modifier
  /// keys are held, without touching this keyboard's state.
  ///
  /// The press is read through the production path: a scratch keyboard on the same keymap,
  /// in this keyboard's active layout group with nothing else held, latched or locked, takes
  /// the modifier keys going down in order, then the key going down, and reports that key's
  /// press (keysym, characters, modifier flags). Compose is not applied.
  ///
  /// ```swift
  /// // Ctrl+AltGr+8 on de
  /// let press = de.translatedPress(evdevCode: 9, holding: [29, 100])
  /// press.key?.keysym.name  // "bracketleft"
  /// press.key?.modifierFlags  // [.control]: AltGr has no flag
  /// ```
  ///
  /// - Parameters:
  ///   - evdevCode: The key's evdev code (`KEY_8` is 9).
  ///   - modifierKeys: The evdev codes of the keys held, in the order they go down
  ///     (``modifierKeys`` lists the keymap's).
  /// - Returns: The press, in phase ``Press/Phase-swift.enum/began``.
  public func translatedPress(evdevCode: Int, holding modifierKeys: [Int]) -> Press {
    withTranslatedPress(evdevCode: evdevCode, holding: modifierKeys) { press, _, _ in press }
  }

  /// A hypothetical press described: its key, the level it reaches, the modifier keys held
  /// and what it produces, as ``translatedPress(evdevCode:holding:)`` reads it.
  ///
  /// The answer's ``TypedPress/level`` and ``TypedPress/pressedLevel`` are both the level
  /// the press reaches; its ``TypedPress/matchKind`` is `nil` (no key command is asked about).
  ///
  /// ```swift
  /// pl.typedPress(evdevCode: 38, holding: [100]).keysym.name  // "lstroke": AltGr+L
  /// ```
  ///
  /// - Parameters:
  ///   - evdevCode: The key's evdev code.
  ///   - modifierKeys: The evdev codes of the keys held, in order.
  /// - Returns: The press.
  public func typedPress(evdevCode: Int, holding modifierKeys: [Int]) -> TypedPress {
    let table = modifierKeyTable
    let held = modifierKeys.map { code in
      table.keys.first { $0.evdevCode == code }
        ?? ModifierKey(
          evdevCode: code, xkbKeyName: state.keymap.keyName(forEvdevCode: code),
          keysym: state.keymap.keysyms(forEvdevCode: code, layout: state.activeLayout, level: 0)
            .first ?? .noSymbol, modifiers: [], isLevelShift: false)
    }
    return withTranslatedPress(evdevCode: evdevCode, holding: modifierKeys) {
      press, scratch, level in
      let key = press.key ?? Self.noKey(evdevCode)
      return TypedPress(
        evdevCode: evdevCode, xkbKeyName: state.keymap.keyName(forEvdevCode: evdevCode),
        level: level, pressedLevel: level, modifierKeys: held, levelModifierCount: 0, key: key,
        consumedModifiers: scratch.consumedModifiers(for: key).intersection(key.modifierFlags),
        matchKind: nil)
    }
  }

  /// How a stroke is typed on the active layout group: the first press that fires it, or why
  /// none does.
  ///
  /// The presses that could type the stroke are listed in a fixed order of preference, each
  /// is translated as ``translatedPress(evdevCode:holding:)`` does, and the key command
  /// matcher is asked whether a key command on the stroke wins on it
  /// (``KeyCommandMatcher/match(_:against:layout:layoutDirection:)``, with a scratch keyboard
  /// as the layout). A press counts only when the matcher says so. The presses, in order:
  ///
  /// 1. when `allowsAutomaticLocalization` is on and the layout relocates the input
  ///    (``relocatedKey(for:)``, decision 0005): the relocated key at its level, then the other
  ///    keys that type the relocated input;
  /// 2. each key and level of the active layout whose keysym is the input, without a level-3
  ///    or level-5 modifier: lowest level first, a main key before a keypad keysym, then the
  ///    lowest evdev code;
  /// 3. the Latin fallback (decision 5): the keys whose first-level keysym in another layout
  ///    group, or on US QWERTY, is the input, pressed with the stroke's modifiers only;
  /// 4. the keys and levels of step 2 that need a level-3 or level-5 modifier (AltGr).
  ///
  /// Each press holds the stroke's physical modifiers (``PlatformProfile/physicalModifiers(_:)``:
  /// Control, Shift, Alt and Super) and then the modifier keys that select the level (the
  /// first modifier set of the key type for that level that the keymap's modifier keys can
  /// hold). A stroke that names Shift with the unshifted character (`Ctrl+Shift+[`) is
  /// therefore tried on the key of `[` with Ctrl and Shift held; whether that fires is the
  /// matcher's answer.
  ///
  /// In a right-to-left context the input is mirrored first, as the matcher mirrors it. A
  /// modifier-key stroke (`Shift` in `Shift Shift`) is a tap of its key: ``StrokeTyping/Verdict/direct``
  /// with a press whose ``TypedPress/matchKind`` is `nil`, since the matcher does not match
  /// taps. Answers are cached by layout group, stroke and options.
  ///
  /// ```swift
  /// us.typing(of: try KeyboardShortcut(parsing: "Ctrl+Alt+F7"), platform: .linux).verdict
  /// // .layoutAction: the press produces XF86Switch_VT_7
  /// ru.typing(of: try KeyboardShortcut(parsing: "Cmd+S"), platform: .linux).press?.matchKind
  /// // .fallback, at KEY_S
  /// ```
  ///
  /// - Parameters:
  ///   - stroke: The stroke, as authored (`Cmd+[`).
  ///   - platform: The platform profile that maps `Cmd`.
  ///   - allowsAutomaticLocalization: Whether the stroke's key command allows automatic
  ///     localization (``KeyCommand/allowsAutomaticLocalization``).
  ///   - layoutDirection: The direction of the context the key command is matched in.
  /// - Returns: The answer.
  /// - Complexity: The first call for a layout group reads every key and level once; then a
  ///   few translations per stroke, each a handful of libxkbcommon calls.
  public func typing(
    of stroke: KeyboardShortcut, platform: PlatformProfile,
    allowsAutomaticLocalization: Bool = true, layoutDirection: LayoutDirection = .leftToRight
  ) -> StrokeTyping {
    let cacheKey = TypingSupport.AnswerKey(
      layout: state.activeLayout, stroke: stroke, platform: platform,
      localizes: allowsAutomaticLocalization, direction: layoutDirection)
    if let known = typingSupport.answers[cacheKey] { return known }
    let answer = computeTyping(
      of: stroke, platform: platform, localizes: allowsAutomaticLocalization,
      direction: layoutDirection)
    typingSupport.answers[cacheKey] = answer
    return answer
  }
}

extension XKBKeyboard {
  /// ``typing(of:platform:allowsAutomaticLocalization:layoutDirection:)``'s answer, left to
  /// right, computed without reading or filling the answer cache: for a caller that asks each
  /// stroke once and then drops the keyboard (`keymap-lint --all-layouts`), where hashing
  /// every stroke into the cache costs more than it saves. The answer is the same.
  ///
  /// - Parameters:
  ///   - stroke: The stroke, as authored.
  ///   - platform: The platform profile that maps `Cmd`.
  ///   - allowsAutomaticLocalization: Whether the stroke's key command allows automatic
  ///     localization.
  /// - Returns: The answer.
  package func uncachedTyping(
    of stroke: KeyboardShortcut, platform: PlatformProfile, allowsAutomaticLocalization: Bool
  ) -> StrokeTyping {
    computeTyping(
      of: stroke, platform: platform, localizes: allowsAutomaticLocalization,
      direction: .leftToRight)
  }

  /// ``uncachedTyping(of:platform:allowsAutomaticLocalization:)`` for a question asked of
  /// many keyboards, whose stroke-only work (the lowercased input, the key command the
  /// matcher is asked about) is done once, in the question. The answer is the same.
  ///
  /// - Parameters:
  ///   - question: The stroke and whether its key command allows automatic localization.
  ///   - platform: The platform profile that maps `Cmd`.
  /// - Returns: The answer.
  package func uncachedTyping(_ question: TypingQuestion, platform: PlatformProfile)
    -> StrokeTyping
  {
    computeTyping(question, platform: platform, direction: .leftToRight)
  }
}

/// A stroke asked of the typing engine on many keyboards (a sweep over layouts), with what
/// its answers need of the stroke alone read once: its input lowercased and the key command
/// the matcher is asked about.
package struct TypingQuestion {
  /// The stroke, as authored.
  package let stroke: KeyboardShortcut
  /// Whether the stroke's key command allows automatic localization.
  package let localizes: Bool
  /// The stroke's input lowercased (``XKBKeyboard/lowercased(_:)``).
  let target: KeyInput
  /// The stroke's key command, as the matcher is asked about it.
  let command: KeyCommand

  /// Reads a stroke's question.
  ///
  /// - Parameters:
  ///   - stroke: The stroke, as authored.
  ///   - allowsAutomaticLocalization: Whether its key command allows automatic localization.
  package init(_ stroke: KeyboardShortcut, allowsAutomaticLocalization: Bool) {
    self.stroke = stroke
    localizes = allowsAutomaticLocalization
    target = XKBKeyboard.lowercased(stroke.input)
    var command = KeyCommand(
      Command(title: "", action: "typing:"), input: stroke.input,
      modifierFlags: stroke.modifierFlags)
    command.allowsAutomaticLocalization = allowsAutomaticLocalization
    self.command = command
  }
}

// MARK: - Internal

extension XKBKeyboard {
  /// How a physical-key stroke (`Ctrl+[BracketLeft]`) is typed: at its own key, level 1,
  /// holding the stroke's modifiers, never relocated, mirrored or by the Latin fallback
  /// (decision 0010); the matcher decides as for any press. Unreachable when the layout lacks
  /// the key or Linux reports its position as another key.
  func physicalTyping(
    of stroke: KeyboardShortcut, usage: KeyboardHIDUsage, strokeKeys: [Int],
    platform: PlatformProfile, table: ModifierKeyTable
  ) -> StrokeTyping {
    guard case .direct(let location) = physicalReachability(of: usage) else {
      return StrokeTyping(stroke: stroke, verdict: .unreachable, press: nil)
    }
    let candidate = TypingSupport.Candidate(
      evdevCode: location.evdevCode, level: 1, input: stroke.input, holding: strokeKeys,
      levelKeyCount: 0, holdsLevelShift: false, isKeypadKeysym: false)
    let command = KeyCommand(
      Command(title: "", action: "typing:"), input: stroke.input,
      modifierFlags: stroke.modifierFlags)
    let attempt = evaluate(
      candidate, command: command, matcher: KeyCommandMatcher(platform: platform),
      direction: .leftToRight, table: table)
    if attempt.press.matchKind != nil {
      return StrokeTyping(stroke: stroke, verdict: .direct, press: attempt.press, pressesTried: 1)
    }
    return StrokeTyping(
      stroke: stroke, verdict: .layoutAction, press: attempt.press, pressesTried: 1)
  }

  /// Translates a hypothetical press on the scratch keyboard and hands it, the scratch
  /// keyboard (still holding the keys, as the dispatcher's keyboard is when it matches) and
  /// the level the press reached (from 1) to `body`; then releases everything.
  ///
  /// The keys in `tapping` (Num Lock) go down and up first, locking their modifiers.
  func withTranslatedPress<Result>(
    evdevCode: Int, tapping lockKeys: [Int] = [], holding modifierKeys: some Sequence<Int>,
    _ body: (Press, XKBKeyboard, Int) -> Result
  ) -> Result {
    let support = typingSupport
    let scratch = support.scratchKeyboard(for: self)
    let layout = xkb_layout_index_t(clamping: state.activeLayout)
    // Resetting twice in a row changes nothing: the reset after the previous translation left
    // the scratch keyboard holding nothing, in this layout group, unless the group changed.
    if support.scratchResetLayout != layout { scratch.resetForTyping(layout: layout) }
    support.scratchResetLayout = nil
    defer {
      scratch.resetForTyping(layout: layout)
      support.scratchResetLayout = layout
    }
    var time = 0.0
    for code in lockKeys where code != evdevCode {
      _ = scratch.handle(KeyEvent(evdevCode: code, direction: .down, timestamp: time))
      _ = scratch.handle(KeyEvent(evdevCode: code, direction: .up, timestamp: time + 0.025))
      time += 0.05
    }
    for code in modifierKeys where code != evdevCode {
      _ = scratch.handle(KeyEvent(evdevCode: code, direction: .down, timestamp: time))
      time += 0.05
    }
    let event = scratch.handle(KeyEvent(evdevCode: evdevCode, direction: .down, timestamp: time))
    let press =
      event?.firstChangedPress ?? Press(phase: .began, timestamp: time, key: nil)
    let keycode = XKBState.keycode(evdevCode)
    let keyLayout = xkb_state_key_get_layout(scratch.statePointer, keycode)
    let level =
      keyLayout == XKB_LAYOUT_INVALID
      ? 0 : Int(xkb_state_key_get_level(scratch.statePointer, keycode, keyLayout)) + 1
    return body(press, scratch, level)
  }

  /// Releases every key and clears the modifiers, in a layout group: the scratch keyboard's
  /// state between two translations.
  func resetForTyping(layout: xkb_layout_index_t) {
    releaseAllKeys()
    xkb_state_update_mask(statePointer, 0, 0, 0, 0, 0, layout)
  }

  /// The modifier keys of the active layout group, read once.
  var modifierKeyTable: ModifierKeyTable {
    let layout = state.activeLayout
    if let known = typingSupport.modifierTables[layout] { return known }
    let table = ModifierKeyTable(
      keymap: state.keymap, pointer: keymapPointer, layout: layout, masks: modifierMasks)
    typingSupport.modifierTables[layout] = table
    return table
  }

  /// Every key and level of the active layout group, by the key-command input its keysym
  /// stands for, read once.
  var inputIndex: [KeyInput: [TypingSupport.Way]] {
    let layout = state.activeLayout
    if let known = typingSupport.inputIndexes[layout] { return known }
    let keymap = state.keymap
    var index: [KeyInput: [TypingSupport.Way]] = [:]
    // Room for an input per key from the start: growing the table cost more than filling it.
    index.reserveCapacity(keymap.evdevCodes.count)
    // Every key, level and keysym in the order ``keysymPlaces`` numbers them.
    var order = 0
    for code in keymap.evdevCodes {
      for level in 0..<keymap.levelCount(forEvdevCode: code, layout: layout) {
        keymap.forEachKeysym(forEvdevCode: code, layout: layout, level: level) { keysym in
          defer { order += 1 }
          guard let input = KeysymInputs.input(of: keysym) else { return true }
          index[input, default: []].append(
            TypingSupport.Way(
              evdevCode: code, level: level, keysym: keysym,
              levelMasks: ModifierKeyTable.levelMasks(
                keymap: keymapPointer, evdevCode: code, layout: layout, level: level),
              order: order))
          return true
        }
      }
    }
    typingSupport.inputIndexes[layout] = index
    return index
  }

  /// The keys of the Latin fallback by input: first-level Latin keysyms of the other layout
  /// groups, in group order, then of US QWERTY; read once.
  var fallbackIndex: [KeyInput: [Int]] {
    let layout = state.activeLayout
    if let known = typingSupport.fallbackIndexes[layout] { return known }
    let keymap = state.keymap
    // With one layout group, only US QWERTY's keys: the same index for every keymap.
    guard keymap.layoutCount > 1 else {
      typingSupport.fallbackIndexes[layout] = USQWERTY.fallbackIndex
      return USQWERTY.fallbackIndex
    }
    var index: [KeyInput: [Int]] = [:]
    for group in 0..<keymap.layoutCount where group != layout {
      for code in keymap.evdevCodes {
        if let keysym = keymap.keysyms(forEvdevCode: code, layout: group, level: 0)
          .first(where: Self.isLatinKeysym)
        {
          Self.addFallback(KeyInput(keysym: keysym), code, to: &index)
        }
      }
    }
    for (code, input) in USQWERTY.fallbackInputs {
      Self.addFallback(input, code, to: &index)
    }
    typingSupport.fallbackIndexes[layout] = index
    return index
  }

  /// Files a key under the input of its Latin keysym in a fallback index, once.
  static func addFallback(_ input: KeyInput?, _ code: Int, to index: inout [KeyInput: [Int]]) {
    guard let input, !(index[input]?.contains(code) ?? false) else { return }
    index[input, default: []].append(code)
  }

  /// The answer of ``typing(of:platform:allowsAutomaticLocalization:layoutDirection:)``.
  func computeTyping(
    of stroke: KeyboardShortcut, platform: PlatformProfile, localizes: Bool,
    direction: LayoutDirection
  ) -> StrokeTyping {
    computeTyping(
      TypingQuestion(stroke, allowsAutomaticLocalization: localizes), platform: platform,
      direction: direction)
  }

  /// The answer of ``typing(of:platform:allowsAutomaticLocalization:layoutDirection:)`` to a
  /// question.
  func computeTyping(
    _ question: TypingQuestion, platform: PlatformProfile, direction: LayoutDirection
  ) -> StrokeTyping {
    let stroke = question.stroke
    let localizes = question.localizes
    let table = modifierKeyTable
    if let flag = stroke.input.modifierKey {
      return modifierTap(stroke, flag: platform.physicalModifiers(flag), table: table)
    }
    guard stroke.input.isSingleKey,
      let strokeKeys = table.keys(for: platform.physicalModifiers(stroke.modifierFlags))
    else { return StrokeTyping(stroke: stroke, verdict: .unreachable, press: nil) }

    if let usage = stroke.input.physicalKey {
      return physicalTyping(
        of: stroke, usage: usage, strokeKeys: strokeKeys, platform: platform, table: table)
    }
    var target = question.target
    if direction == .rightToLeft, let mirrored = KeyCommandMatcher.mirroredInput(target) {
      target = mirrored
    }
    // Read before the relocation, so that reachability reads the keysyms' places from it
    // rather than build a table of its own (``places(of:)``).
    let index = inputIndex
    let relocation = localizes ? relocatedKey(for: target) : nil
    let candidates = typingCandidates(
      for: target, relocation: relocation, strokeKeys: strokeKeys, table: table, index: index)

    let matcher = KeyCommandMatcher(platform: platform)
    let command = question.command
    var natural: (press: TypedPress, typesInput: Bool, fallback: Bool)?
    for (tried, candidate) in candidates.enumerated() {
      let attempt = evaluate(
        candidate, command: command, matcher: matcher, direction: direction, table: table)
      // What the layout does with the stroke is told by its own key, not by the fallback's.
      if natural == nil || (natural?.fallback == true && !candidate.isFallback) {
        natural = (attempt.press, attempt.typesInput, candidate.isFallback)
      }
      guard let kind = attempt.press.matchKind else { continue }
      let verdict: StrokeTyping.Verdict =
        kind == .localized ? .relocated : attempt.press.holdsLevelShift ? .needsAltGr : .direct
      return StrokeTyping(
        stroke: stroke, verdict: verdict, press: attempt.press, relocation: relocation,
        pressesTried: tried + 1)
    }
    guard let natural else {
      return StrokeTyping(
        stroke: stroke, verdict: .unreachable, press: nil, relocation: relocation)
    }
    return StrokeTyping(
      stroke: stroke, verdict: natural.typesInput ? .modifiersConsumed : .layoutAction,
      press: natural.press, relocation: relocation, pressesTried: candidates.count)
  }

  /// A modifier-key stroke: a tap of the keymap's key for that modifier.
  func modifierTap(_ stroke: KeyboardShortcut, flag: KeyModifierFlags, table: ModifierKeyTable)
    -> StrokeTyping
  {
    guard let index = table.keys(for: flag)?.first else {
      return StrokeTyping(stroke: stroke, verdict: .unreachable, press: nil)
    }
    let modifier = table.keys[index]
    let press = withTranslatedPress(evdevCode: modifier.evdevCode, holding: []) {
      press, _, level in
      TypedPress(
        evdevCode: modifier.evdevCode, xkbKeyName: modifier.xkbKeyName, level: 1,
        pressedLevel: level, modifierKeys: [], levelModifierCount: 0,
        key: press.key ?? Self.noKey(modifier.evdevCode), consumedModifiers: [], matchKind: nil)
    }
    return StrokeTyping(stroke: stroke, verdict: .direct, press: press, pressesTried: 1)
  }

  /// The presses to try for an input, in the order of
  /// ``typing(of:platform:allowsAutomaticLocalization:layoutDirection:)``, without repeats;
  /// `index` is the active layout group's ``inputIndex``.
  func typingCandidates(
    for target: KeyInput, relocation: ShortcutLocation?, strokeKeys: [Int],
    table: ModifierKeyTable, index: [KeyInput: [TypingSupport.Way]]
  ) -> [TypingSupport.Candidate] {
    let layout = state.activeLayout
    let covered = strokeKeys.reduce(xkb_mod_mask_t(0)) { $0 | table.masks[$1] }

    /// The press of a key at a level (from 0), or nil when no modifier keys select the level.
    func candidate(
      _ code: Int, level: Int, input: KeyInput, keysym: Keysym?,
      levelSets: [xkb_mod_mask_t]? = nil
    ) -> TypingSupport.Candidate? {
      let sets =
        levelSets
        ?? ModifierKeyTable.levelMasks(
          keymap: keymapPointer, evdevCode: code, layout: layout, level: level)
      guard let levelKeys = table.levelKeys(sets: sets, level: level, covered: covered)
      else { return nil }
      // The stroke's own keys when none selects the level (level 1, or a level the stroke's
      // modifiers select): the same array, not a copy.
      let holding = levelKeys.isEmpty ? strokeKeys : strokeKeys + levelKeys
      return TypingSupport.Candidate(
        evdevCode: code, level: level + 1, input: input, holding: holding,
        levelKeyCount: levelKeys.count,
        holdsLevelShift: holding.contains { table.keys[$0].isLevelShift },
        isKeypadKeysym: keysym.map { (0xff80...0xffbd).contains($0.rawValue) } ?? false)
    }
    /// Every way of the active layout to type an input, best first.
    func ways(_ input: KeyInput) -> [TypingSupport.Candidate] {
      var found = (index[input] ?? []).compactMap {
        candidate(
          $0.evdevCode, level: $0.level, input: input, keysym: $0.keysym,
          levelSets: $0.levelMasks)
      }
      // Sorted in place: no second array.
      if found.count > 1 {
        found.sort {
          ($0.level, $0.isKeypadKeysym ? 1 : 0, $0.evdevCode)
            < ($1.level, $1.isKeypadKeysym ? 1 : 0, $1.evdevCode)
        }
      }
      return found
    }

    // The candidates in order, each kept unless an earlier one presses the same key holding
    // the same keys. A handful of candidates: a linear scan finds repeats without hashing
    // arrays, and they are filed as they come, with no list of them all before.
    var unique: [TypingSupport.Candidate] = []
    unique.reserveCapacity(4)
    func add(_ candidate: TypingSupport.Candidate) {
      guard
        !unique.contains(where: {
          $0.evdevCode == candidate.evdevCode && $0.holding == candidate.holding
        })
      else { return }
      unique.append(candidate)
    }
    if let relocation {
      if let moved = candidate(
        relocation.evdevCode, level: relocation.level - 1, input: relocation.input,
        keysym: relocation.keysym)
      {
        add(moved)
      }
      for way in ways(relocation.input) where !way.holdsLevelShift { add(way) }
    }
    let own = ways(target)
    for way in own where !way.holdsLevelShift { add(way) }
    for code in fallbackIndex[target] ?? [] {
      add(
        TypingSupport.Candidate(
          evdevCode: code, level: 1, input: target, holding: strokeKeys, levelKeyCount: 0,
          holdsLevelShift: false, isKeypadKeysym: false, isFallback: true))
    }
    // AltGr only where the key does not type the input without it: Ctrl+Alt+AltGr+F7 reaches
    // F7 on level 3 of the F-keys, but that is a detour around the layout, not a way to type F7.
    // A handful of ways: a linear scan instead of a set of the plain ways' keys.
    for way in own
    where way.holdsLevelShift
      && !own.contains(where: { !$0.holdsLevelShift && $0.evdevCode == way.evdevCode })
    {
      add(way)
    }
    return unique
  }

  /// Translates a candidate press and asks the matcher whether the stroke's key command wins
  /// (``KeyCommandMatcher/winningKind(of:for:layout:layoutDirection:)``: the matcher's answer
  /// against that key command alone).
  ///
  /// `command` is the stroke's key command, built once for all the candidates.
  func evaluate(
    _ candidate: TypingSupport.Candidate, command: KeyCommand, matcher: KeyCommandMatcher,
    direction: LayoutDirection, table: ModifierKeyTable
  ) -> (press: TypedPress, typesInput: Bool) {
    let modifiers = candidate.holding.map { table.keys[$0] }
    // Most presses tap no lock key: then every modifier key is held, in order.
    let hasLock = modifiers.contains(where: \.isLock)
    // The held keys' codes read as they go down, not copied into an array of their own.
    return withTranslatedPress(
      evdevCode: candidate.evdevCode,
      tapping: hasLock ? modifiers.filter(\.isLock).map(\.evdevCode) : [],
      holding: modifiers.lazy.filter { !hasLock || !$0.isLock }.map(\.evdevCode)
    ) { press, scratch, level in
      let kind = matcher.winningKind(
        of: press, for: command, layout: scratch, layoutDirection: direction)
      let key = press.key ?? Self.noKey(candidate.evdevCode)
      // A modifier or lock key types nothing, whatever other layouts have on its position.
      let typesInput =
        key.keysym.isModifierOrLock
        ? false
        : candidate.isFallback
          ? scratch.latinKeysyms(for: key).contains { KeyInput(keysym: $0) == candidate.input }
          : KeysymInputs.input(of: key.keysym) == candidate.input
      let typed = TypedPress(
        evdevCode: candidate.evdevCode,
        xkbKeyName: state.keymap.keyName(forEvdevCode: candidate.evdevCode),
        level: candidate.level, pressedLevel: level, modifierKeys: modifiers,
        levelModifierCount: candidate.levelKeyCount, key: key,
        consumedModifiers: scratch.consumedModifiers(for: key)
          .intersection(key.modifierFlags),
        matchKind: kind)
      return (typed, typesInput)
    }
  }

  /// A key that reports nothing, for a press the scratch keyboard did not deliver.
  static func noKey(_ code: Int) -> Key {
    Key(
      keyCode: nil, evdevCode: code, characters: "", charactersIgnoringModifiers: "",
      modifierFlags: [], keysym: .noSymbol, keysymIgnoringModifiers: .noSymbol)
  }
}

// MARK: - Modifier keys

/// The modifier keys of one layout group and the real modifiers each sets.
struct ModifierKeyTable {
  /// The keys, in order of preference.
  let keys: [ModifierKey]
  /// The real modifiers each key sets, as a mask.
  let masks: [xkb_mod_mask_t]
  /// The shortcut modifiers' bits: Shift, Lock, Control, Mod1 and Mod4.
  let shortcutMask: xkb_mod_mask_t
  /// The bits of Shift, Control, Mod1 and Mod4, for the stroke's flags.
  let flagBits: [(KeyModifierFlags, xkb_mod_mask_t)]

  /// The evdev codes tried first, in order: left and right Shift, Control, Alt (or AltGr),
  /// Super.
  static let preferredCodes = [42, 54, 29, 97, 56, 100, 125, 126]

  /// Reads the modifier keys of a layout group: every key whose first-level keysym is a held
  /// modifier, pressed alone in a fresh state to see which modifiers it sets.
  init(
    keymap: XKBKeymap, pointer: OpaquePointer, layout: Int,
    masks modifierMasks: XKBKeyboard.ModifierMasks
  ) {
    shortcutMask =
      modifierMasks.shift | modifierMasks.lock | modifierMasks.control
      | modifierMasks.alternate | modifierMasks.command
    flagBits = [
      (.control, modifierMasks.control), (.shift, modifierMasks.shift),
      (.alternate, modifierMasks.alternate), (.command, modifierMasks.command),
    ]
    var keys: [ModifierKey] = []
    var masks: [xkb_mod_mask_t] = []
    guard let state = xkb_state_new(pointer) else {
      self.keys = []
      self.masks = []
      return
    }
    defer { xkb_state_unref(state) }
    let group = xkb_layout_index_t(clamping: layout)
    let names = keymap.modifierNames
    let codes = Self.preferredCodes + keymap.evdevCodes.filter { !Self.preferredCodes.contains($0) }
    for code in codes {
      var held: Keysym?
      keymap.forEachKeysym(forEvdevCode: code, layout: layout, level: 0) { keysym in
        guard Self.isHeldModifier(keysym.rawValue) else { return true }
        held = keysym
        return false
      }
      guard
        let keysym = held,
        let keycode = Keycodes.xkb(evdev: code),
        // A physical key: <LVL3>, <ALT> and the like only carry the modifier map.
        KeyboardHIDUsage(evdevCode: code) != nil
      else { continue }
      xkb_state_update_mask(state, 0, 0, 0, 0, 0, group)
      xkb_state_update_key(state, keycode, XKB_KEY_DOWN)
      let mask = xkb_state_serialize_mods(state, XKB_STATE_MODS_DEPRESSED)
      let effectiveLayout = xkb_state_serialize_layout(state, XKB_STATE_LAYOUT_EFFECTIVE)
      xkb_state_update_key(state, keycode, XKB_KEY_UP)
      guard mask != 0, effectiveLayout == group else { continue }
      let isLock = keysym.rawValue == 0xff7f
      keys.append(
        ModifierKey(
          evdevCode: code, xkbKeyName: keymap.keyName(forEvdevCode: code), keysym: keysym,
          modifiers: names.indices.filter { $0 < 32 && mask & (1 << UInt32($0)) != 0 }
            .map { names[$0] },
          isLevelShift: !isLock && mask & ~shortcutMask != 0, isLock: isLock))
      masks.append(mask)
    }
    self.keys = keys
    self.masks = masks
  }

  /// Whether a keysym is that of a modifier held down (not latched): Shift, Control, Meta,
  /// Alt, Super and Hyper, left and right, the level-3 and level-5 shifts, and Num Lock,
  /// which selects the keypad's digits and is tapped rather than held.
  static func isHeldModifier(_ keysym: UInt32) -> Bool {
    switch keysym {
    case 0xffe1...0xffe4, 0xffe7...0xffee, 0xfe03, 0xfe11, 0xff7f: true
    default: false
    }
  }

  /// The keys (indices into ``keys``) that hold the physical modifiers of a stroke, in the
  /// order Control, Shift, Alt, Super; nil when the keymap has no key for one of them.
  func keys(for flags: KeyModifierFlags) -> [Int]? {
    var result: [Int] = []
    for (flag, bit) in flagBits where flags.contains(flag) {
      guard bit != 0,
        let index = masks.firstIndex(of: bit)
          ?? masks.firstIndex(where: { $0 & bit != 0 && $0 & ~shortcutMask == 0 })
      else { return nil }
      result.append(index)
    }
    return result
  }

  /// The modifier sets that select a level of a key, as masks, in the key type's order; an
  /// empty list when none does (`xkb_keymap_key_get_mods_for_level`).
  static func levelMasks(keymap: OpaquePointer, evdevCode: Int, layout: Int, level: Int)
    -> [xkb_mod_mask_t]
  {
    guard let keycode = Keycodes.xkb(evdev: evdevCode) else { return [] }
    return withUnsafeTemporaryAllocation(of: xkb_mod_mask_t.self, capacity: 16) { buffer in
      let count = Int(
        xkb_keymap_key_get_mods_for_level(
          keymap, keycode, xkb_layout_index_t(clamping: layout),
          xkb_level_index_t(clamping: level), buffer.baseAddress, buffer.count))
      return Array(buffer.prefix(count))
    }
  }

  /// The keys (indices into ``keys``) that select a level on top of the modifiers already
  /// `covered`: for the first of the level's modifier sets that these keys can hold exactly;
  /// nil when none can.
  func levelKeys(sets: [xkb_mod_mask_t], level: Int, covered: xkb_mod_mask_t) -> [Int]? {
    if sets.isEmpty { return level == 0 ? [] : nil }
    for set in sets {
      var needed = set & ~covered
      var chosen: [Int] = []
      for (index, mask) in masks.enumerated() where needed != 0 {
        if mask & ~set == 0, mask & needed != 0 {
          chosen.append(index)
          needed &= ~mask
        }
      }
      if needed == 0 { return chosen }
    }
    return nil
  }
}

// MARK: - Caches

/// What ``XKBKeyboard``'s typing engine keeps between questions: the scratch keyboard, the
/// modifier keys and key indexes per layout group, and the answers.
final class TypingSupport {
  /// A key and level (from 0) whose keysym stands for an input, and the modifier sets that
  /// select the level.
  struct Way {
    var evdevCode: Int
    var level: Int
    var keysym: Keysym
    var levelMasks: [xkb_mod_mask_t]
    /// The way's position in the order the keys and levels are searched (``Place/order``).
    var order: Int
  }

  /// A press to try: a key, the level it is for (from 1), the input it should type, and the
  /// modifier keys (indices into the table) to hold.
  struct Candidate {
    var evdevCode: Int
    var level: Int
    var input: KeyInput
    var holding: [Int]
    var levelKeyCount: Int
    var holdsLevelShift: Bool
    var isKeypadKeysym: Bool
    /// Whether the press is one of the Latin fallback's: the input is the key's first-level
    /// keysym in another layout group or on US QWERTY.
    var isFallback = false
  }

  /// A key and level (from 0) that produce a keysym, and their position in the order the
  /// keys and levels are searched.
  struct Place {
    var evdevCode: Int
    var level: Int
    var order: Int
  }

  /// What an answer depends on besides the keymap.
  struct AnswerKey: Hashable {
    var layout: Int
    var stroke: KeyboardShortcut
    var platform: PlatformProfile
    var localizes: Bool
    var direction: LayoutDirection
  }

  var scratch: XKBKeyboard?
  /// The layout group the scratch keyboard was last reset in, when nothing has been typed on
  /// it since: the next translation in that group need not reset it again.
  var scratchResetLayout: xkb_layout_index_t?
  var modifierTables: [Int: ModifierKeyTable] = [:]
  var inputIndexes: [Int: [KeyInput: [Way]]] = [:]
  var fallbackIndexes: [Int: [KeyInput: [Int]]] = [:]
  var keysymPlaces: [Int: [Keysym: [Place]]] = [:]
  var answers: [AnswerKey: StrokeTyping] = [:]

  /// The scratch keyboard of a keyboard, made on first use: the same keymap, no Compose, no
  /// repeats, and the keyboard's relocation and consumed-modifier caches, modifier masks and
  /// first-level symbols.
  func scratchKeyboard(for keyboard: XKBKeyboard) -> XKBKeyboard {
    if let scratch { return scratch }
    let made = XKBKeyboard(
      keymap: keyboard.state.keymap, compose: nil, stateSource: .keyEvents,
      repeatSettings: KeyRepeatSettings(isEnabled: false), clock: keyboard.clock,
      relocations: keyboard.relocations, consumedCache: keyboard.consumedCache,
      modifierMasks: keyboard.modifierMasks, baseSymbols: keyboard.baseSymbols)
    scratch = made
    return made
  }
}

// MARK: - Keysyms' inputs

/// The key-command input each keysym stands for in the typing engine:
/// `KeyInput(keysym:character:)` with the keysym's character (``XKBKeyboard/character(of:)``),
/// read once per process for the keysyms of the legacy ranges (Latin, the other scripts' and
/// the special keys', below `0x1000` and from `0xfe00` to `0xffff`), where most keysyms of
/// every layout are; a Unicode keysym's is made on each call. A sweep over layouts asks it for
/// every key and level of every layout.
enum KeysymInputs {
  /// The inputs of keysyms `0x0000` to `0x0fff`, then `0xfe00` to `0xffff`.
  static let table: [KeyInput?] = (Array(0..<0x1000) + Array(0xfe00..<0x1_0000)).map {
    make(Keysym(rawValue: UInt32($0)))
  }

  /// The input of a keysym, made anew.
  static func make(_ keysym: Keysym) -> KeyInput? {
    KeyInput(keysym: keysym, character: XKBKeyboard.character(of: keysym))
  }

  /// The input of a keysym: from ``table`` when it is there, else made anew.
  static func input(of keysym: Keysym) -> KeyInput? {
    let value = keysym.rawValue
    if value < 0x1000 { return table[Int(value)] }
    if (0xfe00..<0x1_0000).contains(value) { return table[Int(value - 0xfe00) + 0x1000] }
    return make(keysym)
  }
}
