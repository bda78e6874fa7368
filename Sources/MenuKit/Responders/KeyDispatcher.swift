/// Routes press events through the responder chain to key commands and actions, in UIKit's
/// order.
///
/// For each key that goes down (or autorepeats), the dispatcher:
///
/// 1. starts at the application's first responder for events (the key window's first
///    responder) and collects the key commands of every responder up the chain, first
///    responder first, then the main menu's key commands — each validated for that first
///    responder, so a command that nothing in the chain can perform is disabled;
/// 2. when the first responder consumes text input and the press types text, drops the key
///    commands that do not ask for ``KeyCommand/wantsPriorityOverSystemBehavior``; when the
///    press is Tab, Shift+Tab or an arrow and the key window's ``FocusSystem`` can move focus,
///    tries only those key commands, then moves focus (the system first, as in UIKit);
/// 3. matches the press with ``KeyCommandMatcher`` (DESIGN decisions 3–5: platform profile,
///    keysym with consumed modifiers, Latin fallback, exact before fallback; disabled commands
///    never win, repeats only fire repeatable commands, alternates while their modifier is
///    held);
/// 4. sends the winner's action (or its alternate's) to the first responder in the chain that
///    can perform it, with the key command as sender;
/// 5. otherwise delivers the press through `pressesBegan`/`pressesChanged` from the first
///    responder.
///
/// A key whose press performed a key command is not delivered again when it goes up or is
/// cancelled, as in UIKit. A responder chain that loops is walked once and reported in the
/// result.
///
/// ```swift
/// let dispatcher = KeyDispatcher(application: app, mainMenu: MenuSystem.main.menu,
///                                platform: .linux)
/// if let event = keyboard.handle(keyEvent) {
///   for result in dispatcher.dispatch(event, layout: keyboard) {
///     print(result.action ?? "delivered", result.performer.map { "\(type(of: $0))" } ?? "")
///   }
/// }
/// ```
@MainActor
public final class KeyDispatcher {
  /// The application whose key window receives the presses.
  public let application: Application
  /// The main menu whose key commands are tried after the responders'.
  public var mainMenu: Menu {
    get { mainMenuStorage }
    set {
      mainMenuStorage = newValue
      invalidateBindings()
    }
  }
  /// How `.command` and labels are read.
  public var platform: PlatformProfile {
    get { platformStorage }
    set {
      platformStorage = newValue
      invalidateBindings()
    }
  }
  /// The keymaps layered over the main menu's key commands (app, extension and user), or nil
  /// to match the main menu's key commands directly.
  ///
  /// With keymaps, the main menu's key commands become the built-in layer of a
  /// ``KeyBindingResolver``: bindings may be multi-stroke sequences, scoped by context
  /// predicates over the responders' ``Responder/keyContext``, and rebound or unbound by later
  /// layers (docs/formats/keymaps.md). Responders' own ``Responder/keyCommands`` still come first.
  public var keymaps: [Keymap]? {
    get { keymapsStorage }
    set {
      keymapsStorage = newValue
      invalidateBindings()
    }
  }
  /// How long a pending multi-stroke sequence waits for its next stroke, in seconds (1 by
  /// default, as in Zed). When it passes, a complete shorter binding fires, or the pending
  /// presses are replayed as ordinary presses.
  public var sequenceTimeout: Double = 1
  /// The resolver of ``keymaps`` over the main menu, built when first needed (boxed: a press
  /// passes one reference around, not the resolver's many).
  var resolverStorage: ResolverBox?
  /// The multi-stroke sequence typed so far, while it waits for its next stroke.
  var pendingSequence: PendingSequence?
  /// A modifier key that went down with no other key, for modifier-only strokes.
  var modifierTap: (code: Int, flag: KeyModifierFlags)?
  /// The direction of the focused interface: in a right-to-left context, key commands that
  /// allow it are mirrored (`[` and `]`, left and right arrows swap; see decision 0005).
  public var layoutDirection: LayoutDirection {
    get { layoutDirectionStorage }
    set {
      layoutDirectionStorage = newValue
      cacheVariants = []
    }
  }

  // The storage of the public settings, which the dispatcher reads on every press. Private
  // and only read or assigned whole (the public properties are computed over them), so the
  // compiler proves that their accesses never overlap and checks none of them at run time.
  private var mainMenuStorage: Menu
  private var platformStorage: PlatformProfile
  private var keymapsStorage: [Keymap]?
  private var layoutDirectionStorage = LayoutDirection.leftToRight

  /// The keys whose press performed an action, which are not delivered when they go up.
  let consumedKeys = KeyCodeSet()
  /// Whether keymap resolutions list every candidate (for ``dispatch(_:layout:)``'s results);
  /// ``send(_:layout:)`` does without.
  var recordsCandidates = true
  /// The candidate caches compiled for the current chain, most recently used first: one per
  /// combination of key-command arrays its responders returned (KeyCommandTables.swift).
  var cacheVariants: [CandidateCache] = []

  private func invalidateBindings() {
    cacheVariants = []
    resolverStorage = nil
    pendingSequence = nil
  }

