import Synchronization

/// Resolves typed key sequences to commands through layered keymaps: the menu's key commands as
/// defaults, then app, extension and user keymaps.
///
/// The resolver is built once from the layers and answers, for the contexts of a responder
/// chain, which binding a sequence of strokes triggers, whether more strokes may follow, and
/// which shortcut a command shows. Its rules are those of docs/formats/keymaps.md ("Precedence"),
/// applied in this order:
///
/// 1. **Layers.** Bindings are ordered by ``KeymapSource`` (built-in < app < extension <
///    user), then by their order in their keymap. "Later" below means later in this order.
/// 2. **Removal.** A `"-command"` binding (``KeyBinding/Effect-swift.enum/unbindCommand(_:)``)
///    removes every earlier binding of the same keys to that command: always when it has no
///    context or the same context as the binding, else wherever its context holds. Removed
///    bindings never fire or show.
/// 3. **Context.** A binding takes part only when its context predicate holds somewhere on the
///    chain (``ContextPredicate/matchDepth(in:)``); a binding without a context matches at the
///    deepest level.
/// 4. **Exact before fallback.** Strokes that matched a press's own key beat those that
///    matched through the Latin fallback (decision 5).
/// 5. **Deeper wins.** The binding whose context matched deeper on the chain wins.
/// 6. **Later wins.** At the same depth, the later binding wins: a user binding overrides a
///    default.
/// 7. **Unbind disables.** When the winner is an unbind (`"command": null`), the keys do
///    nothing in that context: nothing fires and the press is handled as if unbound.
/// 8. **Sequences.** When the strokes typed so far begin a longer binding that would win for
///    its keys, the resolution is ``KeyBindingResolution/Outcome-swift.enum/pending``: the caller
///    waits for the next stroke (or a timeout, after which a complete shorter binding fires).
///
/// Strokes compare by their lowercased input and the physical modifiers the platform profile
/// gives them, so on linux `Cmd+S` and `Ctrl+S` are the same chord.
///
/// ```swift
/// let resolver = KeyBindingResolver(defaults: mainMenu, keymaps: [appKeymap, userKeymap],
///                                   platform: .linux)
/// let stack = try KeyContext.stack(parsing: "Workspace > Editor mode=full")
/// let resolution = resolver.resolve(try KeySequence(parsing: "Ctrl+K Ctrl+S"), in: stack)
/// resolution.binding?.effect  // .perform("file.saveAll", arguments: nil)
/// resolver.keys(for: CommandKey(action: "file.saveAll"), in: stack)?.canonicalText
/// ```
///
/// - Complexity: resolving looks up the bindings by their first stroke (an index), then
///   checks only those.
public struct KeyBindingResolver: Sendable {
  /// The platform profile that maps authored modifiers to physical ones.
  public let platform: PlatformProfile
  /// Every binding, in precedence order (rule 1): defaults, then keymaps by layer.
  public let bindings: [KeyBinding]
  /// The commands of the defaults menu, by identity: titles and key-command settings for
  /// bindings that rebind them.
  public let menuCommands: [CommandKey: MenuCommandDefinition]

  /// For each binding, the `"-command"` binding that removed it (rule 2).
  /// For each binding, the later `"-command"` bindings of its keys and command (rule 2).
  let removers: [[Int]]
  /// Each binding's strokes, normalized.
  let strokes: [[Stroke]]
  /// Whether each binding's strokes may be relocated and mirrored: the settings of the menu
  /// key command of its command, or UIKit's defaults (both on).
  let movability: [(allowsLocalization: Bool, allowsMirroring: Bool)]
  /// Bindings by their first stroke at its own input (`"-command"` removals are not indexed).
  let byFirstStroke: ChordIndex
  /// Bindings whose first stroke localization may move on some layout, or mirroring in a
  /// right-to-left context, in precedence order; where they moved is indexed per layout
  /// state in ``moved``.
  let movableFirst: (relocatable: [Int], mirrorable: [Int])
  /// Where the movable first strokes moved, per layout state and direction.
  let moved = MovedStrokes()
  /// The first strokes of ``byFirstStroke`` whose input has an index code, as chord keys
  /// (``ChordIndex/key(code:modifiers:)``): the dispatcher's quick test of whether a press can
  /// begin a binding.
  let firstStrokeChords: ChordSet
  /// Whether some first stroke has an input without an index code (which the quick test
  /// cannot answer for).
  let hasUncodedFirstStroke: Bool

