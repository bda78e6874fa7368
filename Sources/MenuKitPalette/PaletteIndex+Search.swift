import MenuKit
import Synchronization

// Palette search: fuzzy matching of every entry's texts, then ranking that knows about
// commands. The rules are documented on `search(_:history:limit:)` and in docs/guides/palette.md.

// MARK: - API

extension PaletteIndex {
  /// The entries that match a query, best first.
  ///
  /// The query is split at white space into terms; every term must match one of an entry's
  /// texts (title, discoverability title, aliases, keywords, menu path) as a subsequence, in
  /// any order, case-insensitively unless the term has an uppercase letter. Each term scores
  /// its best text with fzf's V2 alignment score, weighted by the text (title, discoverability
  /// title and aliases in full, keywords ¾, the path ½), plus:
  ///
  /// - 24 when the term is a whole word of a title-like text (title, discoverability title,
  ///   alias);
  /// - 32 when the term is the acronym of a title-like text (its words' initials, camelCase
  ///   humps included: `tfs` for "Toggle Full Screen");
  ///
  /// and the entry earns
  ///
  /// - 64 when the whole query is a title-like text (ignoring case, spacing and a trailing
  ///   ellipsis);
  /// - a recency bonus from `history`: 24 for the most recently used entry, 3 less for each
  ///   entry used since, and a frequency bonus of 4, 8, 12 or 16 for 1, 2–3, 4–7 and 8 or
  ///   more uses.
  ///
  /// Results are ordered by enabled state (enabled first), then score (highest first), then
  /// the title's length (shortest first), then index order, so equal queries always give the
  /// same order. An empty query lists every entry with only the history bonuses: recently used
  /// entries first, then menu order.
  ///
  /// ```swift
  /// index.search("recent open").first?.entry.title  // "Open Recent"
  /// index.search("rg").first?.entry.title           // "Find in Files" (alias "rg")
  /// ```
  ///
  /// - Parameters:
  ///   - query: What the user typed.
  ///   - history: The recently used commands.
  ///   - limit: The most results returned; nil for all.
  /// - Returns: The matching entries with their scores and highlights.
  /// - Complexity: O(*e*) for *e* entries when few texts contain a query's letters; O(*n* ·
  ///   *m*) for each text of *n* characters that does, for a query of *m*.
  public func search(
    _ query: String, history: PaletteHistory = PaletteHistory(), limit: Int? = nil
  ) -> [PaletteMatch] {
    let terms = FuzzyMatcher(query: query).prepared
    let queryTitle = PaletteStorage.comparableTitle(query)
    if let limit, !terms.isEmpty, limit <= PaletteIndex.boundedLimit {
      return boundedSearch(terms, queryTitle: queryTitle, history: history, limit: limit)
    }
    var historyBonus = [Int](repeating: 0, count: entries.count)
    for (rank, record) in history.records.enumerated() {
      guard let position = positions[record.identifier] else { continue }
      historyBonus[position] = PaletteRanking.historyBonus(rank: rank, useCount: record.useCount)
    }
    let exact = storage.entriesByExactTitle[queryTitle] ?? []
    let scratch = FuzzyScratch()
    var candidates: [UInt64] = []
    var scores = [Int](repeating: 0, count: entries.count)
    let patterns = PalettePatterns(terms)
    defer { patterns.deallocate() }
    storage.withBuffers { buffers in
      for entry in 0..<buffers.entryMasks.count {
        var total = historyBonus[entry]
        if !terms.isEmpty {
          let mask = buffers.entryMasks[entry]
          var matched = true
          for pattern in patterns.terms where pattern.mask & ~mask != 0 {
            matched = false
            break
          }
          guard matched, buffers.mayMatch(patterns.terms, entry: entry),
            let score = buffers.score(of: patterns.terms, entry: entry, scratch: scratch)
          else { continue }
          total += score
          if !exact.isEmpty && exact.contains(entry) { total += PaletteRanking.exactTitle }
        }
        scores[entry] = total
        candidates.append(
          PaletteCandidate.key(
            entry: entry, score: total, isEnabled: storage.isEnabled[entry],
            titleLength: terms.isEmpty ? 0 : buffers.titleLength(of: entry)))
      }
    }
    if let limit, limit < candidates.count / 4 {
      candidates = PaletteCandidate.smallest(limit, of: candidates)
    } else {
      candidates.sort()
      if let limit, candidates.count > limit { candidates.removeLast(candidates.count - limit) }
    }
    return candidates.map { key in
      let entry = PaletteCandidate.entry(of: key)
      return PaletteMatch(
        entry: entries[entry], score: scores[entry],
        highlights: highlights(of: entry, patterns: patterns, scratch: scratch))
    }
  }
}

// MARK: - Internal

extension PaletteIndex {
  /// Up to this limit, ``search(_:history:limit:)`` keeps only the best results as it goes
  /// and scores only the entries whose upper bound can still enter them.
  static let boundedLimit = 256

  /// The limited search examines this many entries by rank tail before it chooses between
  /// going on in that order and the rest in index order.
  static let rankOrderProbe = 1_024

  /// The best `limit` matches, found without scoring most entries: each entry that has the
  /// query's letters gets an upper bound of its score first — every term's best possible
  /// alignment (each character 16 + 10, the first one's bonus twice), the whole-word and
  /// acronym bonuses only where the entry's signatures allow them, its history and exact-title
  /// bonuses; then, for an entry the byte prefilter passes, the tighter bound of its texts'
  /// shapes (``PaletteBoundBuffers/bound(of:entry:)``) — and is scored only when that bound,
  /// with its enabled state, title length and position, would rank ahead of the current
  /// `limit`-th result. The results are those of the full search, in the same order.
  func boundedSearch(
    _ terms: [FuzzyTerm], queryTitle: String, history: PaletteHistory, limit: Int
  ) -> [PaletteMatch] {
    // A query of one short term (its letters in most entries, its best scores the highest
    // its alignment can reach) scans the entries by rank tail; the others in index order.
    // (Two functions: with both scans in one, the compiler no longer inlines the per-entry
    // checks, and the index-order scan costs nearly twice as many instructions.)
    // (Nor when fewer than ``rankOrderProbe`` entries have one of its letters, or its
    // repeat: the scan by rank tail would then find too few matches to stop early.)
    if terms.count == 1 && terms[0].scalars.count <= 2 {
      let repeats = PaletteSignature.repeats(terms[0].scalars.map(FuzzyText.lowercase))
      let rankOrder = historyCache.rankOrder(of: storage)
      if rankOrder.isCommon(mask: terms[0].mask, repeats: repeats) {
        return rankOrderSearch(
          terms, queryTitle: queryTitle, history: history, limit: limit, rankOrder: rankOrder)
      }
    }
    return indexOrderSearch(terms, queryTitle: queryTitle, history: history, limit: limit)
  }