  /// Lets go of the key commands the dispatcher compiled, so that the next press compiles
  /// them again: an optional hint, never needed for correctness.
  ///
  /// The dispatcher follows ``Responder/next`` and asks every responder of the chain for its
  /// ``Responder/keyCommands`` on every press, as UIKit does, so changed key commands, a
  /// changed chain and changed ``Responder/keyContext``s take effect at the next press without
  /// this call. What it compiled from the key commands it keeps with the arrays they came
  /// from, for the last few combinations of arrays the chain returned; calling this frees them
  /// (for example after a responder stopped using a large set of key commands). Validation
  /// (enabled state) is never cached: it runs for every press, on the few key commands whose
  /// key the press could match.
  public func setNeedsUpdateKeyCommands() {
    cacheVariants = []
  }

  /// Creates a dispatcher.
  public init(application: Application, mainMenu: Menu, platform: PlatformProfile) {
    self.application = application
    mainMenuStorage = mainMenu
    platformStorage = platform
  }

  /// Dispatches the presses of an event whose phase changed, one result per press.
  ///
  /// - Parameters:
  ///   - event: The event, as a keyboard translator reported it.
  ///   - layout: The keyboard layout, for consumed modifiers and the Latin fallback.
  public func dispatch(_ event: PressesEvent, layout: (any KeyboardLayoutProviding)?)
    -> [DispatchResult]
  {
    // Every candidate is listed, even when a responder dispatches from inside `send`.
    let recorded = recordsCandidates
    recordsCandidates = true
    defer { recordsCandidates = recorded }
    return event.changedPresses.map { press in
      let first = application.firstResponderForEvents
      let outcome = dispatch(press, in: event, layout: layout)
      return DispatchResult(press: press, firstResponder: first, outcome: outcome)
    }
  }

  /// Dispatches the presses of an event whose phase changed, without reporting how: the
  /// production path, where ``dispatch(_:layout:)`` is the one for tracing.
  ///
  /// The presses go exactly where ``dispatch(_:layout:)`` sends them; only the results are
  /// not collected.
  ///
  /// ```swift
  /// if let event = keyboard.handle(keyEvent) {
  ///   dispatcher.send(event, layout: keyboard)
  /// }
  /// ```
  ///
  /// - Returns: Whether a key command performed an action for one of the presses.
  @discardableResult
  public func send(_ event: PressesEvent, layout: (any KeyboardLayoutProviding)?) -> Bool {
    var performed = false
    let recorded = recordsCandidates
    recordsCandidates = false
    defer { recordsCandidates = recorded }
    for press in event.allPresses
    where press.phase != .stationary && dispatch(press, in: event, layout: layout).isPerformed {
      performed = true
    }
    return performed
  }

  private func dispatch(
    _ press: Press, in event: PressesEvent, layout: (any KeyboardLayoutProviding)?
  ) -> DispatchOutcome {
    var result = DispatchOutcome(keepsPerformer: recordsCandidates)
    let code = press.key?.evdevCode
    let box = keymaps == nil ? nil : keyBindingResolverBox

    switch press.phase {
    case .began, .changed:
      // The chain and its key commands as the responders answer now (KeyCommandTables.swift),
      // read for every press a key command may take. A modifier key alone is never a key
      // command's key, nor a sequence's next stroke: its press reads them only for a trace
      // (which reports the chain's loop) or for a sequence that timed out.
      let cache = !press.isModifierKey || recordsCandidates ? currentCandidateCache() : nil
      if let loop = cache?.loop { result.loop = loop }
      if let box, pendingSequence != nil, let pending = pendingSequence,
        press.phase == .began,
        press.timestamp - pending.lastStrokeAt >= sequenceTimeout
      {
        result.endedSequence = endPendingSequence(
          resolver: box.resolver, chain: (cache ?? currentCandidateCache()).chain)
      }
      // A key whose press performed a command is not delivered again while it repeats; a
      // repeatable command fires again. A key going down starts afresh: its code is removed,
      // so it was not consumed (one question to the set, not two).
      var wasConsumed = false
      if let code {
        if press.phase == .began {
          consumedKeys.remove(code)
        } else {
          wasConsumed = consumedKeys.contains(code)
        }
      }
      if let box {
        if press.phase == .began { trackModifierTap(press) }
        if pendingSequence != nil, !press.isModifierKey, let cache,
          continueSequence(
            press, in: event, resolver: box.resolver, chain: cache.chain,
            contexts: contexts(of: cache.chain), layout: layout, result: &result)
        {
          if let code { consumedKeys.insert(code) }
          return result
        }
      }
      // The focus system takes Tab and the arrows before key commands, except those that
      // want priority over system behaviour (FocusSystem.swift).
      if let heading = focusHeading(for: press, cache: cache) {
        if let cache,
          fireKeyCommand(
            press, cache: cache, layout: layout, systemTakesPress: true, result: &result)
        {
          if let code { consumedKeys.insert(code) }
          return result
        }
        if application.keyWindow?.focusSystemIfUsed?.moveFocus(heading) == true {
          result.movedFocus = heading
          if let code { consumedKeys.insert(code) }
          return result
        }
      }
      if let cache, fireKeyCommand(press, cache: cache, layout: layout, result: &result) {
        if let code { consumedKeys.insert(code) }
        return result
      }
      if let box, !press.isModifierKey, let cache,
        mayBeginBinding(press, box.resolver, layout: layout),
        startSequence(
          press, in: event, resolver: box.resolver, chain: cache.chain,
          contexts: contexts(of: cache.chain), layout: layout, result: &result)
      {
        if let code { consumedKeys.insert(code) }
        return result
      }
      if wasConsumed { return result }
      // The walk's first responder, read from the cache it holds (no reference taken to it
      // here); a press that read no cache asks the application.
      if let cache {
        deliver(press, in: event, to: cache.firstResponder)
      } else {
        deliver(press, in: event, to: application.firstResponderForEvents)
      }
      result.isDelivered = true
    case .ended, .cancelled:
      // A key going up needs no key commands: the chain is read only for a trace, which
      // reports its loop, and for a modifier-only stroke.
      if recordsCandidates, let loop = currentCandidateCache().loop { result.loop = loop }
      if let box, press.phase == .ended, box.resolver.hasModifierKeyStrokes,
        let flag = modifierTapEnded(press)
      {
        let chain = currentCandidateCache().chain
        modifierStroke(
          flag, press: press, event: event, resolver: box.resolver, chain: chain,
          contexts: contexts(of: chain), result: &result)
      }
      if pendingSequence != nil, let code, var pending = pendingSequence,
        let position = pending.presses.firstIndex(where: { $0.press.key?.evdevCode == code })
      {
        // A key of the pending sequence went up: remembered for a replay.
        pending.presses[position].isReleased = true
        pendingSequence = pending
        consumedKeys.remove(code)
        return result
      }
      if let code, consumedKeys.remove(code) { return result }
      deliver(press, in: event, to: application.firstResponderForEvents)
      result.isDelivered = true
    case .stationary:
      break
    }
    return result
  }

