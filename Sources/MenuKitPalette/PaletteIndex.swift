import MenuKit

/// The searchable commands of a command palette: every command reachable in a validated menu
/// tree, plus the entries an app or a keymap adds, prepared for fast fuzzy search.
///
/// Building the index walks the tree once and prepares each entry's title, discoverability
/// title, aliases, keywords and path for the matcher (Unicode scalars, their lowercase forms
/// and the bonus of each position), so a search does no string work until it formats its
/// results. Searching is ``search(_:history:limit:)``; the ranking rules are listed there and
/// in docs/guides/palette.md.
///
/// ```swift
/// let validated = MenuSystem.main.validatedMenu(for: app.firstResponderForEvents)
/// var index = PaletteIndex(validated, platform: .linux)
/// index.add(PaletteEntry(target: .identifier("git.commit"), title: "Commit",
///                        shortcutLabel: "Ctrl+Enter", source: .keymap("git.keymap.json")))
/// for match in index.search("open rec", history: history, limit: 10) {
///   print(match.entry.title, match.entry.shortcutLabel ?? "")
/// }
/// ```
public struct PaletteIndex: Sendable {
  /// The entries, in the order they were added: menu order first.
  public private(set) var entries: [PaletteEntry] = []
  /// The position of each identifier in ``entries``.
  var positions: [String: Int] = [:]
  /// The prepared texts of every entry.
  var storage = PaletteStorage()
  /// The history bonuses of the last search (``PaletteHistoryCache``); emptied (or, when
  /// a copy of the index shares it, replaced) whenever an entry is added, as they depend on
  /// the entries' positions.
  var historyCache = PaletteHistoryCache()

  /// Creates an index of entries; entries with an identifier seen before are merged into the
  /// first (see ``add(_:)``).
  public init(entries: [PaletteEntry] = []) {
    for entry in entries { add(entry) }
  }

  /// Creates the index of a menu tree: every visible command, key command and action, in tree
  /// order.
  ///
  /// A command is enabled unless its attributes contain ``MenuElementAttributes/disabled``, so
  /// pass a validated tree (``ValidatedMenu/menu``) for the enabled state of a first
  /// responder. Hidden elements, deferred elements, and elements with neither a title nor a
  /// discoverability title are left out; alternates are not listed. A submenu's title joins the
  /// path of its elements; the root's and inline groups' titles do not. A command that appears
  /// twice (same action and property list) is listed once, where it first appears.
  ///
  /// - Parameters:
  ///   - menu: The tree's root, such as the main menu.
  ///   - platform: The profile of the shortcut labels.
  ///   - layout: The keyboard layout, for labels of localized shortcuts
  ///     (``KeyboardLayoutProviding/localizedLabel(for:platform:)``) and of physical keys,
  ///     which show the layout's keycaps (``KeyboardShortcut/label(for:layout:)``); nil for
  ///     the authored labels and US keycaps.
  ///   - shortcutLabels: With keymaps, the labels of the keys that actually fire, by command
  ///     (``KeyBindingResolver/shortcutLabels(in:platform:)``): they replace the key commands'
  ///     own, and a command without one shows none.
  /// - Complexity: O(*n*) for *n* elements.
  public init(
    menu: Menu, platform: PlatformProfile, layout: (any KeyboardLayoutProviding)? = nil,
    shortcutLabels: [CommandKey: String]? = nil
  ) {
    var stack: [(children: [MenuElement], index: Int, path: [String])] = [(menu.children, 0, [])]
    while let top = stack.last {
      guard top.index < top.children.count else {
        stack.removeLast()
        continue
      }
      stack[stack.count - 1].index += 1
      let element = top.children[top.index]
      switch element {
      case .menu(let submenu):
        let path = submenu.isInline || submenu.title.isEmpty ? top.path : top.path + [submenu.title]
        stack.append((submenu.children, 0, path))
      case .command(let command):
        addCommand(command, shortcutLabel: shortcutLabels?[command.key], path: top.path)
      case .keyCommand(let keyCommand) where shortcutLabels != nil:
        addCommand(
          keyCommand.command, shortcutLabel: shortcutLabels?[keyCommand.command.key],
          path: top.path)
      case .keyCommand(let keyCommand):
        let label =
          keyCommand.allowsAutomaticLocalization
          ? layout?.localizedLabel(for: keyCommand.shortcut, platform: platform)
          : nil
        addCommand(
          keyCommand.command,
          shortcutLabel: label ?? keyCommand.shortcut.label(for: platform, layout: layout),
          path: top.path)
      case .action(let action):
        guard !action.attributes.contains(.hidden),
          !action.title.isEmpty || !(action.discoverabilityTitle ?? "").isEmpty
        else { continue }
        add(
          PaletteEntry(
            target: .action(action.identifier), title: action.title,
            discoverabilityTitle: action.discoverabilityTitle, path: top.path,
            isEnabled: !action.attributes.contains(.disabled)))
      case .deferred:
        continue
      }
    }
  }