  /// ``boundedSearch(_:queryTitle:history:limit:)`` in index order: one pass over the
  /// entries, which takes each entry's history and exact-title bonus as it goes.
  func indexOrderSearch(
    _ terms: [FuzzyTerm], queryTitle: String, history: PaletteHistory, limit: Int
  ) -> [PaletteMatch] {
    guard limit > 0 else { return [] }
    // The history and exact-title bonuses, by entry, in index order.
    let bonuses = searchBonuses(queryTitle: queryTitle, history: history)
    var scan = PaletteBoundedScan(terms, limit: limit, pairCounts: storage.pairCounts)
    defer { scan.patterns.deallocate() }
    // The bonus of the next entry that has one, and its index (`Int.max` after the last).
    var nextBonus = 0
    var bonusEntry = bonuses.first?.entry ?? Int.max
    storage.withBuffers { buffers in
      storage.withBoundBuffers { bounds in
        // A local copy, which the compiler keeps in registers.
        var local = scan
        defer { scan = local }
        // The entries that have the query's letters, repeats and pairs, a block of 64 at a
        // time.
        local.slots.withUnsafeBufferPointer { slots in
          storage.postings.withUnsafeBufferPointer { postings in
            let blocks = (buffers.entryMasks.count &+ 63) >> 6
            for block in 0..<blocks {
              let bits = PalettePostings.entries(having: slots, in: postings, block: block)
              for bit in SetBits(bits) {
                let entry = block &<< 6 | bit
                var bonus = 0
                while bonusEntry < entry {
                  nextBonus += 1
                  bonusEntry = nextBonus < bonuses.count ? bonuses[nextBonus].entry : Int.max
                }
                if bonusEntry == entry { bonus = bonuses[nextBonus].bonus }
                local.rank(
                  entry, bonus: bonus, tail: bounds.rankTails[entry], buffers: buffers,
                  bounds: bounds)
              }
            }
          }
        }
      }
    }
    return matches(of: scan)
  }

  /// ``boundedSearch(_:queryTitle:history:limit:)`` by rank tail, for a query of one term of
  /// one or two characters: the entries with a bonus first, then the others by rank tail
  /// (``PaletteRankOrder``), up to where no entry left can rank ahead even with every title
  /// bonus; after ``rankOrderProbe`` entries, the rest in index order when the threshold would
  /// leave most of them to examine.
  func rankOrderSearch(
    _ terms: [FuzzyTerm], queryTitle: String, history: PaletteHistory, limit: Int,
    rankOrder: PaletteRankOrder
  ) -> [PaletteMatch] {
    guard limit > 0 else { return [] }
    // The history and exact-title bonuses, by entry, in index order.
    let bonuses = searchBonuses(queryTitle: queryTitle, history: history)
    var scan = PaletteBoundedScan(terms, limit: limit, pairCounts: storage.pairCounts)
    defer { scan.patterns.deallocate() }
    let entryCount = storage.entryMasks.count
    let looseFloor = scan.looseFloor
    let titleBits = scan.titleBits
    // The score bits of the highest loose bound of an entry without history or title bonuses:
    // every title bonus of every term.
    let looseCeiling = PaletteCandidate.key(
      tail: 0,
      score: scan.patterns.terms.reduce(scan.alignmentBound) {
        $0 &+ PaletteRanking.wholeWord &+ ($1.initialsBit != 0 ? PaletteRanking.acronym : 0)
      })
    // The entries that have the query's letters, repeats and pair, one bit each; the
    // entries with a bonus, examined first, are then taken out.
    let blocks = (entryCount &+ 63) >> 6
    let candidates = UnsafeMutablePointer<UInt64>.allocate(capacity: max(blocks, 1))
    defer { candidates.deallocate() }
    scan.slots.withUnsafeBufferPointer { slots in
      storage.postings.withUnsafeBufferPointer { postings in
        for block in 0..<blocks {
          candidates[block] = PalettePostings.entries(having: slots, in: postings, block: block)
        }
      }
    }
    storage.withBuffers { buffers in
      storage.withBoundBuffers { bounds in
        // A local copy, which the compiler keeps in registers.
        var local = scan
        defer { scan = local }
        /// Ranks one entry with its bonus in `scan` when it is among the candidates: an entry
        /// with a bonus, examined first, or one without of a tail from `first` on.
        /// (The scan is passed in, not captured: a captured variable would be checked for
        /// exclusive access at run time on every entry.)
        @inline(__always)
        func examine(
          _ scan: inout PaletteBoundedScan, _ entry: Int, bonus: Int, tail: UInt64,
          first: UInt64 = 0
        ) {
          guard candidates[entry >> 6] & (1 << UInt64(entry & 63)) != 0, tail >= first
          else { return }
          scan.rank(entry, bonus: bonus, tail: tail, buffers: buffers, bounds: bounds)
        }
        // First the entries with a bonus.
        for (entry, bonus) in bonuses {
          examine(&local, entry, bonus: bonus, tail: bounds.rankTails[entry])
        }
        for (entry, _) in bonuses { candidates[entry >> 6] &= ~(1 << UInt64(entry & 63)) }
        // Then the others by rank tail, so that the threshold soon holds the best keys and
        // the scan stops where no entry without a bonus can rank ahead of it. When, after
        // the first entries, the threshold would leave most entries to examine anyway, the
        // rest in index order (memory order).
        let probe = min(entryCount, PaletteIndex.rankOrderProbe)
        var position = 0
        var rest: UInt64 = 0
        rankOrder.order.withUnsafeBufferPointer { order in
          rankOrder.tails.withUnsafeBufferPointer { tails in
            rankOrder.signatures.withUnsafeBufferPointer { signatures in
              // The threshold in a register, read again after each entry examined.
              var threshold = local.threshold
              // Up to the probe, then (unless the rest goes in index order) to the end.
              var end = probe
              while true {
                while position < end {
                  let tail = tails[position]
                  if tail | looseFloor >= threshold {
                    // No later entry without a bonus can rank ahead with every title bonus.
                    if tail | looseCeiling >= threshold {
                      position = entryCount
                      return
                    }
                    // Nor this one, without a title bonus.
                    if signatures[position] & titleBits == 0 {
                      position &+= 1
                      continue
                    }
                  }
                  examine(&local, order[position], bonus: 0, tail: tail)
                  threshold = local.threshold
                  position &+= 1
                }
                guard end < entryCount else { return }
                // The first position whose loose floor ranks after the threshold.
                var low = position
                var high = entryCount
                while low < high {
                  let middle = (low &+ high) >> 1
                  if tails[middle] | looseFloor < threshold {
                    low = middle &+ 1
                  } else {
                    high = middle
                  }
                }
                if low &* 2 > entryCount {
                  rest = tails[position]
                  return
                }
                end = entryCount
              }
            }
          }
        }
        // The rest in index order: the entries of a tail from `rest` on, without a bonus.
        if position < entryCount {
          for block in 0..<blocks {
            for bit in SetBits(candidates[block]) {
              let entry = block &<< 6 | bit
              examine(&local, entry, bonus: 0, tail: bounds.rankTails[entry], first: rest)
            }
          }
        }
      }
    }
    return matches(of: scan)
  }