  /// Matches a press against the responders' key commands (and, without keymaps, the main
  /// menu's) and performs the winner; returns whether an action was performed.
  private func fireKeyCommand(
    _ press: Press, cache: CandidateCache, layout: (any KeyboardLayoutProviding)?,
    systemTakesPress: Bool = false, result: inout DispatchOutcome
  ) -> Bool {
    // Only the key commands indexed under the press's readings are matched, and they are
    // validated lazily in precedence order: validation walks the chain, the costly part.
    guard let key = press.key, !press.isModifierKey else { return false }
    // A press without shortcut modifiers (typing) matches nothing when every key command
    // needs some: decided before the key is read.
    if key.modifierFlags.isDisjoint(with: .shortcutModifiers), !cache.modifiersInUse.contains([]) {
      return false
    }
    let readings = StrokeRules.readings(of: key, layout: layout)
    let positions = candidates(
      for: press, readings: readings, in: cache, layout: layout,
      systemTakesPress: systemTakesPress, result: &result)
    guard !positions.isEmpty else { return false }
    let matcher = KeyCommandMatcher(platform: platform)
    // Validation asks the chain with the key command as sender, as UIKit does, so the
    // target it finds is the one that performs the command's own action.
    let validation = MenuValidation(chain: cache.chain)
    if !recordsCandidates {
      // The production path: the same rules and precedence as the matcher's, without
      // building its result.
      var outcome: Bool?
      _ = KeyCommandMatcher.visitInPrecedenceOrder(
        count: positions.count,
        tier: { index in
          self.match(
            positions[index], readings: readings, in: cache, matcher: matcher,
            layout: layout)?.tier
        },
        visit: { index in
          let position = positions[index]
          if press.isRepeat, !cache.prepared[position].isRepeatable { return false }
          if cache.prepared[position].isDisabled { return false }
          let sender = cache.prepared[position].sender
          var command = cache.keyCommands[position].command
          guard let target = validation.validate(&command, sender: sender),
            !command.attributes.contains(.disabled)
          else { return false }
          let alternate =
            cache.prepared[position].hasAlternates
            ? self.match(
              positions[index], readings: readings, in: cache, matcher: matcher, layout: layout)?
              .alternate : nil
          outcome = self.perform(
            alternate?.action ?? cache.prepared[position].action, sender: sender,
            target: alternate == nil ? target : nil, chain: cache.chain, result: &result)
          return true
        })
      return outcome ?? false
    }
    var target: Responder?
    let match = matcher.match(
      press, against: positions.map { cache.keyCommands[$0] }, layout: layout,
      layoutDirection: layoutDirection,
      validate: { keyCommand in
        var validated = keyCommand
        (validated.command, target) = validation.validate(keyCommand.command, sender: keyCommand)
        return validated
      })
    result.match = match
    result.candidateSources = positions.map { cache.sources[$0] }
    guard let keyCommand = match.keyCommand, let action = match.action else { return false }
    return perform(
      action, sender: keyCommand, target: match.alternate == nil ? target : nil,
      chain: cache.chain, result: &result)
  }