  /// Creates the index of a validated menu tree (see ``init(menu:platform:layout:)``).
  ///
  /// ```swift
  /// let index = PaletteIndex(MenuSystem.main.validatedMenu(for: responder), platform: .linux)
  /// ```
  public init(
    _ validated: ValidatedMenu, platform: PlatformProfile,
    layout: (any KeyboardLayoutProviding)? = nil, shortcutLabels: [CommandKey: String]? = nil
  ) {
    self.init(
      menu: validated.menu, platform: platform, layout: layout, shortcutLabels: shortcutLabels)
  }
}

// MARK: - API

extension PaletteIndex {
  /// Adds an entry, or merges it into the entry with the same identifier.
  ///
  /// Merging keeps the first entry's title, path, enabled state and source; it takes the new
  /// entry's shortcut label and discoverability title when the first has none, and adds the
  /// new aliases and keywords it does not have yet. So a keymap that binds a menu command
  /// gives it a shortcut label without listing it twice.
  ///
  /// - Parameter entry: The entry; its identifier is ``PaletteEntry/identifier``.
  public mutating func add(_ entry: PaletteEntry) {
    let identifier = entry.identifier
    guard let position = positions[identifier] else {
      positions[identifier] = entries.count
      entries.append(entry)
      if isKnownUniquelyReferenced(&historyCache) {
        historyCache.clear()
      } else {
        historyCache = PaletteHistoryCache()
      }
      storage.append(entry)
      return
    }
    var merged = entries[position]
    merged.shortcutLabel = merged.shortcutLabel ?? entry.shortcutLabel
    merged.discoverabilityTitle = merged.discoverabilityTitle ?? entry.discoverabilityTitle
    merged.aliases += entry.aliases.filter { !merged.aliases.contains($0) }
    merged.keywords += entry.keywords.filter { !merged.keywords.contains($0) }
    guard merged != entries[position] else { return }
    entries[position] = merged
    // (The new texts change the entry's signatures, which the rank order holds.)
    if isKnownUniquelyReferenced(&historyCache) {
      historyCache.clear()
    } else {
      historyCache = PaletteHistoryCache()
    }
    storage.replace(at: position, with: merged)
  }

  /// Adds a command that exists only in a keymap, by its plain values.
  ///
  /// ```swift
  /// index.addKeymapCommand(
  ///   "editor.action.commentLine", title: "Toggle Line Comment", shortcutLabel: "Ctrl+/",
  ///   source: "default.keymap.json")
  /// ```
  ///
  /// - Parameters:
  ///   - identifier: The command's name; an entry with the same identifier gains the label.
  ///   - title: The title shown and matched.
  ///   - shortcutLabel: The binding's label for the current platform and layout.
  ///   - source: The keymap's name, usually its file's path.
  ///   - isEnabled: Whether the command can be performed now.
  ///   - keywords: Extra words the command is found by.
  ///   - aliases: Other names the command is found by.
  public mutating func addKeymapCommand(
    _ identifier: String, title: String, shortcutLabel: String?, source: String,
    isEnabled: Bool = true, keywords: [String] = [], aliases: [String] = []
  ) {
    add(
      PaletteEntry(
        target: .identifier(identifier), title: title, keywords: keywords, aliases: aliases,
        shortcutLabel: shortcutLabel, isEnabled: isEnabled, source: .keymap(source)))
  }
}