  /// Whether some binding has a physical-key stroke (``KeyInput/physicalKey(_:)``).
  var hasPhysicalStrokes: Bool {
    strokes.contains { $0.contains { $0.input.physicalKey != nil } }
  }

  /// Whether no binding can begin with any press: there is no first stroke at all.
  var hasNoFirstStrokes: Bool { firstStrokeChords.isEmpty && !hasUncodedFirstStroke }
  /// Bindings that perform an action, by action.
  let byAction: [ActionName: [Int]]
  /// For each binding, the number of its key sequence among the distinct ones.
  let sequenceIDs: [Int]
  /// The distinct context predicates, and each binding's (by position in it).
  let predicates: [ContextPredicate]
  let predicateIDs: [Int?]

  /// Creates a resolver from bindings that are already in precedence order (rule 1), or that
  /// will be: they are sorted stably by source.
  ///
  /// - Parameters:
  ///   - bindings: The bindings of every layer.
  ///   - menuCommands: The menu's commands, for titles and key-command settings.
  ///   - platform: How `.command` is read.
  public init(
    bindings: [KeyBinding], menuCommands: [CommandKey: MenuCommandDefinition] = [:],
    platform: PlatformProfile
  ) {
    let ordered = bindings.enumerated().sorted {
      ($0.element.source, $0.offset) < ($1.element.source, $1.offset)
    }.map(\.element)
    self.platform = platform
    self.bindings = ordered
    self.menuCommands = menuCommands
    let strokes = ordered.map { binding in
      binding.keys.strokes.map { Stroke($0, platform: platform) }
    }
    self.strokes = strokes
    hasModifierKeyStrokes = strokes.contains { $0.contains { $0.input.modifierKey != nil } }

    movability = ordered.map { binding in
      guard case .perform(let action, let arguments) = binding.effect,
        let keyCommand = menuCommands[CommandKey(action: action, propertyList: arguments)]?
          .keyCommand
      else { return (true, true) }
      return (keyCommand.allowsAutomaticLocalization, keyCommand.allowsAutomaticMirroring)
    }
    var removers = [[Int]](repeating: [], count: ordered.count)
    var byFirstStroke = ChordIndex()
    var relocatable: [Int] = []
    var mirrorable: [Int] = []
    var firstStrokes: Set<Stroke> = []
    var byAction: [ActionName: [Int]] = [:]
    for (index, binding) in ordered.enumerated() {
      switch binding.effect {
      case .unbindCommand(let action):
        for earlier in byAction[action] ?? [] where strokes[earlier] == strokes[index] {
          removers[earlier].append(index)
        }
        continue
      case .perform(let action, _):
        byAction[action, default: []].append(index)
      case .unbind:
        break
      }
      if let first = strokes[index].first {
        byFirstStroke.add(index, input: first.input, modifiers: first.modifiers)
        firstStrokes.insert(first)
        let (allowsLocalization, allowsMirroring) = movability[index]
        if StrokeRules.isMovable(
          first.input, allowsLocalization: allowsLocalization, allowsMirroring: false,
          direction: .leftToRight)
        {
          relocatable.append(index)
        }
        if StrokeRules.isMovable(
          first.input, allowsLocalization: false, allowsMirroring: allowsMirroring,
          direction: .rightToLeft)
        {
          mirrorable.append(index)
        }
      }
    }
    self.removers = removers
    self.byFirstStroke = byFirstStroke
    movableFirst = (relocatable, mirrorable)
    // Inputs that compare equal have the same code or none (KeyInput.indexCode), so a press
    // whose chord is not among these begins no binding at its own input.
    firstStrokeChords = ChordSet(
      firstStrokes.compactMap { stroke in
        stroke.input.indexCode.map { ChordIndex.key(code: $0, modifiers: stroke.modifiers) }
      })
    hasUncodedFirstStroke = firstStrokes.contains { $0.input.indexCode == nil }
    self.byAction = byAction
    var sequenceNumbers: [[Stroke]: Int] = [:]
    sequenceIDs = strokes.map { keys in
      if let known = sequenceNumbers[keys] { return known }
      sequenceNumbers[keys] = sequenceNumbers.count
      return sequenceNumbers.count - 1
    }
    var predicateNumbers: [ContextPredicate: Int] = [:]
    var predicates: [ContextPredicate] = []
    predicateIDs = ordered.map { binding in
      guard let context = binding.context else { return nil }
      if let known = predicateNumbers[context] { return known }
      predicateNumbers[context] = predicates.count
      predicates.append(context)
      return predicates.count - 1
    }
    self.predicates = predicates
  }