  /// Performs a key command's action (or its alternate's) with the key command as sender: by
  /// the target validation found, or, for an alternate, the first responder on the chain that
  /// can perform the alternate's action.
  private func perform(
    _ action: ActionName, sender: Any?, target: Responder?, chain: [Responder],
    result: inout DispatchOutcome
  ) -> Bool {
    guard
      let performer = target
        ?? chain.lazy.compactMap({ $0.owner(ofAction: action, withSender: sender) }).first,
      performer.perform(action, withSender: sender)
    else { return false }
    result.performed(action, by: performer)
    return true
  }

  /// How the key command at a position matches the press's readings (``KeyCommandMatcher``'s
  /// rule, with the target and modifiers prepared once per cache for key commands that never
  /// move).
  @inline(__always)
  private func match(
    _ position: Int, readings: StrokeRules.Readings, in cache: CandidateCache,
    matcher: KeyCommandMatcher, layout: (any KeyboardLayoutProviding)?
  ) -> KeyCommandMatcher.CandidateMatch? {
    if let key = cache.prepared[position].fixedKey {
      return matcher.candidateMatch(
        at: key, kind: .exact, required: cache.prepared[position].required,
        alternates: cache.prepared[position].hasAlternates
          ? cache.keyCommands[position].alternates : [],
        readings: readings)
    }
    return matcher.candidateMatch(
      cache.keyCommands[position], readings: readings, layout: layout,
      layoutDirection: layoutDirection)
  }

  /// The chain and the contexts its responders contribute, root first, for the current first
  /// responder.
  func chainAndContexts() -> (chain: [Responder], contexts: [KeyContext]) {
    let chain = currentCandidateCache().chain
    return (chain, contexts(of: chain))
  }

  /// The key commands a press could match, as defined, in priority order: those filed under
  /// one of the press's readings (``StrokeRules/readings(of:layout:)``) at their own input,
  /// and those that localization or mirroring moved there on this layout. The matcher's rule
  /// then decides which of them match.
  private func candidates(
    for press: Press, readings: StrokeRules.Readings, in cache: CandidateCache,
    layout: (any KeyboardLayoutProviding)?, systemTakesPress: Bool,
    result: inout DispatchOutcome
  ) -> [Int] {
    // Most presses (typing, modifier keys) have readings whose modifiers no key command uses.
    var positions: [Int] = []
    var lists = 0
    var moved: ChordIndex?
    var everyMovable = false
    if !cache.movable.isEmpty {
      switch movedIndex(in: cache, layout: layout) {
      case .unidentified: everyMovable = true
      case .indexed(let index): moved = index
      }
    }
    _ = readings.contains { reading in
      // Nothing is filed under a key position unless some key command names one.
      if reading.source == .physical, !cache.hasPhysicalKeys { return false }
      guard cache.modifiersInUse.contains(reading.modifiers) else { return false }
      if let found = cache.byChord.positions(key: reading.key, modifiers: reading.modifiers) {
        positions = lists == 0 ? found : positions + found
        lists += 1
      }
      if let moved {
        if let found = moved.positions(key: reading.key, modifiers: reading.modifiers) {
          positions = lists == 0 ? found : positions + found
          lists += 1
        }
      } else if everyMovable {
        // A layout that does not identify its relocations: every movable key command is
        // a candidate, and the rule decides.
        positions = lists == 0 ? cache.movable : positions + cache.movable
        lists += 1
      }
      return false
    }
    if positions.isEmpty { return [] }
    // One list is already in priority order without repeats; several are merged.
    if lists > 1, positions.count > 1 { positions = Array(Set(positions)).sorted() }

    // The text input system (a text-input first responder and a press that types text) or
    // the focus system takes the press first: only key commands that want priority over
    // them stay.
    let typesText = systemTakesPress || cache.chain.first?.isTextInput == true && press.typesText
    guard typesText else { return positions }
    return positions.filter { position in
      let keyCommand = cache.keyCommands[position]
      if keyCommand.wantsPriorityOverSystemBehavior { return true }
      result.yieldedToTextInput.append(keyCommand)
      return false
    }
  }