extension PaletteIndex {
  /// Adds the commands that keymaps bind but the menu does not have, with the keys that fire
  /// for them in the given contexts; commands already listed keep their entry.
  ///
  /// ```swift
  /// let resolver = KeyBindingResolver(defaults: menu, keymaps: keymaps, platform: .linux)
  /// var index = PaletteIndex(
  ///   validated, platform: .linux, shortcutLabels: resolver.shortcutLabels(in: contexts))
  /// index.addKeymapCommands(from: resolver, in: contexts)
  /// ```
  ///
  /// - Parameters:
  ///   - resolver: The keymaps over the menu.
  ///   - contexts: The contexts of the responder chain, root first.
  ///   - platform: The profile of the labels; the resolver's by default.
  public mutating func addKeymapCommands(
    from resolver: KeyBindingResolver, in contexts: [KeyContext],
    platform: PlatformProfile? = nil
  ) {
    let labels = resolver.shortcutLabels(in: contexts, platform: platform)
    for binding in resolver.bindings {
      guard case .perform(let action, let arguments) = binding.effect else { continue }
      let key = CommandKey(action: action, propertyList: arguments)
      guard resolver.menuCommands[key] == nil, positions[key.description] == nil,
        let label = labels[key]
      else { continue }
      add(
        PaletteEntry(
          target: .command(key), title: action.rawValue, shortcutLabel: label,
          source: .keymap(binding.location?.file ?? binding.source.rawValue)))
    }
  }
}

// MARK: - Internal

extension PaletteIndex {
  /// Adds a menu command unless it is hidden or untitled.
  private mutating func addCommand(_ command: Command, shortcutLabel: String?, path: [String]) {
    guard !command.attributes.contains(.hidden),
      !command.title.isEmpty || !(command.discoverabilityTitle ?? "").isEmpty
    else { return }
    add(
      PaletteEntry(
        target: .command(command.key), title: command.title,
        discoverabilityTitle: command.discoverabilityTitle, path: path,
        keywords: command.keywords, aliases: command.aliases, shortcutLabel: shortcutLabel,
        isEnabled: !command.attributes.contains(.disabled)))
  }
}

/// The kinds of text an entry is matched by, with the weight of each (in quarters).
enum PaletteFieldKind: UInt8 {
  case title
  case discoverabilityTitle
  case alias
  case keyword
  case path

  /// The share of the alignment score a match in this field keeps, in quarters.
  var weight: Int {
    switch self {
    case .title, .discoverabilityTitle, .alias: 4
    case .keyword: 3
    case .path: 2
    }
  }

  /// Whether whole-word, acronym and exact-title bonuses apply.
  var isTitle: Bool { weight == 4 }
}

/// One prepared text of an entry: where its scalars are in the storage.
struct PaletteField: Sendable {
  var start: Int
  var count: Int
  var kind: PaletteFieldKind
  /// Which alias or keyword it is; 0 for the others.
  var ordinal: Int
  /// The mask of its lowercased scalars (``FuzzyTerm/mask(_:)``).
  var mask: UInt64
}

