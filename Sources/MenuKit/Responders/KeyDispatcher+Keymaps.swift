/// Keymap bindings in the key dispatcher: multi-stroke sequences with a timeout, replay of
/// unmatched prefixes, and modifier-only strokes (docs/formats/keymaps.md, "Sequences").
extension KeyDispatcher {
  /// The keys of a multi-stroke sequence typed so far, while it waits for its next stroke.
  struct PendingSequence {
    /// A press the sequence swallowed, and whether its key has gone up since.
    struct Buffered {
      var press: Press
      var event: PressesEvent
      var isReleased = false
    }

    /// The strokes typed, each as the readings of its press.
    var typed: [[StrokeRules.Reading]]
    /// The presses swallowed, to replay if the sequence comes to nothing.
    var presses: [Buffered]
    /// When the last stroke was typed.
    var lastStrokeAt: Double
    /// The complete binding that fires if no further stroke continues the sequence.
    var complete: KeyBinding?
  }

  /// How a pending sequence ended without its next stroke continuing it.
  public struct SequenceEnd {
    /// The complete shorter binding that fired, if any.
    public var binding: KeyBinding?
    /// The action it performed.
    public var action: ActionName?
    /// The responder that performed it.
    public var performer: Responder?
    /// The presses replayed as ordinary presses (through `pressesBegan` and, for keys already
    /// up, `pressesEnded`) because no binding fired.
    public var replayed: [Press] = []
  }

  /// The resolver of ``keymaps`` over the main menu's key commands.
  public var keyBindingResolver: KeyBindingResolver {
    keyBindingResolverBox.resolver
  }

  /// The resolver in its box, built when first needed.
  var keyBindingResolverBox: ResolverBox {
    if let resolverStorage { return resolverStorage }
    let box = ResolverBox(
      KeyBindingResolver(defaults: mainMenu, keymaps: keymaps ?? [], platform: platform))
    resolverStorage = box
    return box
  }

  /// A resolver behind one reference.
  final class ResolverBox: Sendable {
    let resolver: KeyBindingResolver
    init(_ resolver: KeyBindingResolver) { self.resolver = resolver }
  }

  /// When the pending multi-stroke sequence times out (the last stroke's timestamp plus
  /// ``sequenceTimeout``), or nil when no sequence is pending. Apps schedule a timer for it
  /// and call ``endPendingSequence(at:)``.
  public var pendingSequenceDeadline: Double? {
    pendingSequence.map { $0.lastStrokeAt + sequenceTimeout }
  }

  /// The keys typed so far of the pending sequence, or nil.
  public var pendingKeys: [Press] {
    pendingSequence?.presses.map(\.press) ?? []
  }

  /// Ends the pending sequence if its timeout has passed: its complete shorter binding fires,
  /// or its presses are replayed as ordinary presses.
  ///
  /// ```swift
  /// if let deadline = dispatcher.pendingSequenceDeadline {
  ///   timer.schedule(at: deadline) { dispatcher.endPendingSequence(at: clock.now) }
  /// }
  /// ```
  ///
  /// - Parameter timestamp: The time now, on the clock of the presses' timestamps.
  /// - Returns: What happened, or nil when nothing was pending or the timeout has not passed.
  @discardableResult
  public func endPendingSequence(at timestamp: Double) -> SequenceEnd? {
    guard let deadline = pendingSequenceDeadline, timestamp >= deadline, keymaps != nil else {
      return nil
    }
    let (chain, _) = chainAndContexts()
    return endPendingSequence(resolver: keyBindingResolver, chain: chain)
  }

  // MARK: - Sequences

  /// Whether a press could begin a binding: the resolver's quick test over the press's
  /// readings (``KeyBindingResolver/mayBegin(_:layout:layoutDirection:)``), which says no
  /// only when `startSequence` would find nothing.
  func mayBeginBinding(
    _ press: Press, _ resolver: KeyBindingResolver, layout: (any KeyboardLayoutProviding)?
  ) -> Bool {
    guard let key = press.key else { return true }
    if resolver.hasNoFirstStrokes { return false }
    return resolver.mayBegin(
      StrokeRules.readings(of: key, layout: layout), layout: layout,
      layoutDirection: layoutDirection)
  }

