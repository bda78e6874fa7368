/// A deterministic account of resolving a key sequence: how each press was read, the
/// bindings that were candidates after each stroke with their sources and contexts, the value
/// of each context predicate along the chain, the winner, and why every other candidate lost.
///
/// ``KeyBindingResolver/explain(_:in:layout:)`` makes one; `menu-dump explain` prints it
/// (docs/tools/menu-dump-explain.md). The same inputs always give the same text.
///
/// ```swift
/// let explanation = resolver.explain(presses, in: stack, layout: keyboard)
/// print(explanation.text(platform: .linux))
/// explanation.outcome    // .matched
/// explanation.winner?.effect
/// ```
public struct KeyBindingExplanation: Hashable, Sendable {
  /// How one press was read as a stroke.
  public struct Stroke: Hashable, Sendable {
    /// The press, as the keyboard reported it.
    public var press: Press
    /// The modifiers that counted: those held minus those the key consumed.
    public var effectiveModifiers: KeyModifierFlags
    /// The strokes the press stands for, best first: its own key, the same key with Shift
    /// written out when Shift was held and consumed (`Ctrl+Shift+[` for the press that types
    /// `Ctrl+{`), then Latin fallbacks (docs/decisions/0009-stroke-semantics.md).
    public var readAs: [KeyboardShortcut]
    /// How each of ``readAs`` came about: `"key"`, `"shiftSpelled"`, `"fallback"` or
    /// `"physical"` (the key's position, listed when some binding names a position).
    public var readingSources: [String] = []
    /// The resolution of the strokes typed up to and including this one.
    public var resolution: KeyBindingResolution
  }

  /// The contexts of the chain, root first.
  public var contexts: [KeyContext]
  /// Each press, in order, with the resolution after it. Resolution stops at the first
  /// stroke after which nothing can follow.
  public var strokes: [Stroke]
  /// The final outcome.
  public var outcome: KeyBindingResolution.Outcome
  /// The binding that fires (when the outcome is `.pending`, the one that fires when the
  /// sequence times out).
  public var winner: KeyBinding?
  /// The unbind that disables the keys, when one won.
  public var unboundBy: KeyBinding?

  /// The explanation as text: one section per stroke, candidates in precedence order, each
  /// with its source, position, context and the predicate's value at every depth. Control
  /// characters from the keymaps (in a context, a command, a path) are written as escapes.
  ///
  /// - Parameter platform: The platform whose shortcut labels are shown.
  public func text(platform: PlatformProfile) -> String {
    var lines: [String] = []
    if contexts.isEmpty {
      lines.append("contexts: (none)")
    } else {
      lines.append("contexts, root first:")
      for (depth, context) in contexts.enumerated() {
        lines.append("  [\(depth)] \(context.description)")
      }
    }
    for (number, stroke) in strokes.enumerated() {
      lines.append("")
      let key = stroke.press.key
      let keysym = key.map { Self.hex($0.keysym.rawValue) } ?? "none"
      let characters = key.map { Self.quoted($0.characters) } ?? "\"\""
      let held =
        key.map {
          platform.authoredFlags(forPhysical: $0.modifierFlags.intersection(.shortcutModifiers))
            .names
        } ?? []
      lines.append(
        "stroke \(number + 1): evdev \(key?.evdevCode ?? 0), keysym \(keysym), characters "
          + "\(characters), held \(held.isEmpty ? "nothing" : held.joined(separator: "+")), "
          + "effective \(platform.authoredFlags(forPhysical: stroke.effectiveModifiers).names.joined(separator: "+").nilIfEmpty ?? "none")"
      )
      lines.append(
        "  read as: "
          + (stroke.readAs.isEmpty
            ? "(no key input)"
            : stroke.readAs.enumerated().map { index, shortcut in
              let source = index < stroke.readingSources.count ? stroke.readingSources[index] : ""
              return shortcut.canonicalText
                + (source == "fallback"
                  ? " (Latin fallback)"
                  : source == "shiftSpelled"
                    ? " (Shift spelled out)" : source == "physical" ? " (key position)" : "")
            }.joined(separator: ", ")))
      let resolution = stroke.resolution
      lines.append("  outcome: \(Self.describe(resolution, platform: platform))")
      if resolution.candidates.isEmpty {
        lines.append("  no binding begins with these keys")
      }
      for candidate in resolution.candidates {
        var line = "  - " + describe(candidate, platform: platform)
        if candidate.isWinner, resolution.outcome == .pending {
          line += " if no stroke continues the sequence"
        }
        lines.append(line)
        if let context = candidate.binding.context {
          let values = context.holdsAtEachDepth(in: contexts).enumerated().map { depth, holds in
            "[\(depth)] \(holds)"
          }
          lines.append(
            "      context \(context.description): "
              + (values.isEmpty ? "no contexts" : values.joined(separator: " ")))
        } else {
          lines.append("      no context: matches at the deepest level")
        }
      }
    }
    lines.append("")
    switch outcome {
    case .matched:
      lines.append("result: \(winner.map { Self.describeBinding($0, platform: platform) } ?? "")")
    case .pending:
      lines.append(
        "result: pending — waiting for the next stroke"
          + (winner.map { "; on timeout: \(Self.describeBinding($0, platform: platform))" } ?? ""))
    case .none:
      if let unboundBy {
        lines.append(
          "result: nothing — unbound by \(Self.describeBinding(unboundBy, platform: platform))")
      } else {
        lines.append("result: nothing — the presses are delivered as ordinary presses")
      }
    }
    // Contexts, commands and paths come from keymap files: no control character of theirs
    // reaches the terminal.
    return lines.map(\.escapingControlCharacters).joined(separator: "\n") + "\n"
  }

