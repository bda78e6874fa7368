/// Finds the key command a key press triggers: the matching step of key-command dispatch.
///
/// The matcher is a pure function of the press, the candidate key commands and, optionally,
/// the keyboard layout. It implements decisions 3, 4, 5 and 6 of the design:
///
/// 1. **Phases.** Only a press that began, or an autorepeat (``Press/Phase-swift.enum/changed``
///    with ``Press/isRepeat``), matches; other phases and presses without a key match nothing.
/// 2. **Keysym.** The press's ``Key/keysym``, as a ``KeyInput`` (``KeyInput/init(keysym:character:)``),
///    must equal the command's input. Single characters compare lowercased.
/// 3. **Modifiers.** The held modifiers *P* are ``Key/modifierFlags`` ∩ {shift, control,
///    alternate, command}; a press reports Super as ``KeyModifierFlags/command``. The effective
///    modifiers are *P* minus the modifiers the key consumed
///    (``KeyboardLayoutProviding/consumedModifiers(for:)``, GTK mode). They must equal
///    ``PlatformProfile/physicalModifiers(_:)`` of the command's flags: on linux and windows a
///    command's `.command` requires Control, so Super does not trigger it; on mac it requires
///    Super (⌘). Caps Lock and the keypad flag never take part.
/// 4. **Cased letters keep Shift.** When the keysym is a letter with case, Shift is not taken
///    as consumed (GTK does the same), so Shift+O is `o` with Shift: `Ctrl+O` does not fire on
///    Ctrl+Shift+O and `Ctrl+Shift+O` does. For other keysyms Shift is consumed: `Ctrl+?`
///    fires on Ctrl+Shift+/ on a US layout. Caps Lock (keysym `O`) does not stop `Ctrl+O`.
///    Without a layout, Shift counts as consumed when the keysym differs from
///    ``Key/keysymIgnoringModifiers``, and nothing else does.
///    **Shift spelled out.** When Shift was held and consumed, the press also reads as the
///    same key without Shift's effect (``KeyboardLayoutProviding/unshiftedKeysym(for:)``),
///    with Shift: on US QWERTY the press Ctrl+Shift+[ fires both `Ctrl+{` and
///    `Ctrl+Shift+[`, exactly (VS Code's and GTK's spelling; decision 0009 in
///    docs/decisions/). ``readings(of:layout:)`` lists a press's readings.
/// 5. **Latin fallback.** When the key's keysym is not Latin (not a special key, ASCII, or a
///    Latin letter), the keysyms of ``KeyboardLayoutProviding/latinKeysyms(for:)`` are tried
///    in order with the same modifiers: a ``Kind/fallback`` match. Exact matches always beat
///    fallback matches: on Russian, a command on `"ф"` matches exactly and one on `"a"`
///    through the fallback.
/// 6. **Order.** Candidates are in priority order (the first responder's key commands first,
///    then up the responder chain, then the main menu). The first exact match wins; if there
///    is none, the first localized or mirrored match; then the first fallback match
///    (rule 12).
/// 7. **Disabled.** A key command whose attributes contain ``MenuElementAttributes/disabled``
///    never wins; it is reported with ``Candidate/LossReason/disabled`` and the next candidate
///    is considered. Hidden key commands match.
/// 8. **Repeats.** An autorepeat matches only key commands whose ``KeyCommand/repeatBehavior``
///    is ``KeyCommand/RepeatBehavior/repeatable``; others are reported with
///    ``Candidate/LossReason/repeatNotAllowed``.
/// 9. **Alternates.** The effective modifiers may also equal the command's plus the extra
///    modifiers of one of its ``Command/alternates`` (mapped by the platform, as the
///    command's are); the match then reports that ``KeyCommandMatch/alternate``, whose
///    action is the one to perform.
///
/// 10. **Mirroring.** In a ``LayoutDirection/rightToLeft`` context, a key command whose
///    ``KeyCommand/allowsAutomaticMirroring`` is on matches at its mirrored input
///    (``mirroredInput(_:)``: `[` `]`, `{` `}`, `(` `)`, `<` `>`, left and right arrows swap)
///    instead of its own: a ``Kind/mirrored`` match. `Cmd+[` "Back" fires on Ctrl+], not
///    Ctrl+[.
/// 11. **Automatic localization.** When a key command's
///    ``KeyCommand/allowsAutomaticLocalization`` is on and the layout relocates its input
///    (mirrored first, if rule 10 applied; ``KeyboardLayoutProviding/relocatedKey(for:)``
///    relocates inputs typed only with AltGr or not at all), the key command matches *only* at
///    the relocated input, plus Shift when that is a cased letter at level 2
///    (``ShortcutLocation/extraModifiers``): a ``Kind/localized`` match. The original position
///    no longer fires: on German, `Ctrl+[` fires on Ctrl+Ü, not on Ctrl+AltGr+8. A localized
///    key command does not use the Latin fallback; a mirrored one does.
/// 12. **Precedence.** Exact matches beat localized and mirrored ones, which beat fallback
///    matches, whatever their order; within a tier, the first candidate wins. So a relocated
///    shortcut that lands on a key another key command uses exactly loses to it.
///
/// Every key command whose key and modifiers matched is reported in
/// ``KeyCommandMatch/candidates``, with the reason it lost.
///
/// ```swift
/// let matcher = KeyCommandMatcher(platform: .linux)
/// let open = KeyCommand(title: "Open…", action: "openDocument:", input: "o",
///                       modifierFlags: .command)
/// let result = matcher.match(press, against: [open], layout: keyboard)
/// result.keyCommand?.action  // "openDocument:" for Ctrl+O
/// result.kind                // .exact
/// ```
public struct KeyCommandMatcher: Hashable, Sendable {
  /// The platform whose conventions map ``KeyModifierFlags/command``.
  public var platform: PlatformProfile