  /// The matches a limited search kept, best first, with their highlights.
  private func matches(of scan: PaletteBoundedScan) -> [PaletteMatch] {
    scan.top.map { candidate in
      let entry = PaletteCandidate.entry(of: candidate.key)
      return PaletteMatch(
        entry: entries[entry], score: candidate.score,
        highlights: highlights(
          of: entry, patterns: scan.patterns, scratch: scan.scratch, fields: candidate.fields))
    }
  }

  /// The history and exact-title bonuses of a search, by entry, sorted by entry.
  func searchBonuses(queryTitle: String, history: PaletteHistory) -> [(entry: Int, bonus: Int)] {
    let cached = historyCache.bonuses(of: history) { historyBonuses(of: $0) }
    guard let exact = storage.entriesByExactTitle[queryTitle], !exact.isEmpty else {
      return cached
    }
    var bonuses = cached
    for entry in exact { bonuses.append((entry, PaletteRanking.exactTitle)) }
    return Self.merged(bonuses)
  }

  /// The history bonuses of a search, by entry, sorted by entry, one element for each entry.
  func historyBonuses(of history: PaletteHistory) -> [(entry: Int, bonus: Int)] {
    var bonuses: [(entry: Int, bonus: Int)] = []
    for (rank, record) in history.records.enumerated() {
      guard let position = positions[record.identifier] else { continue }
      bonuses.append(
        (position, PaletteRanking.historyBonus(rank: rank, useCount: record.useCount)))
    }
    return Self.merged(bonuses)
  }

  /// Bonuses sorted by entry, with one element for each entry (an entry may have both
  /// bonuses, or a record twice): the sum of its bonuses.
  static func merged(_ bonuses: [(entry: Int, bonus: Int)]) -> [(entry: Int, bonus: Int)] {
    var bonuses = bonuses
    bonuses.sort { $0.entry < $1.entry }
    var merged: [(entry: Int, bonus: Int)] = []
    merged.reserveCapacity(bonuses.count)
    for element in bonuses {
      if let last = merged.last, last.entry == element.entry {
        merged[merged.count - 1].bonus += element.bonus
      } else {
        merged.append(element)
      }
    }
    return merged
  }
}

/// The history bonuses of the last history an index was searched with, so that searches with
/// the same history (every keystroke of one palette session) do not look its identifiers up
/// again. An index that gains an entry gets a new cache.
final class PaletteHistoryCache: Sendable {
  private let last = Mutex<
    (records: [PaletteHistory.Record], bonuses: [(entry: Int, bonus: Int)])?
  >(nil)

  /// The bonuses of `history`: the cached ones when its records equal the last history's,
  /// else `compute(history)`, which the cache then keeps.
  func bonuses(
    of history: PaletteHistory,
    compute: (PaletteHistory) -> [(entry: Int, bonus: Int)]
  ) -> [(entry: Int, bonus: Int)] {
    if let cached = last.withLock({ $0 }), cached.records == history.records {
      return cached.bonuses
    }
    let bonuses = compute(history)
    last.withLock { $0 = (history.records, bonuses) }
    return bonuses
  }

  /// The entries sorted by rank tail, computed once per index.
  private let order = Mutex<PaletteRankOrder?>(nil)

  /// The entries of `storage` sorted by their rank tails (``PaletteRankOrder``): the cached
  /// order, else a new one, which the cache then keeps.
  func rankOrder(of storage: PaletteStorage) -> PaletteRankOrder {
    if let cached = order.withLock({ $0 }) { return cached }
    let computed = PaletteRankOrder(storage)
    order.withLock { $0 = computed }
    return computed
  }

  /// Forgets the last history and the rank order.
  func clear() {
    last.withLock { $0 = nil }
    order.withLock { $0 = nil }
  }
}

/// The entries of an index sorted by ``PaletteStorage/rankTails`` (enabled first, then the
/// shorter title, then index order), with their tails and title signatures in that order: the
/// limited search scans them so that it can stop where no entry left can rank ahead.
struct PaletteRankOrder: Sendable {
  /// The entries, by rank tail.
  let order: [Int]
  /// Their rank tails, ascending.
  let tails: [UInt64]
  /// Their word and acronym signatures (``PaletteStorage/entryWords`` and
  /// ``PaletteStorage/entryInitials``), or-ed.
  let signatures: [UInt64]
  /// How many entries have each bit of ``PaletteStorage/entryMasks`` (0 to 63) and of
  /// ``PaletteStorage/entryRepeats`` (64 to 127).
  let letterCounts: [Int]