/// Every entry's texts in contiguous arrays, so that a search walks memory in order.
struct PaletteStorage: Sendable {
  var original: [UInt32] = []
  var lower: [UInt32] = []
  var classes: [UInt8] = []
  var bonus: [UInt8] = []
  /// The lowercase scalars folded to one byte each (``PalettePrefilter/fold(_:)``), at the
  /// same offsets as ``lower``.
  var folded: [UInt8] = []
  var fields: [PaletteField] = []
  /// The low bits of each entry's sort key (``PaletteCandidate/key(entry:score:isEnabled:titleLength:)``):
  /// its enabled state, title length and position, to which a search adds a score.
  var rankTails: [UInt64] = []
  /// The range of ``fields`` of each entry.
  var entryFields: [Range<Int>] = []
  /// The union of the masks of each entry's fields.
  var entryMasks: [UInt64] = []
  /// For each entry, the union of its title-like texts' word signatures
  /// (``PaletteSignature/words(_:classes:)``): a term can be a whole word of one only if its
  /// bit is set.
  var entryWords: [UInt64] = []
  /// For each entry, the union of its title-like texts' acronym signatures
  /// (``PaletteSignature/initials(_:classes:)``): a term can be the acronym of one only if
  /// its bit is set.
  var entryInitials: [UInt64] = []
  /// For each entry, the shapes of its title-like texts and of its other texts (keywords,
  /// path) that bound a term's alignment score (``PaletteShape``).
  var titleShapes: [PaletteShape] = []
  var otherShapes: [PaletteShape] = []
  /// For each entry, the union of its texts' repeat signatures
  /// (``PaletteSignature/repeats(_:)``): a term with a scalar twice matches only a text with
  /// it twice.
  var entryRepeats: [UInt64] = []
  /// For each entry, ``PaletteOrderSignature/words`` words: the ordered pairs of scalars
  /// of its texts (``PaletteOrderSignature``).
  var entryOrders: [UInt64] = []
  /// How many entries have each bit of ``entryOrders`` (word by word, 64 bits each): the
  /// limited search tests the bits of a query's pairs that the fewest entries have first.
  var pairCounts = [Int](repeating: 0, count: PaletteOrderSignature.words &* 64)
  /// The entries that have each bit of ``entryMasks``, ``entryRepeats`` and ``entryOrders``,
  /// as bitsets of 64 entries a block (``PalettePostings``): the limited search finds the
  /// entries that have all of a query's bits with a few word tests per block instead of some
  /// for each entry.
  var postings: [UInt64] = []
  /// The length of each entry's title in Unicode scalars (0 without a title field).
  var titleLengths: [Int] = []
  /// Each entry's title-like texts, lowercased, with a trailing ellipsis removed: the exact
  /// title bonus compares the query with them.
  var exactTitles: [[String]] = []
  /// The entries of each of ``exactTitles``.
  var entriesByExactTitle: [String: [Int]] = [:]
  /// Whether each entry is enabled.
  var isEnabled: [Bool] = []

  /// Prepares an entry's texts.
  mutating func append(_ entry: PaletteEntry) {
    if entryFields.count & 63 == 0 {
      postings += repeatElement(0, count: PalettePostings.stride)
    }
    entryFields.append(0..<0)
    rankTails.append(0)
    entryMasks.append(0)
    entryWords.append(0)
    entryInitials.append(0)
    entryRepeats.append(0)
    entryOrders += repeatElement(0, count: PaletteOrderSignature.words)
    titleShapes.append(PaletteShape())
    otherShapes.append(PaletteShape())
    titleLengths.append(0)
    exactTitles.append([])
    isEnabled.append(entry.isEnabled)
    replace(at: entryFields.count - 1, with: entry)
  }