  private func describe(
    _ candidate: KeyBindingResolution.Candidate, platform: PlatformProfile
  ) -> String {
    var text = Self.describeBinding(candidate.binding, platform: platform)
    text += ", depth \(candidate.depth.map(String.init) ?? "none")"
    if candidate.isWinner {
      text += " — WINS"
    } else if let reason = candidate.lossReason {
      text += " — loses: \(Self.explain(reason))"
      if let lostTo = candidate.lostTo {
        text += " (to \(Self.describeBinding(lostTo, platform: platform)))"
      }
      if let remover = candidate.removedBy {
        text += " (by \(Self.describeBinding(remover, platform: platform)))"
      }
    } else if !candidate.isComplete {
      text += " — longer: may complete"
    } else {
      text += " — ready"
    }
    return text
  }

  static func describeBinding(_ binding: KeyBinding, platform: PlatformProfile) -> String {
    let effect: String
    switch binding.effect {
    case .perform(let action, let arguments):
      effect = action.rawValue + (arguments.map { " \($0)" } ?? "")
    case .unbind: effect = "(unbind)"
    case .unbindCommand(let action): effect = "-\(action.rawValue)"
    }
    var text = "\(binding.keys.label(for: platform)) → \(effect) [\(binding.source.rawValue)"
    if let location = binding.location { text += " \(location)" }
    return text + "]"
  }

  static func describe(_ resolution: KeyBindingResolution, platform: PlatformProfile) -> String {
    switch resolution.outcome {
    case .matched: "matched"
    case .pending:
      "pending (\(resolution.continuations.count) longer binding"
        + (resolution.continuations.count == 1 ? "" : "s") + " may follow)"
    case .none: resolution.unboundBy == nil ? "nothing" : "unbound"
    }
  }

  static func explain(_ reason: KeyBindingResolution.LossReason) -> String {
    switch reason {
    case .contextDoesNotMatch: "its context holds nowhere on the chain"
    case .removed: "removed by a '-command' binding"
    case .shallowerContext: "another binding's context matches deeper"
    case .overriddenByLater: "a later binding at the same depth overrides it"
    case .fallbackOutranked: "matched through the Latin fallback; another matched the key itself"
    case .beatenByExact:
      "matched where automatic localization or mirroring moved it; another matched the key itself"
    case .unbound: "the keys are unbound here"
    case .unbinds: "this unbind wins: the keys do nothing here"
    }
  }