  init(_ storage: PaletteStorage) {
    let tails = storage.rankTails
    order = tails.indices.sorted { tails[$0] < tails[$1] }
    self.tails = order.map { tails[$0] }
    signatures = order.map { storage.entryWords[$0] | storage.entryInitials[$0] }
    var counts = [Int](repeating: 0, count: 128)
    for (mask, repeats) in zip(storage.entryMasks, storage.entryRepeats) {
      for slot in Self.slots(mask: mask, repeats: repeats) { counts[slot] &+= 1 }
    }
    letterCounts = counts
  }

  /// The slots of ``letterCounts`` that the bits of `mask` and `repeats` stand for.
  private static func slots(mask: UInt64, repeats: UInt64) -> [Int] {
    var slots: [Int] = []
    for (offset, word) in [(0, mask), (64, repeats)] {
      for bit in SetBits(word) { slots.append(offset &+ bit) }
    }
    return slots
  }

  /// Whether at least ``PaletteIndex/rankOrderProbe`` entries have each bit of `mask` (a
  /// letter) and each bit of `repeats` (a repeated letter): otherwise few entries match a
  /// query with them, and the scan by rank tail would not stop early.
  func isCommon(mask: UInt64, repeats: UInt64) -> Bool {
    Self.slots(mask: mask, repeats: repeats).allSatisfy {
      letterCounts[$0] >= PaletteIndex.rankOrderProbe
    }
  }
}

/// The ranking bonuses (docs/guides/palette.md).
enum PaletteRanking {
  /// A term that is a whole word of a title-like text.
  static let wholeWord = 24
  /// A term that is the acronym of a title-like text.
  static let acronym = 32
  /// A query that is a whole title-like text.
  static let exactTitle = 64
  /// The recency bonus of the most recently used entry; each later rank earns 3 less.
  static let recency = 24

  /// The history bonus of an entry at `rank` (0 = most recent) used `useCount` times.
  static func historyBonus(rank: Int, useCount: Int) -> Int {
    let recency = max(0, recency - 3 * rank)
    let frequency = 4 * min(4, Int.bitWidth - max(1, useCount).leadingZeroBitCount)
    return recency + frequency
  }
}

/// One limited search's facts about its query and its best keys so far: the per-entry
/// checks of ``PaletteIndex/boundedSearch(_:queryTitle:history:limit:)``, whichever order it
/// examines the entries in.
struct PaletteBoundedScan {
  /// The query's terms, in the scorer's form; the search deallocates them.
  let patterns: PalettePatterns
  /// The scorer's scratch rows, shared by every entry of the search.
  let scratch = FuzzyScratch()
  /// The first bound, before the texts' shapes: every term's best alignment anywhere (each
  /// character 16 + 10, the first one's bonus twice).
  let alignmentBound: Int
  /// The whole-word bonus of the terms with a non-word character, which no signature rules
  /// out.
  let anyWordBonus: Int
  /// The score bits of the loose bound of an entry without history or title bonuses.
  let looseFloor: UInt64
  /// An entry with none of these signature bits earns no other title bonus.
  let titleBits: UInt64
  let hasLongTerm: Bool
  let isMultiTerm: Bool
  /// The word bits of the terms when every term is a word, else all bits (which an entry
  /// has only by chance; skipping the order bound never changes the results).
  let queryWords: UInt64
  /// The slots of ``PaletteStorage/postings`` an entry must have
  /// (``PalettePostings/slots(of:pairCounts:)``): the query's letters, repeated letters and
  /// ordered pairs.
  let slots: [Int]
  /// How many results the search keeps.
  let limit: Int
  /// The best keys so far, sorted, with their scores and best fields.
  var top: [(key: UInt64, score: Int, fields: UInt64)] = []
  /// The key of the `limit`-th result once there are `limit`; an entry must rank ahead of it.
  var threshold = UInt64.max
  /// How many entries the order bound bounded, and how many it rejected.
  var orderTries = 0
  var orderRejects = 0

  /// The facts of a query of `terms`, for a search that keeps `limit` results of an index
  /// with these ``PaletteStorage/pairCounts``.
  init(_ terms: [FuzzyTerm], limit: Int, pairCounts: [Int]) {
    patterns = PalettePatterns(terms)
    self.limit = limit
    alignmentBound = terms.reduce(0) { $0 + 26 * $1.scalars.count + 10 }
    anyWordBonus = patterns.terms.filter { $0.wordBit == 0 }.count * PaletteRanking.wholeWord
    looseFloor = PaletteCandidate.key(tail: 0, score: alignmentBound &+ anyWordBonus)
    titleBits = patterns.terms.reduce(UInt64(0)) { $0 | $1.wordBit | $1.initialsBit }
    hasLongTerm = terms.contains { $0.scalars.count > 1 }
    isMultiTerm = terms.count > 1
    queryWords =
      patterns.terms.contains { $0.wordBit == 0 }
      ? UInt64.max : patterns.terms.reduce(UInt64(0)) { $0 | $1.wordBit }
    slots = PalettePostings.slots(of: terms, pairCounts: pairCounts)
    top.reserveCapacity(limit + 1)
  }

