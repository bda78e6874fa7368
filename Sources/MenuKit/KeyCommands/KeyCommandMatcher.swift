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
    guard let key = press.key, press.phase == .began || press.phase == .changed else {
      return result
    }
    let (input, effective) = Self.chord(of: key, layout: layout)

    var fallbackInputs: [KeyInput] = []
    if let layout, !Self.isLatin(input) {
      fallbackInputs = layout.latinKeysyms(for: key).compactMap { KeyInput(keysym: $0) }
    }
    let pressInput = input?.lowercased

    // The precedence tier of each candidate: 0 exact, 1 localized or mirrored, 2 fallback.
    var tiers: [Int] = []
    for (index, keyCommand) in candidates.enumerated() {
      var commandInput = keyCommand.input.lowercased
      var extraModifiers: KeyModifierFlags = []
      var moved: Kind?
      if layoutDirection == .rightToLeft, keyCommand.allowsAutomaticMirroring,
        let mirrored = Self.mirroredInput(commandInput)
      {
        commandInput = mirrored
        moved = .mirrored
      }
      if keyCommand.allowsAutomaticLocalization, let layout,
        let location = layout.relocatedKey(for: commandInput)
      {
        commandInput = location.input
        extraModifiers = location.extraModifiers
        moved = .localized
      }
      let kind: Kind
      let tier: Int
      if let pressInput, commandInput == pressInput {
        kind = moved ?? .exact
        tier = moved == nil ? 0 : 1
      } else if moved != .localized,
        fallbackInputs.contains(where: { $0.lowercased == commandInput })
      {
        kind = moved ?? .fallback
        tier = 2
      } else {
        continue
      }
      guard
        let alternate = modifierMatch(
          keyCommand, effective: effective, extra: extraModifiers)
      else { continue }
      var candidate = Candidate(
        index: index, keyCommand: keyCommand, kind: kind, alternate: alternate.value)
      if press.isRepeat, keyCommand.repeatBehavior != .repeatable {
        candidate.lossReason = .repeatNotAllowed
      } else if validate == nil, keyCommand.attributes.contains(.disabled) {
        candidate.lossReason = .disabled
      }
      result.candidates.append(candidate)
      tiers.append(tier)
    }
    // In precedence order (tier, then candidate order), the first enabled candidate wins;
    // with lazy validation, those after it are not validated.
    var order = result.candidates.indices.filter { result.candidates[$0].lossReason == nil }
    if order.count > 1 { order.sort { (tiers[$0], $0) < (tiers[$1], $1) } }
    var winnerPosition: Int?
    for position in order {
      if let validate {
        let validated = validate(result.candidates[position].keyCommand)
        result.candidates[position].keyCommand = validated
        if validated.attributes.contains(.disabled) {
          result.candidates[position].lossReason = .disabled
          continue
        }
      }
      winnerPosition = position
      break
    }
    guard let winner = winnerPosition else { return result }
    let best = tiers[winner]
    for position in order where position != winner {
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
    let required = platform.physicalModifiers(keyCommand.modifierFlags).union(extra)
    if effective == required { return ModifierMatch(value: nil) }
    for alternate in keyCommand.alternates {
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
    let input = KeyInput(keysym: key.keysym, character: characterHint(for: key))
    let effective = effectiveModifiers(
      of: key, isCasedCharacter: input?.isCasedCharacter == true, layout: layout)
    return (input, effective)
  }

  /// A press's effective modifiers (rules 3–4): the held shortcut modifiers minus those the
  /// key consumed, keeping Shift when the key's input is a cased character.
  static func effectiveModifiers(
    of key: Key, isCasedCharacter: Bool, layout: (any KeyboardLayoutProviding)?
  ) -> KeyModifierFlags {
    let held = key.modifierFlags.intersection(.shortcutModifiers)
    if held.isEmpty { return [] }
    // The layout is read in place (optional chaining), not bound: binding copies it.
    var consumed =
      layout?.consumedModifiers(for: key)
      ?? (key.keysym == key.keysymIgnoringModifiers ? [] : [.shift])
    if consumed.contains(.shift), isCasedCharacter {
      consumed.remove(.shift)
    }
    return held.subtracting(consumed)
  }

  /// The character for a keysym without an arithmetic mapping: the key's text when it is the
  /// first-level keysym or a printable character, else its first-level text.
  static func characterHint(for key: Key) -> String? {
    if key.keysym == key.keysymIgnoringModifiers { return key.charactersIgnoringModifiers }
    if key.characters.count == 1,
      let scalar = key.characters.unicodeScalars.first,
      scalar.properties.generalCategory != .control
    {
      return key.characters
    }
    return key.charactersIgnoringModifiers
  }

  /// Whether an input is Latin: a special key, or characters in the Latin blocks and ASCII.
  static func isLatin(_ input: KeyInput?) -> Bool {
    guard let input else { return false }
    guard let text = input.characters else { return true }
    return text.unicodeScalars.allSatisfy { scalar in
      switch scalar.value {
      case 0x20...0x7e, 0xa0...0x24f, 0x1e00...0x1eff: true
      default: false
      }
    }
  }
}