  /// Prepares an entry's texts again, after its fields changed; the old texts stay unused.
  mutating func replace(at position: Int, with entry: PaletteEntry) {
    let first = fields.count
    var entryMask: UInt64 = 0
    var words: UInt64 = 0
    var initials: UInt64 = 0
    var titleShape = PaletteShape()
    var otherShape = PaletteShape()
    var repeats: UInt64 = 0
    var orders = PaletteOrderSignature()
    func add(_ text: String, _ kind: PaletteFieldKind, _ ordinal: Int = 0) {
      guard !text.isEmpty else { return }
      let prepared = FuzzyText(text)
      orders.add(prepared.lower)
      let mask = prepared.lower.reduce(UInt64(0)) { $0 | FuzzyTerm.mask($1) }
      repeats |= PaletteSignature.repeats(prepared.lower)
      if kind.isTitle {
        words |= PaletteSignature.words(prepared.lower, classes: prepared.classes)
        initials |= PaletteSignature.initials(prepared.lower, classes: prepared.classes)
        titleShape.add(prepared)
      } else {
        otherShape.add(prepared)
      }
      fields.append(
        PaletteField(
          start: original.count, count: prepared.original.count, kind: kind, ordinal: ordinal,
          mask: mask))
      original += prepared.original
      lower += prepared.lower
      classes += prepared.classes
      bonus += prepared.bonus
      folded += prepared.lower.map(PalettePrefilter.fold)
      entryMask |= mask
    }
    add(entry.title, .title)
    if let title = entry.discoverabilityTitle, title != entry.title {
      add(title, .discoverabilityTitle)
    }
    for (ordinal, alias) in entry.aliases.enumerated() { add(alias, .alias, ordinal) }
    for (ordinal, keyword) in entry.keywords.enumerated() { add(keyword, .keyword, ordinal) }
    add(entry.pathText, .path)
    entryFields[position] = first..<fields.count
    // The entry's old bits (none for a new entry) leave the postings, its new ones enter them.
    let block = (position >> 6) &* PalettePostings.stride
    let entryBit: UInt64 = 1 << UInt64(position & 63)
    func post(_ old: UInt64, _ new: UInt64, at slot: Int) {
      for bit in SetBits(old) { postings[block &+ slot &+ bit] &= ~entryBit }
      for bit in SetBits(new) { postings[block &+ slot &+ bit] |= entryBit }
    }
    post(entryMasks[position], entryMask, at: PalettePostings.letters)
    post(entryRepeats[position], repeats, at: PalettePostings.repeats)
    for word in 0..<PaletteOrderSignature.words {
      post(
        entryOrders[position &* PaletteOrderSignature.words &+ word], orders.bits[word],
        at: PalettePostings.pairs &+ word &* 64)
    }
    entryMasks[position] = entryMask
    entryWords[position] = words
    entryInitials[position] = initials
    entryRepeats[position] = repeats
    for word in 0..<PaletteOrderSignature.words {
      let slot = position * PaletteOrderSignature.words + word
      // The entry's old bits (none for a new entry) no longer count.
      PaletteOrderSignature.count(entryOrders[slot], word: word, into: &pairCounts, by: -1)
      entryOrders[slot] = orders.bits[word]
      PaletteOrderSignature.count(orders.bits[word], word: word, into: &pairCounts, by: 1)
    }
    titleShapes[position] = titleShape
    otherShapes[position] = otherShape
    titleLengths[position] =
      first < fields.count && fields[first].kind == .title ? fields[first].count : 0
    let titles = [entry.title] + [entry.discoverabilityTitle].compactMap { $0 } + entry.aliases
    for title in exactTitles[position] {
      entriesByExactTitle[title]?.removeAll { $0 == position }
    }
    exactTitles[position] = titles.map(PaletteStorage.comparableTitle)
    for title in Set(exactTitles[position]) {
      entriesByExactTitle[title, default: []].append(position)
    }
    isEnabled[position] = entry.isEnabled
    rankTails[position] = PaletteCandidate.key(
      entry: position, score: PaletteCandidate.maximumScore, isEnabled: entry.isEnabled,
      titleLength: titleLengths[position])
  }

  /// A title lowercased, without a trailing `…` or `...`, with its words separated by single
  /// spaces.
  static func comparableTitle(_ title: String) -> String {
    var text = title.lowercased()
    if text.hasSuffix("…") {
      text.removeLast()
    } else if text.hasSuffix("...") {
      text.removeLast(3)
    }
    return text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
  }
}