  /// Creates a matcher for a platform.
  ///
  /// - Parameter platform: The platform profile that maps authored modifiers to physical ones.
  public init(platform: PlatformProfile) {
    self.platform = platform
  }

  /// Finds the key command a press triggers, in a left-to-right context.
  ///
  /// The same as ``match(_:against:layout:layoutDirection:)`` with
  /// ``LayoutDirection/leftToRight``: nothing is mirrored.
  ///
  /// - Parameters:
  ///   - press: The press, as a keyboard translator reported it.
  ///   - candidates: The key commands that may match, in priority order.
  ///   - layout: The keyboard layout, for consumed modifiers, the Latin fallback and automatic
  ///     localization; `nil` matches without them (see the type's rule 4).
  /// - Returns: The winner, if any, and every key command whose key and modifiers matched.
  public func match(
    _ press: Press, against candidates: [KeyCommand], layout: (any KeyboardLayoutProviding)?
  ) -> KeyCommandMatch {
    match(press, against: candidates, layout: layout, layoutDirection: .leftToRight)
  }

  /// Finds the key command a press triggers.
  ///
  /// In a ``LayoutDirection/rightToLeft`` context, key commands that allow automatic
  /// mirroring match at their mirrored input (rule 10); with a layout, key commands that allow
  /// automatic localization and whose input the layout relocates match only at the relocated
  /// input (rule 11).
  ///
  /// ```swift
  /// let back = KeyCommand(title: "Back", action: "goBack:", input: "[", modifierFlags: .command)
  /// matcher.match(press, against: [back], layout: keyboard, layoutDirection: .rightToLeft)
  /// // Ctrl+] fires "Back", with kind .mirrored
  /// ```
  ///
  /// - Parameters:
  ///   - press: The press, as a keyboard translator reported it.
  ///   - candidates: The key commands that may match, in priority order.
  ///   - layout: The keyboard layout, for consumed modifiers, the Latin fallback and automatic
  ///     localization; `nil` matches without them (see the type's rule 4).
  ///   - layoutDirection: The direction of the context the press is for, such as that of the
  ///     focused window's user interface.
  /// - Returns: The winner, if any, and every key command whose key and modifiers matched.
  public func match(
    _ press: Press, against candidates: [KeyCommand], layout: (any KeyboardLayoutProviding)?,
    layoutDirection: LayoutDirection
  ) -> KeyCommandMatch {
    match(
      press, against: candidates, layout: layout, layoutDirection: layoutDirection, validate: nil)
  }