  /// The movable key commands of the cache filed under where they are matched on a layout
  /// state and in the dispatcher's direction (``StrokeRules/target(of:allowsLocalization:allowsMirroring:layout:direction:)``),
  /// computed once per state.
  private func movedIndex(in cache: CandidateCache, layout: (any KeyboardLayoutProviding)?)
    -> MovedKeyCommands
  {
    // The layout is read in place (optional chaining), not bound: binding copies it.
    // Without a layout only mirroring moves key commands: one index, under no identity.
    let identity = layout?.relocationIdentity
    if identity == nil, layout != nil { return .unidentified }
    let key = RelocationIndexKey(identity: identity, direction: layoutDirection)
    let relocations = cache.relocations
    // Presses come in runs on one layout: the last state is checked first, by equality, and
    // its index (nil when nothing moved, as on most layouts) is returned without a copy of
    // a table.
    if relocations.lastKey == key { return .indexed(relocations.lastIndex) }
    if let known = relocations.indexes[key] {
      relocations.lastKey = key
      relocations.lastIndex = known
      return .indexed(known)
    }
    var index = ChordIndex()
    // Key commands on one input move alike (many share an input, with other modifiers): the
    // layout is asked where each input goes once, not once per key command.
    var targets: [TargetQuery: StrokeRules.Target] = [:]
    for position in cache.movable {
      let query = TargetQuery(
        input: cache.keyCommands[position].input,
        allowsLocalization: cache.keyCommands[position].allowsAutomaticLocalization,
        allowsMirroring: cache.keyCommands[position].allowsAutomaticMirroring)
      let target: StrokeRules.Target
      if let known = targets[query] {
        target = known
      } else {
        target = StrokeRules.target(
          of: query.input, allowsLocalization: query.allowsLocalization,
          allowsMirroring: query.allowsMirroring, layout: layout, direction: layoutDirection)
        targets[query] = target
      }
      guard target.kind != .exact else { continue }
      for modifiers in Self.modifierSets(
        of: cache.keyCommands[position], platform: platform, extra: target.extraModifiers)
      {
        index.add(position, input: target.input, modifiers: modifiers)
      }
    }
    let found = index.isEmpty ? nil : index
    // Each keyboard (and each of its states) is a new identity: the states met are kept up
    // to a bound, so that a program that makes keyboard after keyboard does not grow them.
    if relocations.indexes.count >= RelocationIndexes.keptStates {
      relocations.indexes = [:]
    }
    relocations.indexes[key] = .some(found)
    relocations.lastKey = key
    relocations.lastIndex = found
    return .indexed(found)
  }

  /// Compiles the candidate cache of a chain from the key commands its responders returned
  /// (one table per responder, in chain order), then the main menu's.
  func candidateCache(
    first: Responder, chain: ResponderChain, tables: [KeyCommandTable]
  ) -> CandidateCache {
    var keyCommands: [KeyCommand] = []
    var sources: [DispatchResult.Source] = []
    for (responder, table) in zip(chain.responders, tables) {
      for keyCommand in table.keyCommands {
        keyCommands.append(keyCommand)
        sources.append(.responder(responder))
      }
    }
    // With keymaps, the main menu's key commands are the resolver's built-in layer.
    if keymaps == nil {
      for keyCommand in mainMenu.keyCommandsResolvingDeferredElements(usingFocus: {
        MenuValidation(chain: chain.responders).resolveUsingFocus($0)
      }) {
        keyCommands.append(keyCommand)
        sources.append(.mainMenu)
      }
    }
    var byChord = ChordIndex()
    var movable: [Int] = []
    var modifiersInUse: [KeyModifierFlags] = []
    var prepared: [CandidateCache.Prepared] = []
    for (position, keyCommand) in keyCommands.enumerated() {
      let input = keyCommand.input.lowercased
      let isMovable = StrokeRules.isMovable(
        input, allowsLocalization: keyCommand.allowsAutomaticLocalization,
        allowsMirroring: keyCommand.allowsAutomaticMirroring, direction: layoutDirection)
      for modifiers in Self.modifierSets(of: keyCommand, platform: platform) {
        byChord.add(position, input: input, modifiers: modifiers)
        // A relocation to a cased letter at level 2 adds Shift (ShortcutLocation).
        for used in [modifiers, modifiers.union(.shift)] where !modifiersInUse.contains(used) {
          modifiersInUse.append(used)
        }
      }
      if isMovable { movable.append(position) }
      prepared.append(
        CandidateCache.Prepared(
          sender: keyCommand, action: keyCommand.action,
          isRepeatable: keyCommand.repeatBehavior == .repeatable,
          isDisabled: keyCommand.attributes.contains(.disabled),
          required: platform.physicalModifiers(keyCommand.modifierFlags),
          hasAlternates: !keyCommand.alternates.isEmpty,
          fixedKey: isMovable ? nil : StrokeRules.ChordKey(input)))
    }
    return CandidateCache(
      firstResponder: first, chain: chain.responders, loop: chain.loop, tables: tables,
      keyCommands: keyCommands, prepared: prepared, sources: sources, byChord: byChord,
      movable: movable, modifiersInUse: modifiersInUse)
  }

  /// The physical modifiers a key command matches with: its own, and its own plus each
  /// alternate's extra ones (``KeyCommandMatcher`` rule 9).
  static func modifierSets(
    of keyCommand: KeyCommand, platform: PlatformProfile, extra: KeyModifierFlags = []
  ) -> [KeyModifierFlags] {
    let required = platform.physicalModifiers(keyCommand.modifierFlags).union(extra)
    var sets = [required]
    for alternate in keyCommand.alternates {
      let extra = platform.physicalModifiers(alternate.modifierFlags).subtracting(required)
      if !extra.isEmpty, !sets.contains(required.union(extra)) {
        sets.append(required.union(extra))
      }
    }
    return sets
  }

  private func deliver(_ press: Press, in event: PressesEvent, to responder: Responder) {
    // The event's own array when it holds just this press (passed as it is: no copy).
    if event.allPresses.count == 1 {
      deliver(event.allPresses, phase: press.phase, in: event, to: responder)
    } else {
      deliver([press], phase: press.phase, in: event, to: responder)
    }
  }