  /// Ranks an entry that has every slot of ``slots``, with its history and exact-title bonus
  /// and its rank tail: its bounds first, then, when they may rank it among the best `limit`,
  /// its score.
  @inline(__always)
  mutating func rank(
    _ entry: Int, bonus: Int, tail: UInt64, buffers: PaletteBuffers, bounds: PaletteBoundBuffers
  ) {
    if threshold != UInt64.max {
      // First the bound with each term's best alignment and the title bonuses the entry's
      // signatures allow, then the bytes (most entries with the query's letters do not have
      // them in order), then the texts' shapes.
      // (The loose bound is at least its value without bonuses: when that ranks ahead, so
      // does the loose bound, which is not computed then.)
      if tail | looseFloor >= threshold {
        var titleBonuses = anyWordBonus
        if (bounds.words[entry] | bounds.initials[entry]) & titleBits != 0 {
          titleBonuses = bounds.titleBonuses(of: patterns.terms, entry: entry)
        }
        let loose = bonus &+ titleBonuses &+ alignmentBound
        if PaletteCandidate.key(tail: tail, score: loose) >= threshold { return }
      }
      // (With several terms, the shapes first: an entry that has every term's letters in
      // order is then often a match, and a loose one.)
      if isMultiTerm {
        let bound = bonus &+ bounds.bound(of: patterns.terms, entry: entry)
        if PaletteCandidate.key(tail: tail, score: bound) >= threshold { return }
      }
      guard buffers.mayMatch(patterns.terms, entry: entry) else { return }
      if !isMultiTerm {
        let bound = bonus &+ bounds.bound(of: patterns.terms, entry: entry)
        if PaletteCandidate.key(tail: tail, score: bound) >= threshold { return }
      }
      // Then the bound that sees the order of each term's characters (the score itself when
      // every term is one character), as long as it rejects at least a quarter of the
      // entries it bounds (after 64 tries): where the best entries all have the query's
      // letters in order it rejects none, and the alignment is cheaper alone.
      // (Nor for an entry whose title-like texts may have every term as a word: its letters
      // are then in a row, and bounded as well by the shapes.)
      if hasLongTerm && (orderTries < 64 || orderRejects &* 4 >= orderTries)
        && bounds.words[entry] & queryWords != queryWords
      {
        orderTries &+= 1
        guard
          let order = buffers.orderBound(of: patterns.terms, entry: entry, scratch: scratch),
          PaletteCandidate.key(tail: tail, score: bonus &+ order) < threshold
        else {
          orderRejects &+= 1
          return
        }
      }
    } else if !buffers.mayMatch(patterns.terms, entry: entry) {
      return
    }
    guard
      let (score, fields) = buffers.scoreAndFields(
        of: patterns.terms, entry: entry, scratch: scratch)
    else { return }
    let total = bonus + score
    let key = PaletteCandidate.key(tail: tail, score: total)
    if top.count == limit {
      guard key < threshold else { return }
      top.removeLast()
    }
    var low = 0
    var high = top.count
    while low < high {
      let middle = (low + high) / 2
      if top[middle].key < key { low = middle + 1 } else { high = middle }
    }
    top.insert((key, total, fields), at: low)
    if top.count == limit { threshold = top[limit - 1].key }
  }
}

/// The sort key of an entry that matched: one integer whose order is the ranking order.
enum PaletteCandidate {
  /// Enabled first, then the higher score, the shorter title, the earlier entry: bit 63 is
  /// set for a disabled entry, bits 43–62 hold the score subtracted from 2²⁰ − 1 (scores are
  /// clamped to 0...2²⁰ − 1), bits 32–42 the title's length (clamped to 2,047), and bits 0–31
  /// the entry's index.
  static func key(entry: Int, score: Int, isEnabled: Bool, titleLength: Int) -> UInt64 {
    let disabled: UInt64 = isEnabled ? 0 : 1 << 63
    let length = UInt64(min(titleLength, 0x7FF))
    return key(
      tail: disabled | length << 32 | UInt64(UInt32(truncatingIfNeeded: entry)), score: score)
  }

  /// The highest score a key holds; higher scores are clamped to it.
  static let maximumScore = 0xF_FFFF

  /// The key of an entry's ``PaletteStorage/rankTails`` with a score.
  @inline(__always)
  static func key(tail: UInt64, score: Int) -> UInt64 {
    tail | UInt64(maximumScore - min(max(score, 0), maximumScore)) << 43
  }

  /// The entry's index in a key.
  static func entry(of key: UInt64) -> Int { Int(key & 0xFFFF_FFFF) }

  /// The `count` smallest keys, sorted: one comparison for most keys when `count` is small.
  static func smallest(_ count: Int, of keys: [UInt64]) -> [UInt64] {
    guard count > 0 else { return [] }
    var top: [UInt64] = []
    top.reserveCapacity(count + 1)
    for key in keys {
      if top.count == count, let last = top.last, key >= last { continue }
      var low = 0
      var high = top.count
      while low < high {
        let middle = (low + high) / 2
        if top[middle] < key { low = middle + 1 } else { high = middle }
      }
      top.insert(key, at: low)
      if top.count > count { top.removeLast() }
    }
    return top
  }
}

extension PaletteIndex {
  /// The highlights of an entry: for each term, the positions in its best text.
  ///
  /// - Parameter fields: The best field of each term when the search knows them
  ///   (``PaletteBuffers/scoreAndFields(of:entry:scratch:)``); nil to find them again.
  func highlights(
    of entry: Int, patterns: PalettePatterns, scratch: FuzzyScratch, fields: UInt64? = nil
  ) -> [PaletteHighlight] {
    let terms = patterns.terms
    // Each term's best field (-1 when it has none), on the stack: one term's highlights cost
    // about a tenth less than with an array.
    return withUnsafeTemporaryAllocation(of: Int.self, capacity: terms.count) { best in
      best.initialize(repeating: -1)
      return highlights(of: entry, patterns: patterns, scratch: scratch, fields: fields, best: best)
    }
  }