  /// Finds the key command a press triggers, validating candidates lazily.
  ///
  /// With `validate`, the candidates whose key and modifiers matched are validated in
  /// precedence order (tier, then candidate order) only until one is enabled: it wins, and the
  /// candidates after it are reported as losing to it without being validated. This is the
  /// key dispatcher's path, where validation walks the responder chain. Without `validate`,
  /// every candidate's own attributes decide whether it is disabled.
  func match(
    _ press: Press, against candidates: [KeyCommand], layout: (any KeyboardLayoutProviding)?,
    layoutDirection: LayoutDirection, validate: ((KeyCommand) -> KeyCommand)?
  ) -> KeyCommandMatch {
    var result = KeyCommandMatch()
    guard let readings = Self.matchableReadings(of: press, layout: layout) else { return result }

    // The precedence tier of each candidate: 0 exact, 1 localized or mirrored, 2 fallback.
    var tiers: [Int] = []
    for (index, keyCommand) in candidates.enumerated() {
      guard
        let found = candidateMatch(
          keyCommand, readings: readings, layout: layout, layoutDirection: layoutDirection)
      else { continue }
      var candidate = Candidate(
        index: index, keyCommand: keyCommand, kind: found.kind, alternate: found.alternate)
      candidate.lossReason = Self.lossBeforeValidation(
        keyCommand, press: press, validatesLazily: validate != nil)
      result.candidates.append(candidate)
      tiers.append(found.tier)
    }
    // In precedence order (tier, then candidate order), the first enabled candidate wins;
    // with lazy validation, those after it are not validated.
    var candidates = result.candidates
    let eligible = candidates.map { $0.lossReason == nil }
    var winnerPosition: Int?
    _ = Self.visitInPrecedenceOrder(
      count: candidates.count, tier: { eligible[$0] ? tiers[$0] : nil },
      visit: { position in
        if let validate {
          let validated = validate(candidates[position].keyCommand)
          candidates[position].keyCommand = validated
          if validated.attributes.contains(.disabled) {
            candidates[position].lossReason = .disabled
            return false
          }
        }
        winnerPosition = position
        return true
      })
    result.candidates = candidates
    guard let winner = winnerPosition else { return result }
    let best = tiers[winner]
    for position in result.candidates.indices where position != winner {
      guard result.candidates[position].lossReason == nil else { continue }
      result.candidates[position].lossReason =
        tiers[position] == best
        ? .shadowed : best == 0 ? .beatenByExact : .outranked
    }
    let candidate = result.candidates[winner]
    result.index = candidate.index
    result.keyCommand = candidate.keyCommand
    result.kind = candidate.kind
    result.alternate = candidate.alternate
    return result
  }

  /// The readings of a press that can trigger key commands (rule 1: one that began or
  /// repeats, with a key), or nil when it triggers none.
  @inline(__always)
  static func matchableReadings(of press: Press, layout: (any KeyboardLayoutProviding)?)
    -> StrokeRules.Readings?
  {
    guard let key = press.key, press.phase == .began || press.phase == .changed else {
      return nil
    }
    let readings = StrokeRules.readings(of: key, layout: layout)
    return readings.isEmpty ? nil : readings
  }

  /// ``match(_:against:layout:layoutDirection:)`` against one key command, answering only the
  /// kind of the match when that key command wins: with a single candidate, the precedence
  /// order has nothing to order, so it wins exactly when it matches and loses nothing before
  /// validation. The typing engine asks this of every press it tries, without the arrays of
  /// candidates a full match builds. `KeyCommandMatcherSingleTests` compares the two.
  ///
  /// - Parameters:
  ///   - press: The press, as a keyboard translator reported it.
  ///   - keyCommand: The key command.
  ///   - layout: The keyboard layout, or `nil`.
  ///   - layoutDirection: The direction of the context the press is for.
  /// - Returns: The kind of the winning match, or nil when the key command does not fire.
  package func winningKind(
    of press: Press, for keyCommand: KeyCommand, layout: (any KeyboardLayoutProviding)?,
    layoutDirection: LayoutDirection
  ) -> Kind? {
    guard let readings = Self.matchableReadings(of: press, layout: layout),
      let found = candidateMatch(
        keyCommand, readings: readings, layout: layout, layoutDirection: layoutDirection),
      Self.lossBeforeValidation(keyCommand, press: press, validatesLazily: false) == nil
    else { return nil }
    return found.kind
  }