  /// Starts a sequence, or fires a single-stroke binding; returns whether the press was
  /// taken.
  func startSequence(
    _ press: Press, in event: PressesEvent, resolver: KeyBindingResolver, chain: [Responder],
    contexts: [KeyContext], layout: (any KeyboardLayoutProviding)?,
    result: inout DispatchOutcome
  ) -> Bool {
    let typed = [KeyBindingResolver.strokes(for: press, layout: layout)]
    guard !typed[0].isEmpty else { return false }
    let resolution = resolver.resolve(
      typed, in: contexts, layout: layout, layoutDirection: layoutDirection,
      includingCandidates: recordsCandidates)
    if resolution.outcome == .none, resolution.unboundBy == nil, resolution.binding == nil,
      resolution.candidates.isEmpty
    {
      return false
    }
    result.resolution = resolution
    switch resolution.outcome {
    case .matched:
      return perform(
        resolution.binding, for: press, resolver: resolver, chain: chain, result: &result)
    case .pending:
      guard !press.isRepeat else { return false }
      pendingSequence = PendingSequence(
        typed: typed, presses: [.init(press: press, event: event)],
        lastStrokeAt: press.timestamp, complete: resolution.binding)
      result.isSequencePending = true
      return true
    case .none:
      return false
    }
  }

  /// Feeds a press to the pending sequence; returns whether the sequence took it (it
  /// continued or completed). When it did not, the sequence has ended — its complete binding
  /// fired or its presses were replayed — and the press is dispatched afresh.
  func continueSequence(
    _ press: Press, in event: PressesEvent, resolver: KeyBindingResolver, chain: [Responder],
    contexts: [KeyContext], layout: (any KeyboardLayoutProviding)?,
    result: inout DispatchOutcome
  ) -> Bool {
    guard var pending = pendingSequence else { return false }
    if press.isRepeat {
      return pending.presses.contains { $0.press.key?.evdevCode == press.key?.evdevCode }
    }
    let stroke = KeyBindingResolver.strokes(for: press, layout: layout)
    let resolution = resolver.resolve(
      pending.typed + [stroke], in: contexts, layout: layout, layoutDirection: layoutDirection,
      includingCandidates: recordsCandidates)
    result.resolution = resolution
    switch resolution.outcome {
    case .matched:
      pendingSequence = nil
      if perform(resolution.binding, for: press, resolver: resolver, chain: chain, result: &result)
      {
        return true
      }
      // The completed binding is disabled: the typed keys are ordinary presses.
      pending.presses.append(.init(press: press, event: event))
      pendingSequence = pending
      result.endedSequence = replay(pending, chain: chain)
      return true
    case .pending:
      pending.typed.append(stroke)
      pending.presses.append(.init(press: press, event: event))
      pending.lastStrokeAt = press.timestamp
      pending.complete = resolution.binding
      pendingSequence = pending
      result.isSequencePending = true
      return true
    case .none:
      result.endedSequence = endPendingSequence(resolver: resolver, chain: chain)
      return false
    }
  }

  /// Ends the pending sequence: fires its complete binding, or replays its presses.
  func endPendingSequence(resolver: KeyBindingResolver, chain: [Responder]) -> SequenceEnd? {
    guard let pending = pendingSequence else { return nil }
    pendingSequence = nil
    if let binding = pending.complete, let last = pending.presses.last?.press {
      var result = DispatchOutcome()
      if perform(binding, for: last, resolver: resolver, chain: chain, result: &result) {
        // Keys still held stay consumed: their release is not delivered.
        for buffered in pending.presses where !buffered.isReleased {
          if let code = buffered.press.key?.evdevCode { consumedKeys.insert(code) }
        }
        return SequenceEnd(binding: binding, action: result.action, performer: result.performer)
      }
    }
    return replay(pending, chain: chain)
  }

  /// Delivers the presses of a sequence that came to nothing as ordinary presses.
  private func replay(_ pending: PendingSequence, chain: [Responder]) -> SequenceEnd {
    pendingSequence = nil
    var end = SequenceEnd()
    guard let first = chain.first else { return end }
    for buffered in pending.presses {
      var began = buffered.press
      began.phase = .began
      first.pressesBegan([began], with: buffered.event)
      end.replayed.append(began)
      if let code = buffered.press.key?.evdevCode {
        if buffered.isReleased {
          var ended = buffered.press
          ended.phase = .ended
          first.pressesEnded([ended], with: buffered.event)
          consumedKeys.remove(code)
        } else {
          // Its release will be delivered when it comes.
          consumedKeys.remove(code)
        }
      }
    }
    return end
  }

  // MARK: - Modifier-only strokes

  /// Remembers a modifier key that goes down alone; any other key cancels the tap.
  func trackModifierTap(_ press: Press) {
    if let flag = press.modifierKeyFlag, modifierTap == nil, let code = press.key?.evdevCode {
      modifierTap = (code, flag)
    } else {
      modifierTap = nil
    }
  }