/// Signatures of an entry's title-like texts that tell, from one bit, that a term cannot earn
/// the whole-word or the acronym bonus there: the bounds of the limited search
/// (``PaletteIndex/search(_:history:limit:)``) rest on them.
///
/// Both hash lowercase scalars, so they hold for case-sensitive terms too (a case-sensitive
/// match is also a match of the lowercase forms).
enum PaletteSignature {
  /// The bit of a sequence of lowercase scalars: FNV-1a, folded to 6 bits.
  static func bit(_ scalars: some Sequence<UInt32>) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for scalar in scalars { hash = (hash ^ UInt64(scalar)) &* 0x100_0000_01B3 }
    return 1 << ((hash ^ hash >> 32 ^ hash >> 16) & 63)
  }

  /// One bit for each word of a text: each maximal run of word characters, lowercased.
  static func words(_ lower: [UInt32], classes: [UInt8]) -> UInt64 {
    var signature: UInt64 = 0
    var start = -1
    for index in 0...lower.count {
      let isWord =
        index < lower.count && (FuzzyCharacterClass(rawValue: classes[index]) ?? .white).isWord
      if isWord && start < 0 {
        start = index
      } else if !isWord && start >= 0 {
        signature |= bit(lower[start..<index])
        start = -1
      }
    }
    return signature
  }

  /// The bit of a text's initials (the characters that start a word, a camelCase hump or a
  /// number, as ``PaletteBuffers/isAcronym(_:of:classes:)`` reads them), lowercased; 0 when
  /// it has fewer than two, as no acronym bonus applies then.
  static func initials(_ lower: [UInt32], classes: [UInt8]) -> UInt64 {
    var initials: [UInt32] = []
    var previous = FuzzyCharacterClass.white
    for index in 0..<lower.count {
      let current = FuzzyCharacterClass(rawValue: classes[index]) ?? .white
      defer { previous = current }
      if current.isWord
        && (!previous.isWord || previous == .lower && current == .upper
          || previous != .number && current == .number)
      {
        initials.append(lower[index])
      }
    }
    return initials.count >= 2 ? bit(initials) : 0
  }

  /// The mask bits (``FuzzyTerm/mask(_:)``) of the scalars a text has more than once.
  static func repeats(_ lower: [UInt32]) -> UInt64 {
    guard lower.count > 1 else { return 0 }
    var signature: UInt64 = 0
    // A short text (a query's term, most titles) compares each scalar with the earlier ones,
    // without hashing; a long one remembers the scalars seen.
    if lower.count <= 32 {
      for index in 1..<lower.count where lower[..<index].contains(lower[index]) {
        signature |= FuzzyTerm.mask(lower[index])
      }
      return signature
    }
    var seen = Set<UInt32>()
    for scalar in lower where !seen.insert(scalar).inserted {
      signature |= FuzzyTerm.mask(scalar)
    }
    return signature
  }

  /// The word bit of a term: 0 when the term has a non-word character, as a whole-word match
  /// of it then spans several words.
  static func wordBit(of term: FuzzyTerm) -> UInt64 {
    let lower = term.scalars.map(FuzzyText.lowercase)
    guard !lower.isEmpty, lower.allSatisfy({ FuzzyText.characterClass($0).isWord }) else {
      return 0
    }
    return bit(lower)
  }

  /// The acronym bit of a term: 0 for a term shorter than two characters, which is no
  /// acronym.
  static func initialsBit(of term: FuzzyTerm) -> UInt64 {
    term.scalars.count >= 2 ? bit(term.scalars.map(FuzzyText.lowercase)) : 0
  }
}

/// What bounds a term's alignment score in a group of texts: the characters that sit where a
/// match earns a bonus, and the pairs of characters that follow each other (so may match
/// consecutively), each as a 64-bit signature of lowercase scalars.
///
/// A character of a term earns at most 16 + 10 when it may continue a run (its pair with the
/// term's previous character is in ``pairs``) or sits on a bonus position (it is in
/// ``bonusCharacters``), and 16 otherwise; the first character's bonus counts twice. Gap
/// penalties only lower the score, so the sum is an upper bound of fzf's V2 score.
struct PaletteShape: Sendable {
  /// The characters (``FuzzyTerm/mask(_:)``) found at a position with a bonus.
  var bonusCharacters: UInt64 = 0
  /// The pairs of adjacent characters (``pairBit(_:_:)``).
  var pairs: UInt64 = 0

  /// Adds a text's characters and pairs.
  mutating func add(_ text: FuzzyText) {
    for index in 0..<text.lower.count {
      if text.bonus[index] > 0 { bonusCharacters |= FuzzyTerm.mask(text.lower[index]) }
      if index > 0 { pairs |= PaletteShape.pairBit(text.lower[index - 1], text.lower[index]) }
    }
  }