  /// How one key command matches a press's readings, if it does (rules 2–5 and 9–11): the
  /// best tier over the readings, its kind, and the alternate the modifiers select. The one
  /// statement of these rules that the matcher and the key dispatcher's index share.
  func candidateMatch(
    _ keyCommand: KeyCommand, readings: StrokeRules.Readings,
    layout: (any KeyboardLayoutProviding)?, layoutDirection: LayoutDirection
  ) -> CandidateMatch? {
    let target = StrokeRules.target(
      of: keyCommand.input, allowsLocalization: keyCommand.allowsAutomaticLocalization,
      allowsMirroring: keyCommand.allowsAutomaticMirroring, layout: layout,
      direction: layoutDirection)
    return candidateMatch(
      at: target.key, kind: target.kind,
      required: platform.physicalModifiers(keyCommand.modifierFlags).union(
        target.extraModifiers),
      alternates: keyCommand.alternates, readings: readings)
  }

  /// How a key command placed at the chord key `key` (moved there as `kind` says), needing
  /// the physical modifiers `required` (or those plus an alternate's), matches a press's
  /// readings: the best tier over the readings.
  @inline(__always)
  func candidateMatch(
    at key: StrokeRules.ChordKey, kind: Kind, required: KeyModifierFlags,
    alternates: [CommandAlternate], readings: StrokeRules.Readings
  ) -> CandidateMatch? {
    var best: CandidateMatch?
    _ = readings.contains { reading in
      guard let found = StrokeRules.match(key: key, kind: kind, reading),
        best.map({ found.tier < $0.tier }) ?? true,
        let alternate = modifierMatch(
          required: required, alternates: alternates, effective: reading.modifiers)
      else { return false }
      best = CandidateMatch(tier: found.tier, kind: found.kind, alternate: alternate.value)
      // Readings come best first: a tier-0 match cannot be bettered.
      return found.tier == 0
    }
    return best
  }

  /// How a key command matched one press: its precedence tier (0 the press's own key, 1 a
  /// relocated or mirrored input, 2 the Latin fallback), its kind and the alternate selected.
  struct CandidateMatch {
    var tier: Int
    var kind: Kind
    var alternate: CommandAlternate?
  }

  /// Visits the candidates `0..<count` that match in precedence order (rule 12: tier, then
  /// candidate order) until `visit` returns true, without allocating; returns whether it did.
  /// `tier` answers a candidate's tier, or nil when it does not match.
  @inline(__always)
  static func visitInPrecedenceOrder(
    count: Int, tier: (Int) -> Int?, visit: (Int) -> Bool
  ) -> Bool {
    var lowestSkipped = Int.max
    for position in 0..<count {
      guard let found = tier(position) else { continue }
      if found == 0 {
        if visit(position) { return true }
      } else {
        lowestSkipped = min(lowestSkipped, found)
      }
    }
    guard lowestSkipped != Int.max else { return false }
    for level in lowestSkipped...2 {
      for position in 0..<count where tier(position) == level {
        if visit(position) { return true }
      }
    }
    return false
  }

  /// Why a matching key command loses before validation (rules 7 and 8): an autorepeat of a
  /// key command that does not repeat, or, without lazy validation, a disabled one.
  static func lossBeforeValidation(
    _ keyCommand: KeyCommand, press: Press, validatesLazily: Bool
  ) -> Candidate.LossReason? {
    if press.isRepeat, keyCommand.repeatBehavior != .repeatable { return .repeatNotAllowed }
    if !validatesLazily, keyCommand.attributes.contains(.disabled) { return .disabled }
    return nil
  }

  /// The strokes a press reads as, best first (docs/decisions/0009-stroke-semantics.md): its
  /// own key with the effective modifiers, the same key with Shift written out when Shift was
  /// held and consumed, then the Latin keysyms of the same physical key.
  ///
  /// The modifiers are physical, as presses report them: Control is `.control`, Super is
  /// `.command`. A key command fires on the press when it is placed at one of these (after
  /// mirroring and localization) with the same modifiers.
  ///
  /// ```swift
  /// // Ctrl+Shift+[ on US QWERTY:
  /// KeyCommandMatcher.readings(of: key, layout: keyboard).map(\.canonicalText)
  /// // ["Ctrl+{", "Ctrl+Shift+["]
  /// ```
  ///
  /// - Parameters:
  ///   - key: The key of a press.
  ///   - layout: The layout it was typed on; `nil` reads it without one.
  /// - Returns: The strokes, best first; empty for a key that stands for no input.
  public static func readings(of key: Key, layout: (any KeyboardLayoutProviding)?)
    -> [KeyboardShortcut]
  {
    StrokeRules.readings(of: key, layout: layout).all.compactMap { reading in
      StrokeRules.input(reading).map { KeyboardShortcut($0, modifierFlags: reading.modifiers) }
    }
  }