  /// Creates a resolver whose defaults are the key commands of a menu, overlaid by keymaps.
  ///
  /// Each key command of the menu (deferred elements resolved) becomes a built-in binding of
  /// its shortcut to its action and property list, with no context.
  ///
  /// - Parameters:
  ///   - defaults: The menu whose key commands are the defaults, usually the main menu.
  ///   - keymaps: App, extension and user keymaps; their bindings keep their own sources.
  ///   - platform: How `.command` is read.
  @MainActor
  public init(defaults: Menu, keymaps: [Keymap], platform: PlatformProfile) {
    var bindings: [KeyBinding] = []
    var commands: [CommandKey: MenuCommandDefinition] = [:]
    defaults.forEachElement { element, _ in
      if case .command(let command) = element, commands[command.key] == nil {
        commands[command.key] = MenuCommandDefinition(command: command)
      }
    }
    for keyCommand in defaults.keyCommandsResolvingDeferredElements() {
      bindings.append(
        KeyBinding(
          keys: KeySequence([keyCommand.shortcut]),
          effect: .perform(keyCommand.action, arguments: keyCommand.command.propertyList),
          source: .builtIn))
      if commands[keyCommand.command.key]?.keyCommand == nil {
        commands[keyCommand.command.key] = MenuCommandDefinition(
          command: keyCommand.command, keyCommand: keyCommand)
      }
    }
    for keymap in keymaps { bindings += keymap.bindings }
    self.init(bindings: bindings, menuCommands: commands, platform: platform)
  }

  // MARK: Resolving

  /// Resolves a typed key sequence in the contexts of a responder chain.
  ///
  /// - Parameters:
  ///   - keys: The strokes typed so far.
  ///   - stack: The contexts of the responder chain, root first.
  ///   - includingCandidates: Whether to list every binding that began with the strokes and
  ///     why it lost (``KeyBindingResolution/candidates``), as `explain` does; without them,
  ///     resolving is cheaper.
  /// - Returns: Whether a binding fires, more strokes may follow, or nothing matches.
  public func resolve(
    _ keys: KeySequence, in stack: [KeyContext], includingCandidates: Bool = true
  ) -> KeyBindingResolution {
    resolve(
      keys.strokes.map { [Stroke($0, platform: platform).reading] }, in: stack, layout: nil,
      layoutDirection: .leftToRight, includingCandidates: includingCandidates)
  }