  /// ``highlights(of:patterns:scratch:fields:)`` with room for each term's best field.
  private func highlights(
    of entry: Int, patterns: PalettePatterns, scratch: FuzzyScratch, fields: UInt64?,
    best: UnsafeMutableBufferPointer<Int>
  ) -> [PaletteHighlight] {
    let terms = patterns.terms
    return storage.withBuffers { buffers in
      for (number, pattern) in terms.enumerated() {
        if let fields, number < 8, (fields >> (8 * number)) & 0xFF != 0xFF {
          best[number] =
            buffers.entryFields[entry].lowerBound + Int((fields >> (8 * number)) & 0xFF)
        } else if let found = buffers.bestField(for: pattern, of: entry, scratch: scratch) {
          best[number] = found.field
        }
      }
      // One highlight for each field, in field order, with the positions of its terms.
      var result: [PaletteHighlight] = []
      var previous = -1
      while true {
        var index = Int.max
        for field in best where field > previous && field < index { index = field }
        guard index != Int.max else { break }
        previous = index
        var positions: [Int] = []
        for (number, field) in best.enumerated() where field == index {
          let found = buffers.positions(of: terms[number], inField: index, scratch: scratch)
          if positions.isEmpty { positions = found } else { positions += found }
        }
        let field = storage.fields[index]
        let (kind, text): (PaletteHighlight.Field, String) =
          switch field.kind {
          case .title: (.title, entries[entry].title)
          case .discoverabilityTitle:
            (.discoverabilityTitle, entries[entry].discoverabilityTitle ?? "")
          case .alias: (.alias(field.ordinal), entries[entry].aliases[field.ordinal])
          case .keyword: (.keyword(field.ordinal), entries[entry].keywords[field.ordinal])
          case .path: (.path, entries[entry].pathText)
          }
        result.append(
          PaletteHighlight(
            field: kind, text: text,
            ranges: storage.ranges(of: &positions, inField: index, of: text)))
      }
      return result
    }
  }
}

extension PaletteStorage {
  /// The ranges of `text` (the text of field `index`) that hold the scalars at `positions`,
  /// merged where adjacent: what ``FuzzyTerm/ranges(of:in:)`` returns, found from the field's
  /// stored scalars (their UTF-8 lengths) instead of by walking the string.
  ///
  /// - Parameter positions: Scalar offsets in the field, in any order, maybe repeated; sorted
  ///   in place.
  func ranges(of positions: inout [Int], inField index: Int, of text: String)
    -> [Range<String.Index>]
  {
    guard !positions.isEmpty else { return [] }
    // One term's positions are ascending already.
    var isSorted = true
    for index in 1..<positions.count where positions[index - 1] > positions[index] {
      isSorted = false
      break
    }
    if !isSorted { positions.sort() }
    let start = fields[index].start
    let utf8 = text.utf8
    var result: [Range<String.Index>] = []
    result.reserveCapacity(positions.count)
    // The UTF-8 offset of scalar `scalar`, walked forward from the last one found.
    var scalar = 0
    var offset = 0
    func advance(to target: Int) {
      while scalar < target {
        let value = original[start &+ scalar]
        offset &+= value < 0x80 ? 1 : value < 0x800 ? 2 : value < 0x1_0000 ? 3 : 4
        scalar &+= 1
      }
    }
    var current = 0
    while current < positions.count {
      let first = positions[current]
      var last = first
      current += 1
      while current < positions.count && positions[current] <= last + 1 {
        last = positions[current]
        current += 1
      }
      advance(to: first)
      let lower = utf8.index(utf8.startIndex, offsetBy: offset)
      advance(to: last + 1)
      result.append(lower..<utf8.index(utf8.startIndex, offsetBy: offset))
    }
    return result
  }
}