  private func deliver(
    _ presses: [Press], phase: Press.Phase, in event: PressesEvent, to responder: Responder
  ) {
    switch phase {
    case .began: responder.pressesBegan(presses, with: event)
    case .changed: responder.pressesChanged(presses, with: event)
    case .ended: responder.pressesEnded(presses, with: event)
    case .cancelled: responder.pressesCancelled(presses, with: event)
    case .stationary: break
    }
  }
}

/// The responder chain of one first responder and every key command it offers, indexed by
/// input, as compiled from the arrays of key commands its responders returned.
@MainActor
final class CandidateCache {
  let firstResponder: Responder
  /// The chain, each responder once, as `next` led from the first responder.
  let chain: [Responder]
  let loop: ResponderChain.Loop?
  /// The key commands each responder of ``chain`` returned, by position in the chain: what
  /// a press compares the responders' answers with (KeyCommandTables.swift).
  let tables: [KeyCommandTable]
  /// Each responder of ``chain`` with the identity of its table's array, by position in the
  /// chain: what ``isCurrent(in:)`` compares at each step, read from one array.
  let links: [Link]

  /// A responder of the chain and the identity of the array its table holds.
  struct Link {
    /// The responder.
    let responder: Responder
    /// The identity of the key commands it returned (``KeyCommandTable/identity``).
    let identity: KeyCommandArrayIdentity
  }
  /// Every responder's key commands in chain order, then the main menu's (without keymaps).
  let keyCommands: [KeyCommand]
  /// What the production path reads of each key command, prepared once, by position.
  let prepared: [Prepared]
  let sources: [DispatchResult.Source]

  /// What the production path reads of one key command before validating it.
  struct Prepared {
    /// The key command boxed once, as the sender of its action: already optional, as
    /// `canPerformAction` and `perform` take it, so passing it on copies nothing.
    let sender: Any?
    /// The key command's action.
    let action: ActionName
    /// Whether it may fire on autorepeat.
    let isRepeatable: Bool
    /// Whether it is disabled as defined.
    let isDisabled: Bool
    /// The physical modifiers its own flags need.
    let required: KeyModifierFlags
    /// Whether it has alternates.
    let hasAlternates: Bool
    /// Where it is matched, for a key command that neither localization nor mirroring can
    /// move (its own input); nil for one that may move, whose place depends on the layout.
    let fixedKey: StrokeRules.ChordKey?
  }
  /// Every set of physical modifiers some key command matches with (with Shift added, for
  /// relocations): a press with other modifiers matches nothing.
  let modifiersInUse: [KeyModifierFlags]
  /// Positions in ``keyCommands`` by lowercased input and the physical modifiers they match
  /// with (their own and their alternates').
  let byChord: ChordIndex
  /// Whether some key command's input is a physical key (``KeyInput/physicalKey(_:)``).
  let hasPhysicalKeys: Bool
  /// Positions of key commands whose input localization or mirroring may move to another key
  /// (``StrokeRules/isMovable(_:allowsLocalization:allowsMirroring:direction:)``).
  let movable: [Int]
  /// Where the relocatable key commands moved, per layout state and direction.
  fileprivate let relocations = RelocationIndexes()

  init(
    firstResponder: Responder, chain: [Responder], loop: ResponderChain.Loop?,
    tables: [KeyCommandTable], keyCommands: [KeyCommand], prepared: [Prepared],
    sources: [DispatchResult.Source], byChord: ChordIndex, movable: [Int],
    modifiersInUse: [KeyModifierFlags]
  ) {
    self.firstResponder = firstResponder
    self.chain = chain
    self.loop = loop
    self.tables = tables
    links = zip(chain, tables).map { Link(responder: $0, identity: $1.identity) }
    self.keyCommands = keyCommands
    self.prepared = prepared
    self.sources = sources
    self.byChord = byChord
    self.movable = movable
    hasPhysicalKeys = keyCommands.contains { $0.input.physicalKey != nil }
    self.modifiersInUse = modifiersInUse
  }
}

/// A layout state and direction, for which relocations are indexed.
private struct RelocationIndexKey: Hashable {
  /// The layout's identity; nil for no layout.
  var identity: LayoutIdentity?
  var direction: LayoutDirection
}

/// The relocation indexes of one candidate cache, filled as layout states are met: nil for a
/// state where no key command moved.
@MainActor
private final class RelocationIndexes {
  /// How many layout states are kept before they are all dropped.
  static let keptStates = 16
  var indexes: [RelocationIndexKey: ChordIndex?] = [:]
  /// The state of the last press, and its index.
  var lastKey: RelocationIndexKey?
  var lastIndex: ChordIndex?
}

/// What decides where a key command is matched on a layout state, besides the state: its
/// input and whether it may be localized or mirrored.
private struct TargetQuery: Hashable {
  var input: KeyInput
  var allowsLocalization: Bool
  var allowsMirroring: Bool
}

/// Where the movable key commands of a candidate cache are matched on a layout state.
private enum MovedKeyCommands {
  /// The layout does not identify its states: every movable key command is a candidate, and
  /// the matcher's rule decides.
  case unidentified
  /// Filed under where they moved on this state; nil when none moved.
  case indexed(ChordIndex?)
}