  /// Resolves typed strokes, each given as the readings of its press
  /// (``StrokeRules/readings(of:layout:)``, best first), on a layout: bindings match where
  /// ``StrokeRules`` places their strokes — relocated by automatic localization, mirrored in
  /// a right-to-left context — exactly as key commands do.
  func resolve(
    _ typed: [[StrokeRules.Reading]], in stack: [KeyContext],
    layout: (any KeyboardLayoutProviding)?, layoutDirection: LayoutDirection = .leftToRight,
    includingCandidates: Bool = true
  ) -> KeyBindingResolution {
    var resolution = KeyBindingResolution()
    guard let first = typed.first else { return resolution }
    var positions: [Int] = []
    var lists = 0
    let moved = movedFirstStrokes(layout: layout, direction: layoutDirection)
    for reading in first {
      if let found = byFirstStroke.positions(key: reading.key, modifiers: reading.modifiers) {
        positions += found
        lists += 1
      }
      if let moved {
        if let found = moved.positions(key: reading.key, modifiers: reading.modifiers) {
          positions += found
          lists += 1
        }
      } else {
        positions += movableFirst.relocatable
        if layoutDirection == .rightToLeft { positions += movableFirst.mirrorable }
        lists += 2
      }
    }
    if positions.isEmpty { return resolution }
    if lists > 1 { positions = Array(Set(positions)).sorted() }

    // Every binding whose first strokes are the typed ones, with how well they matched; the
    // public candidates are made from these at the end.
    struct Entry {
      var index: Int
      var tier: Int
      var depth: Int?
      var isComplete: Bool
      var lossReason: KeyBindingResolution.LossReason?
      var lostTo: Int?
      var removedBy: Int?
      var isWinner = false
    }
    var entries: [Entry] = []
    entries.reserveCapacity(positions.count)
    // Bindings share predicates: each distinct one is evaluated once per resolution.
    var depths: [Int: Int?] = [:]
    let deepest = max(stack.count - 1, 0)
    for index in positions {
      let keys = strokes[index]
      guard keys.count >= typed.count,
        let tier = tier(
          of: index, typed: typed, layout: layout, layoutDirection: layoutDirection)
      else { continue }
      var depth: Int? = deepest
      if let id = predicateIDs[index] {
        if let known = depths[id] {
          depth = known
        } else {
          depth = predicates[id].matchDepth(in: stack)
          depths[id] = depth
        }
      }
      var entry = Entry(
        index: index, tier: tier, depth: depth, isComplete: keys.count == typed.count)
      if let remover = remover(of: index, in: stack) {
        entry.lossReason = .removed
        entry.removedBy = remover
      } else if depth == nil {
        entry.lossReason = .contextDoesNotMatch
      }
      entries.append(entry)
    }

    // The winner of each distinct key sequence: exact first, deeper, then later.
    func ranks(before lhs: Int, _ rhs: Int) -> Bool {
      let left = entries[lhs]
      let right = entries[rhs]
      if left.tier != right.tier { return left.tier < right.tier }
      if left.depth != right.depth { return (left.depth ?? -1) > (right.depth ?? -1) }
      return left.index > right.index
    }
    func reason(losing loser: Int, to winner: Int) -> KeyBindingResolution.LossReason {
      if entries[loser].tier != entries[winner].tier {
        return entries[loser].tier == 2 ? .fallbackOutranked : .beatenByExact
      }
      return entries[loser].depth != entries[winner].depth
        ? .shallowerContext : .overriddenByLater
    }
    var groups: [Int: [Int]] = [:]
    var groupOrder: [Int] = []
    for position in entries.indices where entries[position].lossReason == nil {
      let id = sequenceIDs[entries[position].index]
      if groups[id] == nil { groupOrder.append(id) }
      groups[id, default: []].append(position)
    }
    var completeWinner: Int?
    var continuations: [Int] = []
    for id in groupOrder {
      let members = groups[id]!
      var winner = members[0]
      for member in members.dropFirst() where ranks(before: member, winner) { winner = member }
      let unbinds: Bool
      if case .unbind = bindings[entries[winner].index].effect {
        unbinds = true
      } else {
        unbinds = false
      }
      for loser in members where loser != winner {
        entries[loser].lossReason = unbinds ? .unbound : reason(losing: loser, to: winner)
        entries[loser].lostTo = entries[winner].index
      }
      if unbinds { entries[winner].lossReason = .unbinds }
      if entries[winner].isComplete {
        // Different keys can match the same press (its own key and its Shift-spelled form,
        // a relocated key, its Latin fallback): the best-ranked group winner fires, by the
        // same ranks as within a group.
        if let current = completeWinner {
          let (better, worse) =
            ranks(before: winner, current) ? (winner, current) : (current, winner)
          entries[worse].lossReason = reason(losing: worse, to: better)
          entries[worse].lostTo = entries[better].index
          completeWinner = better
        } else {
          completeWinner = winner
        }
      } else if !unbinds {
        continuations.append(entries[winner].index)
      }
    }

    if let completeWinner {
      let binding = bindings[entries[completeWinner].index]
      if case .unbind = binding.effect {
        resolution.unboundBy = binding
      } else {
        resolution.binding = binding
        entries[completeWinner].isWinner = true
      }
    }
    resolution.continuations = continuations.map { bindings[$0] }
    resolution.outcome =
      !continuations.isEmpty ? .pending : resolution.binding != nil ? .matched : .none
    guard includingCandidates else { return resolution }
    resolution.candidates = entries.map { entry in
      var candidate = KeyBindingResolution.Candidate(
        index: entry.index, binding: bindings[entry.index], depth: entry.depth,
        isComplete: entry.isComplete)
      candidate.isWinner = entry.isWinner
      candidate.lossReason = entry.lossReason
      candidate.lostTo = entry.lostTo.map { bindings[$0] }
      candidate.removedBy = entry.removedBy.map { bindings[$0] }
      return candidate
    }
    return resolution
  }