  static func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16)
    return "0x" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }

  static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      if scalar.value < 0x20 || scalar.value == 0x7f {
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else if scalar == "\"" || scalar == "\\" {
        result += "\\" + String(scalar)
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}

extension KeyBindingResolver {
  /// Explains how a sequence of presses resolves in the contexts of a chain.
  ///
  /// Presses that begin (key downs) count as strokes; a modifier key counts when it is tapped
  /// (it goes up with no other key pressed meanwhile), as for `Shift Shift`.
  /// Resolution follows ``resolve(_:in:)`` stroke by stroke and stops at the first stroke
  /// after which no binding can follow.
  ///
  /// Every press is read on `layout` as it is now. For a keyboard whose answers follow its
  /// state (MenuKitXKB's `XKBKeyboard` reads AltGr and Num Lock from it), add the presses as
  /// they happen with ``explainer(in:layoutDirection:)`` instead.
  ///
  /// ```swift
  /// let stack = try KeyContext.stack(parsing: "Workspace > Editor mode=full")
  /// let explanation = resolver.explain(presses, in: stack, layout: keyboard)
  /// print(explanation.text(platform: .linux))
  /// ```
  ///
  /// - Parameters:
  ///   - presses: The presses, as a keyboard translator reported them.
  ///   - stack: The contexts of the responder chain, root first.
  ///   - layout: The keyboard layout, for consumed modifiers and the Latin fallback.
  /// - Returns: The explanation.
  public func explain(
    _ presses: [Press], in stack: [KeyContext], layout: (any KeyboardLayoutProviding)?
  ) -> KeyBindingExplanation {
    explain(presses, in: stack, layout: layout, layoutDirection: .leftToRight)
  }

  /// Explains how a sequence of presses resolves in the contexts of a chain whose interface
  /// has a writing direction: in a right-to-left one, mirrored strokes match at their mirror.
  ///
  /// - Parameters:
  ///   - presses: The presses, as a keyboard translator reported them.
  ///   - stack: The contexts of the responder chain, root first.
  ///   - layout: The keyboard layout, for consumed modifiers, the Latin fallback and
  ///     automatic localization.
  ///   - layoutDirection: The direction of the focused interface.
  /// - Returns: The explanation.
  public func explain(
    _ presses: [Press], in stack: [KeyContext], layout: (any KeyboardLayoutProviding)?,
    layoutDirection: LayoutDirection
  ) -> KeyBindingExplanation {
    var explainer = explainer(in: stack, layoutDirection: layoutDirection)
    for press in presses { explainer.add(press, layout: layout) }
    return explainer.explanation
  }

  /// An explainer that reads presses as they happen, for a keyboard whose layout answers
  /// depend on its current state (MenuKitXKB's `XKBKeyboard` reads AltGr and Num Lock from
  /// it): add each press right after the keyboard reports it, as the key dispatcher reads it.
  ///
  /// ```swift
  /// var explainer = resolver.explainer(in: stack)
  /// for event in keyEvents {
  ///   for press in keyboard.handle(event)?.changedPresses ?? [] {
  ///     explainer.add(press, layout: keyboard)
  ///   }
  /// }
  /// print(explainer.explanation.text(platform: .linux))
  /// ```
  ///
  /// - Parameters:
  ///   - stack: The contexts of the responder chain, root first.
  ///   - layoutDirection: The direction of the focused interface.
  /// - Returns: An explainer with no press yet.
  public func explainer(
    in stack: [KeyContext], layoutDirection: LayoutDirection = .leftToRight
  ) -> KeyBindingExplainer {
    KeyBindingExplainer(resolver: self, stack: stack, layoutDirection: layoutDirection)
  }

  /// The strokes a press may stand for, best first (``StrokeRules/readings(of:layout:)``):
  /// its own key with its effective modifiers, its Shift-spelled form, then the Latin keysyms
  /// of the same physical key (decision 5).
  static func strokes(for press: Press, layout: (any KeyboardLayoutProviding)?)
    -> [StrokeRules.Reading]
  {
    guard let key = press.key else { return [] }
    return StrokeRules.readings(of: key, layout: layout).all
  }
}

extension String {
  fileprivate var nilIfEmpty: String? { isEmpty ? nil : self }
}

/// Builds a ``KeyBindingExplanation`` press by press (``KeyBindingResolver/explainer(in:layoutDirection:)``):
/// each press is read when it is added, in the layout's state at that moment.
public struct KeyBindingExplainer: Sendable {
  private let resolver: KeyBindingResolver
  private let stack: [KeyContext]
  private let layoutDirection: LayoutDirection
  private var typed: [[StrokeRules.Reading]] = []
  private var tap: Int?
  private var isFinished = false
  /// The explanation of the presses added so far.
  public private(set) var explanation: KeyBindingExplanation

  init(resolver: KeyBindingResolver, stack: [KeyContext], layoutDirection: LayoutDirection) {
    self.resolver = resolver
    self.stack = stack
    self.layoutDirection = layoutDirection
    explanation = KeyBindingExplanation(
      contexts: stack, strokes: [], outcome: .none, winner: nil, unboundBy: nil)
  }

  /// Adds a press, read now on `layout`. Presses that begin count as strokes; a modifier or
  /// lock key counts when it is tapped (it goes up with no other key pressed meanwhile), as
  /// for `Shift Shift`. Presses after the first stroke after which no binding can follow are
  /// ignored.
  ///
  /// - Parameters:
  ///   - press: The press, as a keyboard translator just reported it.
  ///   - layout: The keyboard layout, in the state the press was read in.
  public mutating func add(_ press: Press, layout: (any KeyboardLayoutProviding)?) {
    guard !isFinished else { return }
    // A modifier key is a stroke when it goes up with no other key pressed since it went
    // down (a tap, as in `Shift Shift`); other presses count when they begin.
    let strokes: [StrokeRules.Reading]
    if press.isModifierKey {
      if press.phase == .began {
        tap = press.key?.evdevCode
        return
      }
      guard press.phase == .ended, tap != nil, tap == press.key?.evdevCode,
        let flag = press.modifierKeyFlag, let input = KeyInput.modifierKey(flag)
      else { return }
      tap = nil
      strokes = [KeyBindingResolver.Stroke(input: input, modifiers: []).reading]
    } else {
      guard press.phase == .began else { return }
      tap = nil
      strokes = KeyBindingResolver.strokes(for: press, layout: layout)
    }
    // A press's position is listed only when some binding names a position.
    let shown =
      resolver.hasPhysicalStrokes ? strokes : strokes.filter { $0.source != .physical }
    typed.append(strokes)
    let resolution = resolver.resolve(
      typed, in: stack, layout: layout, layoutDirection: layoutDirection)
    let effective = press.key.map { KeyCommandMatcher.chord(of: $0, layout: layout).effective }
    let platform = resolver.platform
    var record = KeyBindingExplanation.Stroke(
      press: press, effectiveModifiers: effective ?? [],
      readAs: shown.compactMap { reading in
        StrokeRules.input(reading).map {
          KeyboardShortcut(
            $0, modifierFlags: platform.authoredFlags(forPhysical: reading.modifiers))
        }
      },
      resolution: resolution)
    record.readingSources = shown.compactMap { reading -> String? in
      guard StrokeRules.input(reading) != nil else { return nil }
      switch reading.source {
      case .key: return "key"
      case .shiftSpelled: return "shiftSpelled"
      case .fallback: return "fallback"
      case .physical: return "physical"
      }
    }
    explanation.strokes.append(record)
    explanation.outcome = resolution.outcome
    explanation.winner = resolution.binding
    explanation.unboundBy = resolution.unboundBy
    if resolution.outcome != .pending { isFinished = true }
  }
}