/// What happened to one press: the key command it matched and the responder that performed
/// the action, or the responder it was delivered to.
///
/// ```swift
/// for result in dispatcher.dispatch(event, layout: keyboard) {
///   if let action = result.action {
///     print("performed", action, "by", result.performer.map { "\(type(of: $0))" } ?? "nobody")
///   } else if let responder = result.deliveredTo {
///     print("delivered to", type(of: responder))
///   }
/// }
/// ```
@MainActor
public struct DispatchResult {
  /// Where a candidate key command came from.
  public enum Source {
    /// A responder's ``Responder/keyCommands``.
    case responder(Responder)
    /// The main menu.
    case mainMenu
  }

  /// The press dispatched.
  public var press: Press
  /// The responder the dispatch started at.
  public var firstResponder: Responder
  /// Everything the dispatch decided.
  var outcome: DispatchOutcome

  init(press: Press, firstResponder: Responder, outcome: DispatchOutcome) {
    self.press = press
    self.firstResponder = firstResponder
    self.outcome = outcome
  }

  /// The action performed, if a key command fired.
  public var action: ActionName? { outcome.action }
  /// The responder that performed the action.
  public var performer: Responder? { outcome.performer }
  /// The responder the press was delivered to through `pressesBegan` and its siblings: the
  /// first responder, when the press was delivered.
  public var deliveredTo: Responder? {
    outcome.isDelivered ? firstResponder : nil
  }
  /// The matching, with every candidate that matched the key and why it lost.
  public var match: KeyCommandMatch? {
    get { outcome.match }
    set { outcome.match = newValue }
  }
  /// Where each key command passed to the matcher came from, by candidate index.
  public var candidateSources: [Source] {
    get { outcome.candidateSources }
    set { outcome.candidateSources = newValue }
  }
  /// Key commands set aside because the first responder consumes text input and the press
  /// types text, or because the press moves focus (``movedFocus``): they do not want
  /// priority over system behaviour.
  public var yieldedToTextInput: [KeyCommand] {
    get { outcome.yieldedToTextInput }
    set { outcome.yieldedToTextInput = newValue }
  }
  /// The direction focus moved in, when the press moved focus (``FocusSystem``) instead of
  /// performing a key command.
  public var movedFocus: FocusHeading? {
    get { outcome.movedFocus }
    set { outcome.movedFocus = newValue }
  }
  /// The loop in the responder chain, if it has one.
  public var loop: ResponderChain.Loop? {
    get { outcome.loop }
    set { outcome.loop = newValue }
  }
  /// With keymaps: how the keys typed so far resolved (every binding they began, and why
  /// each lost).
  public var resolution: KeyBindingResolution? {
    get { outcome.resolution }
    set { outcome.resolution = newValue }
  }
  /// With keymaps: the binding that fired, or that matched but was disabled.
  public var keyBinding: KeyBinding? {
    get { outcome.keyBinding }
    set { outcome.keyBinding = newValue }
  }
  /// Whether ``keyBinding`` matched but its command was disabled (or its repeat not allowed),
  /// so the press fell through.
  public var keyBindingDisabled: Bool {
    get { outcome.keyBindingDisabled }
    set { outcome.keyBindingDisabled = newValue }
  }
  /// Whether the press was taken by a multi-stroke sequence that now waits for its next
  /// stroke.
  public var isSequencePending: Bool {
    get { outcome.isSequencePending }
    set { outcome.isSequencePending = newValue }
  }
  /// A pending sequence that ended before this press was dispatched: timed out, or not
  /// continued by it.
  public var endedSequence: KeyDispatcher.SequenceEnd? {
    get { outcome.endedSequence }
    set { outcome.endedSequence = newValue }
  }

  /// Where the winning key command came from.
  public var winnerSource: Source? {
    match?.index.flatMap { $0 < candidateSources.count ? candidateSources[$0] : nil }
  }
}

/// What the dispatcher decided for one press, without the press: what ``DispatchResult``
/// reports, and all that ``KeyDispatcher/send(_:layout:)`` keeps (it copies no press).
@MainActor
struct DispatchOutcome {
  /// Whether a key command (or binding) performed an action.
  private(set) var isPerformed = false
  /// Whether the press was delivered to the first responder.
  var isDelivered = false
  /// Whether the action and performer are kept (for a ``DispatchResult``); ``KeyDispatcher/send(_:layout:)``
  /// needs only ``isPerformed``, and an outcome that holds no reference costs nothing to drop.
  let keepsPerformer: Bool

  init(keepsPerformer: Bool = true) {
    self.keepsPerformer = keepsPerformer
  }

  /// Records that an action was performed, and by whom when the outcome keeps it.
  mutating func performed(_ action: ActionName, by performer: Responder) {
    isPerformed = true
    guard keepsPerformer else { return }
    writableDetails.action = action
    writableDetails.performer = performer
  }

  /// The action performed, if a key command fired (kept only when ``keepsPerformer``).
  var action: ActionName? { details?.action }
  /// The responder that performed the action (kept only when ``keepsPerformer``).
  var performer: Responder? { details?.performer }