  /// How well a binding's strokes match the typed presses' readings (``StrokeRules``): the
  /// worst tier over its strokes (0 every stroke at the press's own key, 1 some stroke
  /// relocated or mirrored, 2 some through the Latin fallback), or nil when one does not
  /// match.
  func tier(
    of index: Int, typed: [[StrokeRules.Reading]], layout: (any KeyboardLayoutProviding)?,
    layoutDirection: LayoutDirection
  ) -> Int? {
    let keys = strokes[index]
    let (allowsLocalization, allowsMirroring) = movability[index]
    var tier = 0
    for (position, readings) in typed.enumerated() {
      let stroke = keys[position]
      let target = StrokeRules.target(
        of: stroke.input, allowsLocalization: allowsLocalization,
        allowsMirroring: allowsMirroring, layout: layout, direction: layoutDirection)
      let required = stroke.modifiers.union(target.extraModifiers)
      var best: Int?
      for reading in readings where reading.modifiers == required {
        if let found = StrokeRules.match(target, reading), found.tier < (best ?? 3) {
          best = found.tier
        }
      }
      guard let best else { return nil }
      tier = max(tier, best)
    }
    return tier
  }

  /// Whether a press may begin a binding: false only when none of its readings is a first
  /// stroke, at its own input or where localization or mirroring moved one — the answer
  /// ``resolve(_:in:layout:layoutDirection:includingCandidates:)`` would reach, without
  /// resolving.
  func mayBegin(
    _ readings: StrokeRules.Readings, layout: (any KeyboardLayoutProviding)?,
    layoutDirection: LayoutDirection
  ) -> Bool {
    if hasUncodedFirstStroke { return true }
    let hasMovable =
      !movableFirst.relocatable.isEmpty
      || (layoutDirection == .rightToLeft && !movableFirst.mirrorable.isEmpty)
    let moved = hasMovable ? movedFirstStrokes(layout: layout, direction: layoutDirection) : nil
    if hasMovable, moved == nil { return true }
    return readings.contains { reading in
      guard let code = reading.key.code else { return true }
      if firstStrokeChords.contains(ChordIndex.key(code: code, modifiers: reading.modifiers)) {
        return true
      }
      return moved?.positions(key: reading.key, modifiers: reading.modifiers) != nil
    }
  }

  /// The movable first strokes filed where they are matched on a layout state and direction,
  /// computed once per state; nil when the layout does not identify its states (then every
  /// movable binding is a candidate and the rule decides).
  func movedFirstStrokes(layout: (any KeyboardLayoutProviding)?, direction: LayoutDirection)
    -> ChordIndex?
  {
    let identity = layout?.relocationIdentity
    if identity == nil, layout != nil { return nil }
    let key = MovedStrokes.Key(identity: identity, direction: direction)
    if let known = moved.index(for: key) { return known }
    var index = ChordIndex()
    let positions =
      direction == .rightToLeft
      ? Array(Set(movableFirst.relocatable + movableFirst.mirrorable)).sorted()
      : movableFirst.relocatable
    for position in positions {
      guard let stroke = strokes[position].first else { continue }
      let (allowsLocalization, allowsMirroring) = movability[position]
      let target = StrokeRules.target(
        of: stroke.input, allowsLocalization: allowsLocalization,
        allowsMirroring: allowsMirroring, layout: layout, direction: direction)
      guard target.kind != .exact else { continue }
      index.add(
        position, input: target.input, modifiers: stroke.modifiers.union(target.extraModifiers))
    }
    moved.store(index, for: key)
    return index
  }

  /// The `"-command"` binding that removes a binding in the contexts of a chain (rule 2): one
  /// without a context or with the binding's own context always does; one with another
  /// context does where that context holds.
  func remover(of index: Int, in stack: [KeyContext]) -> Int? {
    for remover in removers[index] {
      guard let context = bindings[remover].context, context != bindings[index].context else {
        return remover
      }
      if context.matchDepth(in: stack) != nil { return remover }
    }
    return nil
  }