  /// The input a key command matches at in a right-to-left context: the other member of a
  /// mirrored pair, or `nil` for an input that is not in one.
  ///
  /// The pairs are `[` `]`, `{` `}`, `(` `)`, `<` `>` and the left and right arrows, as in
  /// UIKit's `allowsAutomaticMirroring`.
  ///
  /// ```swift
  /// KeyCommandMatcher.mirroredInput("[")         // "]"
  /// KeyCommandMatcher.mirroredInput(.leftArrow)  // .rightArrow
  /// KeyCommandMatcher.mirroredInput("o")         // nil
  /// ```
  ///
  /// - Parameter input: A key-command input.
  /// - Returns: The mirrored input, or `nil`.
  public static func mirroredInput(_ input: KeyInput) -> KeyInput? {
    if let key = input.specialKey {
      switch key {
      case .leftArrow: return KeyInput(.rightArrow)
      case .rightArrow: return KeyInput(.leftArrow)
      default: return nil
      }
    }
    let pairs: [String: String] = [
      "[": "]", "]": "[", "{": "}", "}": "{", "(": ")", ")": "(", "<": ">", ">": "<",
    ]
    guard let text = input.characters, let mirrored = pairs[text] else { return nil }
    return KeyInput(mirrored)
  }
}

/// The writing direction of the context a press is for: whether brackets and horizontal
/// arrows of key commands are mirrored.
///
/// In a right-to-left context (Arabic, Hebrew), "back" points right: a `Cmd+[` "Back" key
/// command that allows automatic mirroring fires on `Ctrl+]` (rule 10 of
/// ``KeyCommandMatcher``).
///
/// ```swift
/// matcher.match(press, against: commands, layout: keyboard, layoutDirection: .rightToLeft)
/// ```
public enum LayoutDirection: String, Hashable, Sendable, CaseIterable {
  /// Left to right, as in English: nothing is mirrored.
  case leftToRight
  /// Right to left, as in Arabic and Hebrew: mirrored pairs swap.
  case rightToLeft
}

// MARK: - Results

/// The outcome of ``KeyCommandMatcher/match(_:against:layout:layoutDirection:)``.
///
/// ``keyCommand`` is the winner, or `nil`; ``candidates`` lists every key command whose key and
/// modifiers matched, winner included, in candidate order, each with the reason it lost.
///
/// ```swift
/// if let keyCommand = result.keyCommand {
///   perform(result.action ?? keyCommand.action)
/// }
/// ```
public struct KeyCommandMatch: Hashable, Sendable {
  /// The key command the press triggers, or `nil`.
  public var keyCommand: KeyCommand?
  /// The index of ``keyCommand`` in the candidates.
  public var index: Int?
  /// How ``keyCommand`` matched.
  public var kind: KeyCommandMatcher.Kind?
  /// The alternate selected by the extra modifiers held, whose action replaces the command's.
  public var alternate: CommandAlternate?
  /// Every key command whose key and modifiers matched, in candidate order.
  public var candidates: [KeyCommandMatcher.Candidate]

  /// Creates an empty result: no match.
  public init(
    keyCommand: KeyCommand? = nil, index: Int? = nil, kind: KeyCommandMatcher.Kind? = nil,
    alternate: CommandAlternate? = nil, candidates: [KeyCommandMatcher.Candidate] = []
  ) {
    self.keyCommand = keyCommand
    self.index = index
    self.kind = kind
    self.alternate = alternate
    self.candidates = candidates
  }

  /// The action to perform: the alternate's when one is selected, else the key command's.
  public var action: ActionName? {
    alternate?.action ?? keyCommand?.action
  }
}