  /// The bit of a pair of lowercase scalars.
  @inline(__always)
  static func pairBit(_ first: UInt32, _ second: UInt32) -> UInt64 {
    let hash = (UInt64(first) &* 0x9E37_79B9_7F4A_7C15) ^ (UInt64(second) &* 0xC2B2_AE3D_27D4_EB4F)
    return 1 << (hash >> 58)
  }

  /// The pair bit of each scalar with the one before it (0 for the first).
  static func pairBits(_ lower: [UInt32]) -> [UInt64] {
    lower.indices.map { $0 == 0 ? 0 : pairBit(lower[$0 - 1], lower[$0]) }
  }

  /// The highest alignment score a term of these lowercase scalars can reach in the texts.
  func bound(_ lower: UnsafeBufferPointer<UInt32>, masks: UnsafeBufferPointer<UInt64>) -> Int {
    PaletteShape.pairBits(Array(lower)).withUnsafeBufferPointer { bound(masks, pairs: $0) }
  }

  /// The highest alignment score a term can reach in the texts, from the mask bit of each of
  /// its lowercase scalars and their pair bits (``pairBits(_:)``).
  @inline(__always)
  func bound(_ masks: UnsafeBufferPointer<UInt64>, pairs termPairs: UnsafeBufferPointer<UInt64>)
    -> Int
  {
    // 16 for each character, 10 more for each that may earn a bonus, and the first
    // character's bonus once more.
    var total = 16 &* masks.count
    for index in 0..<masks.count
    where bonusCharacters & masks[index] | pairs & termPairs[index] != 0 {
      total &+= index == 0 ? 20 : 10
    }
    return total
  }
}

/// The ordered pairs of lowercase scalars of an entry's texts, hashed to 512 bits: the pair
/// (a, b) when a text has `a` somewhere before `b`. A term that is a subsequence of one of the
/// texts has each of its characters before every later one in that text, so an entry that
/// lacks one of the term's ordered pairs cannot match it: the limited search skips most
/// entries that have a query's letters in another order through the pairs' postings
/// (``PalettePostings``).
struct PaletteOrderSignature {
  /// The 64-bit words of a signature.
  static var words: Int { 8 }
  /// The signature's bits.
  var bits: [UInt64] = Array(repeating: 0, count: words)

  /// At most this many distinct scalars in a text are paired: a text with more sets every
  /// bit (it then rules nothing out), so a long text of distinct scalars costs linear time.
  static var distinctLimit: Int { 64 }

  /// Adds the ordered pairs of a text's lowercase scalars.
  ///
  /// - Complexity: O(*n*) for a text of *n* scalars (at most ``distinctLimit`` earlier
  ///   scalars are paired with each).
  mutating func add(_ lower: [UInt32]) {
    var seen: [UInt32] = []
    for scalar in lower {
      for earlier in seen {
        let (word, bit) = Self.position(earlier, scalar)
        bits[word] |= bit
      }
      if !seen.contains(scalar) {
        guard seen.count < Self.distinctLimit else {
          bits = Array(repeating: .max, count: Self.words)
          return
        }
        seen.append(scalar)
      }
    }
  }

  /// Adds `amount` to the count of each bit set in word `word` of a signature.
  static func count(_ bits: UInt64, word: Int, into counts: inout [Int], by amount: Int) {
    for bit in SetBits(bits) { counts[word &* 64 &+ bit] &+= amount }
  }

  /// The word and the bit of the pair of `first` before `second`.
  static func position(_ first: UInt32, _ second: UInt32) -> (word: Int, bit: UInt64) {
    let hash = (UInt64(first) &* 0x9E37_79B9_7F4A_7C15) ^ (UInt64(second) &* 0xC2B2_AE3D_27D4_EB4F)
    let index = Int(hash >> 55)
    return (index >> 6, 1 << UInt64(index & 63))
  }

  /// How far back a scalar of a term is paired with earlier ones in ``required(_:)``: every
  /// pair of a term of up to 9 scalars, and linear work for a longer one (all pairs of a
  /// hostile 100,000-scalar query would take billions of steps).
  static var pairReach: Int { 8 }