  /// The modifier tapped, when a modifier key goes up with no other key pressed meanwhile.
  func modifierTapEnded(_ press: Press) -> KeyModifierFlags? {
    defer { modifierTap = nil }
    guard let tap = modifierTap, tap.code == press.key?.evdevCode else { return nil }
    return tap.flag
  }

  /// Feeds a modifier-only stroke (a tapped modifier key) to the sequence matcher. The
  /// modifier's own presses are delivered as usual; only bindings see the stroke.
  func modifierStroke(
    _ flag: KeyModifierFlags, press: Press, event: PressesEvent, resolver: KeyBindingResolver,
    chain: [Responder], contexts: [KeyContext], result: inout DispatchOutcome
  ) {
    guard let input = KeyInput.modifierKey(flag) else { return }
    let stroke = [KeyBindingResolver.Stroke(input: input, modifiers: []).reading]
    let typed = (pendingSequence?.typed ?? []) + [stroke]
    let resolution = resolver.resolve(
      typed, in: contexts, layout: nil, layoutDirection: layoutDirection,
      includingCandidates: recordsCandidates)
    result.resolution = resolution
    switch resolution.outcome {
    case .matched:
      pendingSequence = nil
      _ = perform(resolution.binding, for: press, resolver: resolver, chain: chain, result: &result)
    case .pending:
      var pending =
        pendingSequence
        ?? PendingSequence(typed: [], presses: [], lastStrokeAt: press.timestamp, complete: nil)
      pending.typed.append(stroke)
      pending.lastStrokeAt = press.timestamp
      pending.complete = resolution.binding
      pendingSequence = pending
      result.isSequencePending = true
    case .none:
      if pendingSequence != nil {
        result.endedSequence = endPendingSequence(resolver: resolver, chain: chain)
      }
    }
  }

  // MARK: - Performing

  /// Performs a binding's command through the chain, as its menu key command would be (the
  /// key command as sender, validated first); returns whether it was performed.
  func perform(
    _ binding: KeyBinding?, for press: Press, resolver: KeyBindingResolver, chain: [Responder],
    result: inout DispatchOutcome
  ) -> Bool {
    guard let binding, case .perform(let action, let arguments) = binding.effect else {
      return false
    }
    let key = CommandKey(action: action, propertyList: arguments)
    let definition = resolver.menuCommands[key]
    let stroke = binding.keys.strokes.last ?? KeyboardShortcut(KeyInput(""), modifierFlags: [])
    var keyCommand =
      definition?.keyCommand
      ?? KeyCommand(
        definition?.command
          ?? Command(title: action.rawValue, action: action, propertyList: arguments),
        input: stroke.input, modifierFlags: stroke.modifierFlags)
    keyCommand.input = stroke.input
    keyCommand.modifierFlags = stroke.modifierFlags
    result.keyBinding = binding
    // Rule 8 of KeyCommandMatcher: an autorepeat fires only a repeatable command.
    if KeyCommandMatcher.lossBeforeValidation(keyCommand, press: press, validatesLazily: true)
      != nil
    {
      return false
    }
    let (validated, target) = MenuValidation(chain: chain).validate(
      keyCommand.command, sender: keyCommand)
    keyCommand.command = validated
    guard let target, !validated.attributes.contains(.disabled),
      target.perform(action, withSender: keyCommand)
    else {
      result.keyBindingDisabled = true
      return false
    }
    result.performed(action, by: target)
    return true
  }

}

extension Press {
  /// The modifier a modifier key stands for (Shift, Control, Alt, or Super as `.command`),
  /// or nil for other keys.
  var modifierKeyFlag: KeyModifierFlags? {
    switch key?.keysym.rawValue {
    case 0xffe1, 0xffe2: .shift  // Shift_L, Shift_R
    case 0xffe3, 0xffe4: .control  // Control_L, Control_R
    case 0xffe9, 0xffea, 0xffe7, 0xffe8: .alternate  // Alt_L, Alt_R, Meta_L, Meta_R
    case 0xffeb, 0xffec: .command  // Super_L, Super_R
    default: nil
    }
  }

  /// Whether the press is of a modifier or lock key (Shift, Control, Alt, Super, AltGr, Caps
  /// Lock, Num Lock, Scroll Lock …): never the key of a stroke.
  var isModifierKey: Bool {
    guard let keysym = key?.keysym.rawValue else { return false }
    return StrokeRules.isModifierKeysym(keysym)
  }
}