extension PaletteStorage {
  /// The storage's arrays as buffers, for the duration of `body`.
  func withBuffers<Result>(_ body: (PaletteBuffers) -> Result) -> Result {
    original.withUnsafeBufferPointer { original in
      lower.withUnsafeBufferPointer { lower in
        classes.withUnsafeBufferPointer { classes in
          bonus.withUnsafeBufferPointer { bonus in
            fields.withUnsafeBufferPointer { fields in
              entryFields.withUnsafeBufferPointer { entryFields in
                entryMasks.withUnsafeBufferPointer { entryMasks in
                  entryWords.withUnsafeBufferPointer { entryWords in
                    entryInitials.withUnsafeBufferPointer { entryInitials in
                      entryRepeats.withUnsafeBufferPointer { entryRepeats in
                        folded.withUnsafeBytes { folded in
                          body(
                            PaletteBuffers(
                              original: original, lower: lower, classes: classes, bonus: bonus,
                              fields: fields, entryFields: entryFields, entryMasks: entryMasks,
                              entryWords: entryWords, entryInitials: entryInitials,
                              entryRepeats: entryRepeats, folded: folded))
                        }
                      }
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
  }

}

extension PaletteStorage {
  /// The arrays the bounds of the limited search read, as buffers, for the duration of `body`.
  func withBoundBuffers<Result>(_ body: (PaletteBoundBuffers) -> Result) -> Result {
    rankTails.withUnsafeBufferPointer { rankTails in
      entryWords.withUnsafeBufferPointer { words in
        entryInitials.withUnsafeBufferPointer { initials in
          titleShapes.withUnsafeBufferPointer { titleShapes in
            otherShapes.withUnsafeBufferPointer { otherShapes in
              body(
                PaletteBoundBuffers(
                  rankTails: rankTails, words: words, initials: initials,
                  titleShapes: titleShapes, otherShapes: otherShapes))
            }
          }
        }
      }
    }
  }
}

/// Borrowed views of the per-entry arrays of ``PaletteStorage`` that the bounds read.
struct PaletteBoundBuffers {
  let rankTails: UnsafeBufferPointer<UInt64>
  let words: UnsafeBufferPointer<UInt64>
  let initials: UnsafeBufferPointer<UInt64>
  let titleShapes: UnsafeBufferPointer<PaletteShape>
  let otherShapes: UnsafeBufferPointer<PaletteShape>

  /// The whole-word and acronym bonuses the entry's signatures allow each term.
  func titleBonuses(of terms: [PalettePatterns.Term], entry: Int) -> Int {
    var total = 0
    for term in terms { total &+= titleBonus(of: term, entry: entry) }
    return total
  }

  /// The whole-word and acronym bonuses the entry's signatures allow a term.
  @inline(__always)
  func titleBonus(of term: PalettePatterns.Term, entry: Int) -> Int {
    var total = 0
    if term.wordBit == 0 || words[entry] & term.wordBit != 0 { total &+= PaletteRanking.wholeWord }
    if initials[entry] & term.initialsBit != 0 { total &+= PaletteRanking.acronym }
    return total
  }

  /// The highest score a term can earn in an entry's title-like texts (alignment and the
  /// title bonuses the signatures allow), and in its other texts (the alignment, unweighted).
  @inline(__always)
  func bounds(of term: PalettePatterns.Term, entry: Int) -> (title: Int, other: Int) {
    (
      titleShapes[entry].bound(term.masks, pairs: term.pairs) + titleBonus(of: term, entry: entry),
      otherShapes[entry].bound(term.masks, pairs: term.pairs)
    )
  }

  /// An upper bound of the score of every term in an entry
  /// (``PaletteBuffers/score(of:entry:scratch:)``), without its history and exact-title
  /// bonuses: for each term, the higher of its bound in the title-like texts and its bound
  /// in the others weighted as a keyword (the path weighs less).
  @inline(__always)
  func bound(of terms: [PalettePatterns.Term], entry: Int) -> Int {
    var total = 0
    for term in terms {
      let bounds = bounds(of: term, entry: entry)
      total &+= max(bounds.title, bounds.other * PaletteFieldKind.keyword.weight / 4)
    }
    return total
  }
}

extension PaletteBuffers {
  /// The length of an entry's title in Unicode scalars.
  func titleLength(of entry: Int) -> Int {
    let range = entryFields[entry]
    guard let first = range.first, fields[first].kind == .title else { return 0 }
    return fields[first].count
  }
}

/// The query's terms in memory that a search borrows without retaining: each term's
/// scalars, case sensitivity and mask.
struct PalettePatterns {
  struct Term {
    let scalars: UnsafeBufferPointer<UInt32>
    let isCaseSensitive: Bool
    let mask: UInt64
    /// The scalars' simple lowercase forms, and the mask bit of each.
    let lower: UnsafeBufferPointer<UInt32>
    let masks: UnsafeBufferPointer<UInt64>
    /// ``PaletteSignature/wordBit(of:)`` and ``PaletteSignature/initialsBit(of:)``.
    let wordBit: UInt64
    let initialsBit: UInt64
    /// The mask bits of the scalars the term has more than once (lowercased), which a text
    /// must then have more than once too.
    let repeats: UInt64
    /// The bytes the prefilter looks for (``PalettePrefilter/folded(_:)``).
    let folded: UnsafeBufferPointer<UInt8>
    /// The pair bit (``PaletteShape/pairBit(_:_:)``) of each lowercase scalar with the one
    /// before it; 0 for the first.
    let pairs: UnsafeBufferPointer<UInt64>
  }

  let terms: [Term]

  init(_ terms: [FuzzyTerm]) {
    func copy<Element>(_ values: [Element]) -> UnsafeBufferPointer<Element> {
      let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: values.count)
      _ = buffer.initialize(from: values)
      return UnsafeBufferPointer(buffer)
    }
    self.terms = terms.map { term in
      let lower = term.scalars.map(FuzzyText.lowercase)
      return Term(
        scalars: copy(term.scalars), isCaseSensitive: term.isCaseSensitive, mask: term.mask,
        lower: copy(lower), masks: copy(lower.map(FuzzyTerm.mask)),
        wordBit: PaletteSignature.wordBit(of: term),
        initialsBit: PaletteSignature.initialsBit(of: term),
        repeats: PaletteSignature.repeats(lower), folded: copy(PalettePrefilter.folded(term)),
        pairs: copy(PaletteShape.pairBits(lower)))
    }
  }

  func deallocate() {
    for term in terms {
      term.scalars.deallocate()
      term.lower.deallocate()
      term.masks.deallocate()
      term.folded.deallocate()
      term.pairs.deallocate()
    }
  }
}

/// Borrowed views of ``PaletteStorage``'s arrays.
struct PaletteBuffers {
  let original: UnsafeBufferPointer<UInt32>
  let lower: UnsafeBufferPointer<UInt32>
  let classes: UnsafeBufferPointer<UInt8>
  let bonus: UnsafeBufferPointer<UInt8>
  let fields: UnsafeBufferPointer<PaletteField>
  let entryFields: UnsafeBufferPointer<Range<Int>>
  let entryMasks: UnsafeBufferPointer<UInt64>
  let entryWords: UnsafeBufferPointer<UInt64>
  let entryInitials: UnsafeBufferPointer<UInt64>
  let entryRepeats: UnsafeBufferPointer<UInt64>
  /// ``PaletteStorage/folded``.
  let folded: UnsafeRawBufferPointer

  /// Whether every term may match the entry: the byte prefilter (``PalettePrefilter``), which
  /// never rejects an entry that ``score(of:entry:scratch:)`` accepts.
  @inline(__always)
  func mayMatch(_ terms: [PalettePatterns.Term], entry: Int) -> Bool {
    let range = entryFields[entry]
    terms: for term in terms {
      // A plain loop: the range's iterator would check each step for overflow.
      var index = range.lowerBound
      while index < range.upperBound {
        let field = fields[index]
        if term.mask & ~field.mask == 0
          && PalettePrefilter.mayContain(
            term.folded, in: folded, span: field.start..<field.start &+ field.count)
        {
          continue terms
        }
        index &+= 1
      }
      return false
    }
    return true
  }

  /// The sum of every term's best field score in an entry, or nil when a term does not match
  /// it: what both the full and the bounded search score an entry with.
  func score(of terms: [PalettePatterns.Term], entry: Int, scratch: FuzzyScratch) -> Int? {
    scoreAndFields(of: terms, entry: entry, scratch: scratch)?.score
  }

  /// ``score(of:entry:scratch:)`` with the best field of each of the first eight terms, one
  /// byte each from the low end: its offset from the entry's first field, or `0xFF` when it
  /// is too far (``PaletteIndex/highlights(of:patterns:scratch:fields:)`` reads them).
  @inline(__always)
  func scoreAndFields(of terms: [PalettePatterns.Term], entry: Int, scratch: FuzzyScratch)
    -> (score: Int, fields: UInt64)?
  {
    var total = 0
    var found: UInt64 = 0
    let first = entryFields[entry].lowerBound
    for (number, term) in terms.enumerated() {
      guard let best = bestField(for: term, of: entry, scratch: scratch)
      else { return nil }
      total += best.score
      if number < 8 { found |= UInt64(min(best.field - first, 0xFF)) << (8 * number) }
    }
    return (total, found)
  }

  /// An upper bound of ``score(of:entry:scratch:)`` that sees the order of each term's
  /// characters in each text (``PaletteOrderBound``), with the title bonuses the signatures
  /// allow; nil when a term is no subsequence of any of the entry's texts.
  func orderBound(of terms: [PalettePatterns.Term], entry: Int, scratch: FuzzyScratch) -> Int? {
    var total = 0
    let range = entryFields[entry]
    for term in terms {
      let characters = term.isCaseSensitive ? original : lower
      let pattern = term.scalars
      var titleBonuses = 0
      if term.wordBit == 0 || entryWords[entry] & term.wordBit != 0 {
        titleBonuses &+= PaletteRanking.wholeWord
      }
      if entryInitials[entry] & term.initialsBit != 0 { titleBonuses &+= PaletteRanking.acronym }
      var best = Int.min
      var index = range.lowerBound
      while index < range.upperBound {
        let field = fields[index]
        index &+= 1
        guard term.mask & ~field.mask == 0 else { continue }
        let weight = field.kind.weight
        // As in the score: a keyword or the path cannot beat its best possible alignment.
        if weight != 4 && best >= (26 &* pattern.count &+ 10) &* weight / 4 { continue }
        let span = field.start..<field.start &+ field.count
        guard
          let bound = PaletteOrderBound.bound(
            text: UnsafeBufferPointer(rebasing: characters[span]),
            bonus: UnsafeBufferPointer(rebasing: bonus[span]), pattern: pattern,
            scratch: scratch)
        else { continue }
        best = max(best, bound &* weight / 4 &+ (weight == 4 ? titleBonuses : 0))
      }
      guard best != Int.min else { return nil }
      total &+= best
    }
    return total
  }

  /// The best-scoring field of an entry for a term, with its weighted score and bonuses; the
  /// first field wins a tie.
  @inline(__always)
  func bestField(for term: PalettePatterns.Term, of entry: Int, scratch: FuzzyScratch)
    -> (field: Int, score: Int)?
  {
    var best: (field: Int, score: Int)?
    let characters = term.isCaseSensitive ? original : lower
    let pattern = term.scalars
    // The signatures say when the whole-word or acronym test cannot succeed in any text.
    let mayBeWord = term.wordBit == 0 || entryWords[entry] & term.wordBit != 0
    let mayBeAcronym = entryInitials[entry] & term.initialsBit != 0
    do {
      for index in entryFields[entry] {
        let field = fields[index]
        guard term.mask & ~field.mask == 0 else { continue }
        // A keyword or the path cannot beat a score at least its best possible one: every
        // character earns at most 16 + 10, the first character's bonus counts twice.
        if let best, !field.kind.isTitle,
          best.score >= (26 * pattern.count + 10) * field.kind.weight / 4
        {
          continue
        }
        let span = field.start..<field.start + field.count
        let text = UnsafeBufferPointer(rebasing: characters[span])
        guard
          let alignment = FuzzyScorer.match(
            text: text, bonus: UnsafeBufferPointer(rebasing: bonus[span]), pattern: pattern,
            withPositions: false, scratch: scratch)
        else { continue }
        var score = Int(alignment.score) * field.kind.weight / 4
        if field.kind.isTitle {
          let classes = UnsafeBufferPointer(rebasing: self.classes[span])
          if mayBeWord && Self.isWholeWord(pattern, in: text, classes: classes) {
            score += PaletteRanking.wholeWord
          }
          if mayBeAcronym && Self.isAcronym(pattern, of: text, classes: classes) {
            score += PaletteRanking.acronym
          }
        }
        if best == nil || score > best?.score ?? 0 {
          best = (index, score)
        }
      }
    }
    return best
  }

  /// The matched positions of a term in one field (the best alignment's, traced back).
  func positions(of term: PalettePatterns.Term, inField index: Int, scratch: FuzzyScratch)
    -> [Int]
  {
    let characters = term.isCaseSensitive ? original : lower
    let field = fields[index]
    let span = field.start..<field.start + field.count
    return FuzzyScorer.match(
      text: UnsafeBufferPointer(rebasing: characters[span]),
      bonus: UnsafeBufferPointer(rebasing: bonus[span]), pattern: term.scalars,
      withPositions: true, scratch: scratch)?.positions ?? []
  }

  /// Whether the pattern occurs in the text with no word character just before or after it.
  static func isWholeWord(
    _ pattern: UnsafeBufferPointer<UInt32>, in text: UnsafeBufferPointer<UInt32>,
    classes: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    let m = pattern.count
    let n = text.count
    guard m > 0, m <= n else { return false }
    func isWord(_ index: Int) -> Bool {
      (FuzzyCharacterClass(rawValue: classes[index]) ?? .white).isWord
    }
    outer: for start in 0...(n - m) {
      if start > 0 && isWord(start - 1) { continue }
      if start + m < n && isWord(start + m) { continue }
      for offset in 0..<m where text[start + offset] != pattern[offset] { continue outer }
      return true
    }
    return false
  }

  /// Whether the pattern (two characters or more) is the initials of the text's words:
  /// characters that start a word, a camelCase hump or a number.
  static func isAcronym(
    _ pattern: UnsafeBufferPointer<UInt32>, of text: UnsafeBufferPointer<UInt32>,
    classes: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    guard pattern.count >= 2 else { return false }
    var matched = 0
    var previous = FuzzyCharacterClass.white
    for index in 0..<text.count {
      let current = FuzzyCharacterClass(rawValue: classes[index]) ?? .white
      defer { previous = current }
      let startsWord =
        current.isWord
        && (!previous.isWord || previous == .lower && current == .upper
          || previous != .number && current == .number)
      guard startsWord else { continue }
      guard matched < pattern.count, text[index] == pattern[matched] else { return false }
      matched += 1
    }
    return matched == pattern.count
  }
}