  /// The bits a query's terms need: each term's ordered pairs of lowercase scalars, each
  /// scalar with the later ones up to ``pairReach`` scalars on (a text that has the term as a
  /// subsequence has each of them), not only the consecutive ones. Fewer pairs only let more
  /// entries through to the exact alignment, so the reach changes speed, never results.
  static func required(_ terms: [FuzzyTerm]) -> [UInt64] {
    var required = [UInt64](repeating: 0, count: words)
    for term in terms {
      let lower = term.scalars.map(FuzzyText.lowercase)
      for second in lower.indices {
        for first in max(0, second - pairReach)..<second {
          let (word, bit) = position(lower[first], lower[second])
          required[word] |= bit
        }
      }
    }
    return required
  }
}

/// Where ``PaletteStorage/postings`` keeps each signature bit's entries: for each block of 64
/// entries, ``stride`` words, one for each bit of ``PaletteStorage/entryMasks`` (from
/// ``letters`` on), of ``PaletteStorage/entryRepeats`` (from ``repeats``) and of
/// ``PaletteStorage/entryOrders`` (from ``pairs``, word by word); bit `e & 63` of a word is
/// set when entry `e` has that signature bit.
enum PalettePostings {
  /// The first slot of the letter bits.
  static var letters: Int { 0 }
  /// The first slot of the repeat bits.
  static var repeats: Int { 64 }
  /// The first slot of the ordered-pair bits.
  static var pairs: Int { 128 }
  /// The words of one block.
  static var stride: Int { pairs &+ PaletteOrderSignature.words &* 64 }

  /// The slots a query needs: every bit of its letters, of its repeated letters and (for
  /// terms of several characters) of its ordered pairs (``PaletteOrderSignature/required(_:)``);
  /// the pairs first, the rarest of them first (by ``PaletteStorage/pairCounts``), then the
  /// repeats and the letters. An entry without one of them cannot match the query.
  static func slots(of terms: [FuzzyTerm], pairCounts: [Int]) -> [Int] {
    // The pairs as their count and slot in one integer, so that a plain sort orders them.
    var slots: [Int] = []
    for (word, bits) in PaletteOrderSignature.required(terms).enumerated() {
      for bit in SetBits(bits) {
        let pair = word &* 64 &+ bit
        slots.append(pairCounts[pair] &<< 16 | pair)
      }
    }
    slots.sort()
    for index in slots.indices { slots[index] = pairs &+ slots[index] & 0xFFFF }
    var mask: UInt64 = 0
    var repeated: UInt64 = 0
    for term in terms {
      mask |= term.mask
      repeated |= PaletteSignature.repeats(term.scalars.map(FuzzyText.lowercase))
    }
    for bit in SetBits(repeated) { slots.append(repeats &+ bit) }
    for bit in SetBits(mask) { slots.append(letters &+ bit) }
    return slots
  }

  /// The entries of a block that have every slot of `slots` (not empty), one bit each.
  @inline(__always)
  static func entries(
    having slots: UnsafeBufferPointer<Int>, in postings: UnsafeBufferPointer<UInt64>, block: Int
  ) -> UInt64 {
    let base = block &* stride
    var bits = postings[base &+ slots[0]]
    var index = 1
    while bits != 0 && index < slots.count {
      bits &= postings[base &+ slots[index]]
      index &+= 1
    }
    return bits
  }
}

/// The positions of the set bits of a word, lowest first: the walk the signatures' counts,
/// the rank order's letter slots and the scan's choice of words share.
struct SetBits: Sequence, IteratorProtocol {
  /// The bits not yet returned.
  private var bits: UInt64

  /// The set bits of `bits`.
  init(_ bits: UInt64) { self.bits = bits }

  /// The position of the lowest bit not yet returned, or nil when none is left.
  mutating func next() -> Int? {
    guard bits != 0 else { return nil }
    defer { bits &= bits &- 1 }
    return bits.trailingZeroBitCount
  }
}