  // MARK: Reverse lookup

  /// The key sequence that performs a command in the contexts of a chain: the highest-ranked
  /// binding of the command that would actually fire there, never one that is removed,
  /// outside its context, overridden or unbound.
  ///
  /// Menus, the command palette and discoverability show this shortcut.
  ///
  /// ```swift
  /// resolver.keys(for: CommandKey(action: "save:"), in: stack)?.label(for: .linux)  // "Ctrl+S"
  /// ```
  ///
  /// - Parameters:
  ///   - command: The command, by action and property list.
  ///   - stack: The contexts of the responder chain, root first.
  /// - Returns: The keys, or nil when no binding of the command would fire.
  public func keys(for command: CommandKey, in stack: [KeyContext]) -> KeySequence? {
    var ranked: [(index: Int, depth: Int)] = []
    for index in byAction[command.action] ?? [] where remover(of: index, in: stack) == nil {
      guard case .perform(_, let arguments) = bindings[index].effect,
        arguments == command.propertyList
      else { continue }
      let depth =
        bindings[index].context.map { $0.matchDepth(in: stack) } ?? max(stack.count - 1, 0)
      if let depth { ranked.append((index, depth)) }
    }
    ranked.sort { ($0.depth, $0.index) > ($1.depth, $1.index) }
    for candidate in ranked {
      let resolution = resolve(
        strokes[candidate.index].map { [$0.reading] }, in: stack, layout: nil)
      if let winner = resolution.candidates.first(where: \.isWinner),
        winner.index == candidate.index
      {
        return bindings[candidate.index].keys
      }
    }
    return nil
  }

  /// The shortcut label of every command that has a binding that fires in the contexts of a
  /// chain, by command: what menus and the palette show next to each command.
  ///
  /// - Parameters:
  ///   - stack: The contexts of the responder chain, root first.
  ///   - platform: The platform whose label style is used; the resolver's by default.
  public func shortcutLabels(in stack: [KeyContext], platform: PlatformProfile? = nil)
    -> [CommandKey: String]
  {
    var labels: [CommandKey: String] = [:]
    var seen: Set<CommandKey> = []
    for binding in bindings {
      guard case .perform(let action, let arguments) = binding.effect else { continue }
      let key = CommandKey(action: action, propertyList: arguments)
      guard seen.insert(key).inserted else { continue }
      if let keys = keys(for: key, in: stack) {
        labels[key] = keys.label(for: platform ?? self.platform)
      }
    }
    return labels
  }

  /// Whether some binding has a modifier-only stroke (such as `Shift Shift`).
  public let hasModifierKeyStrokes: Bool

  /// The longest key sequence of any binding.
  public var maximumSequenceLength: Int { strokes.map(\.count).max() ?? 0 }
}

extension KeyBindingResolver {
  /// A stroke as the resolver compares it: the lowercased input and the physical modifiers.
  struct Stroke: Hashable, Sendable {
    var input: KeyInput
    var modifiers: KeyModifierFlags

    init(input: KeyInput, modifiers: KeyModifierFlags) {
      self.input = input
      self.modifiers = modifiers
    }

    init(_ shortcut: KeyboardShortcut, platform: PlatformProfile) {
      // A modifier key stands for the physical key: `Cmd` is the Control key on linux.
      if let flag = shortcut.input.modifierKey,
        let physical = KeyInput.modifierKey(platform.physicalModifiers(flag))
      {
        input = physical
      } else {
        input = shortcut.input.lowercased
      }
      modifiers = platform.physicalModifiers(shortcut.modifierFlags)
    }

    /// The stroke as the reading of a press of exactly its key and modifiers.
    var reading: StrokeRules.Reading {
      StrokeRules.Reading(key: StrokeRules.ChordKey(input), modifiers: modifiers, source: .key)
    }
  }

  /// The moved first strokes of a resolver, per layout state and direction: a cache shared
  /// by the copies of a resolver, filled as layouts are met.
  final class MovedStrokes: Sendable {
    /// A layout state (nil for no layout) and a direction.
    struct Key: Hashable, Sendable {
      var identity: LayoutIdentity?
      var direction: LayoutDirection
    }

    private let indexes = Mutex<[Key: ChordIndex]>([:])