extension KeyCommandMatcher {
  /// How a key command matched a press.
  public enum Kind: String, Hashable, Sendable, CaseIterable {
    /// The press's own keysym matched.
    case exact
    /// A Latin keysym of the same physical key in another layout matched (decision 5).
    case fallback
    /// The key command's input was relocated by automatic localization, and the press matched
    /// the relocated input (rule 11).
    case localized
    /// The key command's input was mirrored for a right-to-left context, and the press matched
    /// the mirrored input (rule 10), itself or through the Latin fallback.
    case mirrored
  }

  /// A key command whose key and modifiers matched a press, and whether it won.
  public struct Candidate: Hashable, Sendable {
    /// Why a matching key command did not win.
    public enum LossReason: String, Hashable, Sendable, CaseIterable {
      /// An earlier candidate of the same kind won.
      case shadowed
      /// The key command is disabled.
      case disabled
      /// It matched through the Latin fallback, a relocation or mirroring, and another key
      /// command matched exactly.
      case beatenByExact
      /// It matched through the Latin fallback, and another key command matched at its
      /// localized or mirrored input, which ranks higher.
      case outranked
      /// The press is an autorepeat and the key command does not repeat.
      case repeatNotAllowed
    }

    /// The index of the key command in the candidates.
    public var index: Int
    /// The key command.
    public var keyCommand: KeyCommand
    /// How it matched.
    public var kind: Kind
    /// The alternate its modifiers selected, if any.
    public var alternate: CommandAlternate?
    /// Why it lost, or `nil` for the winner.
    public var lossReason: LossReason?

    /// Creates a candidate.
    public init(
      index: Int, keyCommand: KeyCommand, kind: Kind, alternate: CommandAlternate? = nil,
      lossReason: LossReason? = nil
    ) {
      self.index = index
      self.keyCommand = keyCommand
      self.kind = kind
      self.alternate = alternate
      self.lossReason = lossReason
    }
  }
}

// MARK: - Internal

extension KeyCommandMatcher {
  /// A modifier match: the selected alternate, or `nil` for the command's own modifiers.
  struct ModifierMatch {
    var value: CommandAlternate?
  }

  /// Whether the effective modifiers match the command's own or those of one alternate.
  func modifierMatch(
    _ keyCommand: KeyCommand, effective: KeyModifierFlags, extra: KeyModifierFlags = []
  ) -> ModifierMatch? {
    modifierMatch(
      required: platform.physicalModifiers(keyCommand.modifierFlags).union(extra),
      alternates: keyCommand.alternates, effective: effective)
  }

  /// Whether the effective modifiers are `required`, or `required` plus the extra modifiers
  /// of one alternate (rule 9).
  @inline(__always)
  func modifierMatch(
    required: KeyModifierFlags, alternates: [CommandAlternate], effective: KeyModifierFlags
  ) -> ModifierMatch? {
    if effective == required { return ModifierMatch(value: nil) }
    for alternate in alternates {
      let extra = platform.physicalModifiers(alternate.modifierFlags).subtracting(required)
      if !extra.isEmpty, effective == required.union(extra) {
        return ModifierMatch(value: alternate)
      }
    }
    return nil
  }

  /// The input a key press stands for and its effective modifiers (rules 2–4): the held
  /// shortcut modifiers minus those the key consumed, keeping Shift for cased letters.
  static func chord(of key: Key, layout: (any KeyboardLayoutProviding)?) -> (
    input: KeyInput?, effective: KeyModifierFlags
  ) {
    let own = StrokeRules.readings(of: key, layout: layout).own
    let input = own.flatMap(StrokeRules.input)
    let effective =
      own?.modifiers
      ?? StrokeRules.effectiveModifiers(
        of: key, held: key.modifierFlags.intersection(.shortcutModifiers), isCased: false,
        layout: layout)
    return (input, effective)
  }

  /// A press's effective modifiers (rules 3–4): the held shortcut modifiers minus those the
  /// key consumed, keeping Shift when the key's input is a cased character.
  static func effectiveModifiers(
    of key: Key, isCasedCharacter: Bool, layout: (any KeyboardLayoutProviding)?
  ) -> KeyModifierFlags {
    StrokeRules.effectiveModifiers(
      of: key, held: key.modifierFlags.intersection(.shortcutModifiers),
      isCased: isCasedCharacter, layout: layout)
  }
}