  /// Everything else, allocated only when some of it is set: most presses (typing, modifier
  /// keys) have none of it, and the outcome stays small to copy.
  private final class Details {
    var action: ActionName?
    var performer: Responder?
    var match: KeyCommandMatch?
    var candidateSources: [DispatchResult.Source] = []
    var yieldedToTextInput: [KeyCommand] = []
    var movedFocus: FocusHeading?
    var loop: ResponderChain.Loop?
    var resolution: KeyBindingResolution?
    var keyBinding: KeyBinding?
    var keyBindingDisabled = false
    var isSequencePending = false
    var endedSequence: KeyDispatcher.SequenceEnd?

    init() {}

    init(copying other: Details) {
      action = other.action
      performer = other.performer
      match = other.match
      candidateSources = other.candidateSources
      yieldedToTextInput = other.yieldedToTextInput
      movedFocus = other.movedFocus
      loop = other.loop
      resolution = other.resolution
      keyBinding = other.keyBinding
      keyBindingDisabled = other.keyBindingDisabled
      isSequencePending = other.isSequencePending
      endedSequence = other.endedSequence
    }
  }
  private var details: Details?

  /// The details for writing: created, or copied when shared (copy on write).
  private var writableDetails: Details {
    mutating get {
      if let details {
        if isKnownUniquelyReferenced(&self.details) { return details }
        let copy = Details(copying: details)
        self.details = copy
        return copy
      }
      let created = Details()
      details = created
      return created
    }
  }

  var match: KeyCommandMatch? {
    get { details?.match }
    set { writableDetails.match = newValue }
  }
  var candidateSources: [DispatchResult.Source] {
    get { details?.candidateSources ?? [] }
    set { writableDetails.candidateSources = newValue }
  }
  var yieldedToTextInput: [KeyCommand] {
    get { details?.yieldedToTextInput ?? [] }
    set { writableDetails.yieldedToTextInput = newValue }
  }
  var movedFocus: FocusHeading? {
    get { details?.movedFocus }
    set { writableDetails.movedFocus = newValue }
  }
  var loop: ResponderChain.Loop? {
    get { details?.loop }
    set { writableDetails.loop = newValue }
  }
  var resolution: KeyBindingResolution? {
    get { details?.resolution }
    set { writableDetails.resolution = newValue }
  }
  var keyBinding: KeyBinding? {
    get { details?.keyBinding }
    set { writableDetails.keyBinding = newValue }
  }
  var keyBindingDisabled: Bool {
    get { details?.keyBindingDisabled ?? false }
    set { writableDetails.keyBindingDisabled = newValue }
  }
  var isSequencePending: Bool {
    get { details?.isSequencePending ?? false }
    set { writableDetails.isSequencePending = newValue }
  }
  var endedSequence: KeyDispatcher.SequenceEnd? {
    get { details?.endedSequence }
    set { writableDetails.endedSequence = newValue }
  }
}

extension Press {
  /// Whether the press types text: it has printable characters and neither Control nor the
  /// Super/⌘ key is held.
  var typesText: Bool {
    guard let key, !key.typesNothing,
      key.modifierFlags.isDisjoint(with: [.control, .command])
    else { return false }
    return key.characters.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F }
  }
}

/// A set of evdev key codes: a bit per code for the codes Linux defines (below 768), a `Set`
/// for any other. The dispatcher asks it on every press, where a hashed set would cost a hash
/// per question.
///
/// A class, held by the dispatcher in a constant: its bits are changed in place, through its
/// own private storage, whose accesses the compiler proves never overlap.
final class KeyCodeSet {
  // The bits are changed in a copy assigned back whole, and the other codes in a local
  // variable they are swapped into and back out of (so in place): every access to the
  // properties is then a read, an assignment or a swap of the whole, which the compiler
  // proves never overlaps another (no run-time exclusivity check on the press path).
  /// One bit per code below 768, stored inline in the set (no array to check for uniqueness
  /// before a bit changes).
  private var words = InlineArray<12, UInt64>(repeating: 0)
  /// Codes of 768 and above, and negative ones.
  private var others: Set<Int> = []

  /// Whether the set holds a code.
  func contains(_ code: Int) -> Bool {
    guard code >= 0, code < 768 else { return others.contains(code) }
    return words[code >> 6] & (1 << UInt64(code & 63)) != 0
  }

  /// Adds a code.
  func insert(_ code: Int) {
    guard code >= 0, code < 768 else {
      var set: Set<Int> = []
      swap(&set, &others)
      set.insert(code)
      swap(&set, &others)
      return
    }
    setWord(code >> 6, to: words[code >> 6] | 1 << UInt64(code & 63))
  }

  /// Removes a code; returns whether it was there.
  @discardableResult
  func remove(_ code: Int) -> Bool {
    guard code >= 0, code < 768 else {
      var set: Set<Int> = []
      swap(&set, &others)
      defer { swap(&set, &others) }
      return set.remove(code) != nil
    }
    let bit: UInt64 = 1 << UInt64(code & 63)
    let word = words[code >> 6]
    guard word & bit != 0 else { return false }
    setWord(code >> 6, to: word & ~bit)
    return true
  }

  private func setWord(_ index: Int, to value: UInt64) {
    var bits = words
    bits[index] = value
    words = bits
  }
}