    /// The index computed for a state, if any.
    func index(for key: Key) -> ChordIndex? {
      indexes.withLock { $0[key] }
    }

    /// Keeps the index of a state.
    func store(_ index: ChordIndex, for key: Key) {
      indexes.withLock { $0[key] = index }
    }
  }
}

/// A command of the defaults menu, as a keymap binding that performs it sees it: its title and,
/// when the menu gives it a key command, that key command's settings (repeat behavior,
/// alternates, priority over text input).
///
/// ```swift
/// let resolver = KeyBindingResolver(defaults: menu, keymaps: keymaps, platform: .linux)
/// resolver.menuCommands[CommandKey(action: "copy:")]?.command.title  // "Copy"
/// ```
public struct MenuCommandDefinition: Hashable, Sendable {
  /// The command.
  public var command: Command
  /// The key command that defines it in the menu, if any.
  public var keyCommand: KeyCommand?

  /// Creates a definition.
  public init(command: Command, keyCommand: KeyCommand? = nil) {
    self.command = command
    self.keyCommand = keyCommand
  }
}

/// The outcome of resolving a typed key sequence with ``KeyBindingResolver``.
///
/// ```swift
/// switch resolution.outcome {
/// case .matched: perform(resolution.binding!)
/// case .pending: waitForNextStroke()
/// case .none: deliverAsOrdinaryPresses()
/// }
/// ```
public struct KeyBindingResolution: Hashable, Sendable {
  /// What the strokes typed so far do.
  public enum Outcome: String, Hashable, Sendable {
    /// Nothing: no binding fires and none can follow.
    case none
    /// More strokes may follow: a longer binding begins with these. ``binding``, when set, is
    /// the complete binding that fires if the next stroke does not continue (or on timeout).
    case pending
    /// ``binding`` fires.
    case matched
  }

  /// Why a binding that began with the typed strokes did not win.
  public enum LossReason: String, Hashable, Sendable, CaseIterable {
    /// Its context predicate holds nowhere on the chain.
    case contextDoesNotMatch
    /// A later `"-command"` binding removed it.
    case removed
    /// Another binding of the same keys matched deeper on the chain.
    case shallowerContext
    /// A later binding of the same keys matched at the same depth.
    case overriddenByLater
    /// It matched through the Latin fallback and another matched the press's own key (or a
    /// relocated or mirrored one).
    case fallbackOutranked
    /// It matched where automatic localization relocated it, or mirrored, and another
    /// matched the press's own key.
    case beatenByExact
    /// The winner for these keys is an unbind: the keys do nothing here.
    case unbound
    /// It is the unbind that won: it disables the keys in this context.
    case unbinds
  }

  /// A binding whose first strokes are the typed ones.
  public struct Candidate: Hashable, Sendable {
    /// The binding's position in ``KeyBindingResolver/bindings``.
    public var index: Int
    /// The binding.
    public var binding: KeyBinding
    /// The depth at which its context matched (the deepest for no context), or nil.
    public var depth: Int?
    /// Whether its keys are exactly the typed strokes (else it is longer).
    public var isComplete: Bool
    /// Whether it is the binding that fires.
    public var isWinner = false
    /// Why it lost, or nil for the winner and for longer bindings that may still fire.
    public var lossReason: LossReason?
    /// The binding it lost to, when another binding of the same keys won.
    public var lostTo: KeyBinding?
    /// The `"-command"` binding that removed it.
    public var removedBy: KeyBinding?

    /// Creates a candidate.
    public init(index: Int, binding: KeyBinding, depth: Int?, isComplete: Bool) {
      self.index = index
      self.binding = binding
      self.depth = depth
      self.isComplete = isComplete
    }
  }

  /// What the typed strokes do.
  public var outcome: Outcome = .none
  /// The complete binding that fires (now when ``outcome`` is `.matched`; when the sequence
  /// ends, when it is `.pending`).
  public var binding: KeyBinding?
  /// The unbind that disables the typed keys in this context, if one won.
  public var unboundBy: KeyBinding?
  /// The winning bindings of longer sequences that begin with the typed strokes.
  public var continuations: [KeyBinding] = []
  /// Every binding that began with the typed strokes, in precedence order.
  public var candidates: [Candidate] = []

  /// Creates an empty resolution: nothing matches.
  public init() {}
}
