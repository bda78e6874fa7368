import Dispatch
import MenuKit
import MenuKitXKB
import Synchronization

/// One question the layout rules ask of every layout: what is wrong with typing a stroke
/// there, when its key command does or does not allow automatic localization.
struct LayoutQuery: Hashable, Sendable {
  /// The stroke as authored.
  var stroke: KeyboardShortcut
  /// Whether the stroke's key command allows automatic localization.
  var localizes: Bool

  /// The question as a cache entry names it; the canonical text round-trips, so two questions
  /// never share a key.
  var cacheKey: String { (localizes ? "localized " : "fixed ") + stroke.canonicalText }
}

/// One layout's answers to a sweep's questions.
struct LayoutTable: Sendable {
  /// The layout.
  var name: LayoutName
  /// libxkbcommon's first message when the layout does not compile; it then has no answers.
  var failure: String?
  /// The problems of each question that has some, by the question's index in the sweep.
  var problems: [Int: [LayoutProblem]]
}

extension LayoutAnalyzer {
  /// Asks every layout every question, once per layout, and returns the answers in the order of
  /// `layouts` (a layout named twice is answered once and listed twice).
  ///
  /// Each layout is compiled on its own, exactly as ``keyboard(for:)`` compiles it, by one of
  /// up to ``maximumWorkers`` workers (one per core), each with its own XKB context; a layout
  /// is dropped as soon as its answers are in, so memory does not grow with the number of
  /// layouts. With a ``typingCache``, a layout whose entry already answers every question is
  /// not compiled at all, and new answers are written back.
  ///
  /// - Parameters:
  ///   - queries: The questions.
  ///   - layouts: The layouts, in report order.
  ///   - platform: The platform profile that maps `Cmd`.
  /// - Returns: One table per layout.
  func sweep(_ queries: [LayoutQuery], layouts: [LayoutName], platform: PlatformProfile)
    -> [LayoutTable]
  {
    plan(queries, layouts: layouts, platform: platform).run()
  }

  /// Starts ``sweep(_:layouts:platform:)`` on other threads and returns at once, so that the
  /// calling thread can do other work (`keymap-lint` runs its conflict analysis meanwhile);
  /// ``PendingSweep/tables()`` waits for the answers.
  ///
  /// - Parameters:
  ///   - queries: The questions.
  ///   - layouts: The layouts, in report order.
  ///   - platform: The platform profile that maps `Cmd`.
  /// - Returns: The sweep under way.
  func startSweep(_ queries: [LayoutQuery], layouts: [LayoutName], platform: PlatformProfile)
    -> PendingSweep
  {
    let plan = plan(queries, layouts: layouts, platform: platform)
    let pending = PendingSweep()
    // A queue of its own: a serial queue runs on Dispatch's overcommitting pool, which starts a
    // thread for it even when every other thread is busy or waiting, so the sweep makes
    // progress (its first worker is that thread). Foundation's `Thread` would do the same but
    // would link Foundation and ICU into keymap-lint (decision 0018).
    DispatchQueue(label: "MenuKitLint.sweep").async { pending.finish(plan.run()) }
    return pending
  }

  /// Everything a sweep needs, read from this analyzer on the calling thread.
  private func plan(_ queries: [LayoutQuery], layouts: [LayoutName], platform: PlatformProfile)
    -> SweepPlan
  {
    let cache = typingCache
    if let preparation, preparation.layouts == layouts, preparation.platform == platform,
      preparation.cache == cache
    {
      return SweepPlan(
        queries: queries, layouts: layouts, platform: platform, includePaths: includePaths,
        cache: cache, identity: preparation.identity, progress: progress,
        maximumWorkers: maximumWorkers, preparation: preparation)
    }
    return SweepPlan(
      queries: queries, layouts: layouts, platform: platform, includePaths: includePaths,
      cache: cache,
      identity: cache.map { _ in
        LayoutTypingCache.identity(includePaths: context.includePaths, platform: platform)
      },
      progress: progress, maximumWorkers: maximumWorkers)
  }

  /// Starts preparing a sweep of `layouts` on another thread and returns at once: the flat
  /// keymap texts (``FlatLayoutSource``), which need the layouts but not the questions, so
  /// that `keymap-lint` reads and models its inputs meanwhile. A sweep of the same layouts,
  /// platform and cache then takes them instead of preparing them itself; they are the same.
  ///
  /// - Parameters:
  ///   - layouts: The layouts the sweep will check, in report order.
  ///   - platform: The platform profile of the sweep.
  package func prepareSweep(of layouts: [LayoutName], platform: PlatformProfile) {
    let cache = typingCache
    let identity = cache.map { _ in
      LayoutTypingCache.identity(includePaths: context.includePaths, platform: platform)
    }
    let preparation = SweepPreparation(
      layouts: layouts, platform: platform, cache: cache, identity: identity)
    let includePaths = includePaths
    DispatchQueue(label: "MenuKitLint.sweep.prepare").async {
      preparation.finish(
        SweepPlan.flatSource(
          for: SweepPlan.unique(layouts), cache: cache, identity: identity,
          includePaths: includePaths))
    }
    self.preparation = preparation
  }

  /// One layout's answers: from its cache entry where it has them, else from the layout
  /// compiled here (and then written back to the cache).
  fileprivate func answer(
    _ queries: [LayoutQuery], keys: [String], on name: LayoutName, platform: PlatformProfile,
    cache: LayoutTypingCache?, identity: String?, source: FlatLayoutSource?, facts: QueryFacts
  ) -> LayoutTable {
    guard let cache, let identity else {
      return answer(queries, on: name, platform: platform, source: source, facts: facts)
    }
    let cached = cache.read(name, identity: identity)
    var entry = cached ?? LayoutTypingCache.Entry()
    let missing = queries.indices.filter { entry.answers[keys[$0]] == nil }
    if cached == nil || (entry.failure == nil && !missing.isEmpty) {
      do {
        let keyboard = try compile(name, from: source)
        let facts = facts.facts(of: queries, platform: platform, us: self)
        for index in missing {
          let query = queries[index]
          entry.answers[keys[index]] = LayoutProblem.problems(
            of: query.stroke, on: keyboard, platform: platform, localizes: query.localizes,
            facts: facts[index])
        }
      } catch {
        entry = LayoutTypingCache.Entry(failure: error.logLines.first ?? error.message)
      }
      cache.write(entry, for: name, identity: identity)
    }
    var problems: [Int: [LayoutProblem]] = [:]
    if entry.failure == nil {
      for index in queries.indices {
        if let answer = entry.answers[keys[index]], !answer.isEmpty { problems[index] = answer }
      }
    }
    return LayoutTable(name: name, failure: entry.failure, problems: problems)
  }
}

extension LayoutAnalyzer {
  /// One layout's answers without a cache: the layout compiled here and asked every question,
  /// the answers kept by question index rather than by the cache's text keys.
  private func answer(
    _ queries: [LayoutQuery], on name: LayoutName, platform: PlatformProfile,
    source: FlatLayoutSource?, facts: QueryFacts
  ) -> LayoutTable {
    let keyboard: LayoutKeyboard
    do {
      keyboard = try compile(name, from: source)
    } catch {
      return LayoutTable(name: name, failure: error.logLines.first ?? error.message, problems: [:])
    }
    let facts = facts.facts(of: queries, platform: platform, us: self)
    var problems: [Int: [LayoutProblem]] = [:]
    for (index, query) in queries.enumerated() {
      let answer = LayoutProblem.problems(
        of: query.stroke, on: keyboard, platform: platform, localizes: query.localizes,
        facts: facts[index])
      if !answer.isEmpty { problems[index] = answer }
    }
    return LayoutTable(name: name, failure: nil, problems: problems)
  }
}

/// A sweep's questions, layouts and settings, which its workers share.
private struct SweepPlan: Sendable {
  var queries: [LayoutQuery]
  var layouts: [LayoutName]
  var platform: PlatformProfile
  var includePaths: [String]
  var cache: LayoutTypingCache?
  var identity: String?
  var progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?
  var maximumWorkers: Int
  /// The flat texts prepared ahead (``LayoutAnalyzer/prepareSweep(of:platform:)``), if any.
  var preparation: SweepPreparation? = nil

  /// The layouts, each once, in order.
  static func unique(_ layouts: [LayoutName]) -> [LayoutName] {
    var seen: Set<LayoutName> = []
    return layouts.filter { seen.insert($0).inserted }
  }

  /// The flat keymap texts for the layouts a sweep will compile (those without a cache entry);
  /// nil when they are too few to repay preparing them.
  static func flatSource(
    for unique: [LayoutName], cache: LayoutTypingCache?, identity: String?,
    includePaths: [String]
  ) -> FlatLayoutSource? {
    let cold =
      cache.flatMap { cache in
        identity.map { identity in
          unique.filter { !cache.hasEntry(for: $0, identity: identity) }
        }
      } ?? unique
    // Each class's reference costs about three compiles; a few layouts do not repay it.
    guard cold.count >= FlatLayoutSource.minimumLayouts else { return nil }
    return FlatLayoutSource.prepare(for: cold, in: LayoutAnalyzer(includePaths: includePaths))
  }

  /// Answers every layout on up to ``maximumWorkers`` threads (the calling one among them),
  /// each worker with its own analyzer and XKB context, and returns the tables in the order of
  /// ``layouts``.
  func run() -> [LayoutTable] {
    guard !layouts.isEmpty else { return [] }
    let unique = Self.unique(layouts)
    let keys = queries.map(\.cacheKey)
    let workers = max(1, min(unique.count, maximumWorkers))
    // The flat keymap texts, prepared once for every worker (or ahead, while the inputs were
    // read); only for the layouts that will be compiled, so a warm sweep prepares nothing.
    let source: FlatLayoutSource?
    if let preparation {
      source = preparation.source()
    } else {
      source = Self.flatSource(
        for: unique, cache: cache, identity: identity, includePaths: includePaths)
    }
    let state = Mutex(SweepState(tables: Array(repeating: nil, count: unique.count)))
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
      let worker = LayoutAnalyzer(includePaths: includePaths)
      let facts = QueryFacts()
      while let index = state.withLock({ $0.take(below: unique.count) }) {
        let table = worker.answer(
          queries, keys: keys, on: unique[index], platform: platform, cache: cache,
          identity: identity, source: source, facts: facts)
        let done = state.withLock { state in
          state.tables[index] = table
          state.done += 1
          return state.done
        }
        progress?(done, unique.count)
      }
    }
    let tables = state.withLock { $0.tables }
    var byName: [LayoutName: LayoutTable] = [:]
    for table in tables.compactMap({ $0 }) { byName[table.name] = table }
    return layouts.compactMap { byName[$0] }
  }
}

/// A sweep running on other threads (``LayoutAnalyzer/startSweep(_:layouts:platform:)``).
final class PendingSweep: Sendable {
  private let result = Mutex<[LayoutTable]?>(nil)
  private let ready = DispatchSemaphore(value: 0)

  /// Hands over the answers; called once, by the sweep.
  fileprivate func finish(_ tables: [LayoutTable]) {
    result.withLock { $0 = tables }
    ready.signal()
  }

  /// The answers, in the order of the sweep's layouts, once they are all in; call it once.
  func tables() -> [LayoutTable] {
    ready.wait()
    return result.withLock { $0 ?? [] }
  }
}

/// The workers' shared state: the next layout to take, how many are done, and the answers.
private struct SweepState {
  var next = 0
  var done = 0
  var tables: [LayoutTable?]

  /// The index of the next layout to answer, or nil when every layout is taken.
  mutating func take(below count: Int) -> Int? {
    guard next < count else { return nil }
    defer { next += 1 }
    return next
  }
}

/// A worker's facts of the sweep's questions that do not depend on the layout
/// (``StrokeFacts``), read on first need, once for all the layouts it answers: a worker that
/// compiles no layout (the cache answers them all) reads none, and compiles no US QWERTY.
final class QueryFacts {
  private var known: [StrokeFacts]?

  /// The facts of every question, by index, read with `analyzer`'s US QWERTY on first call.
  func facts(of queries: [LayoutQuery], platform: PlatformProfile, us analyzer: LayoutAnalyzer)
    -> [StrokeFacts]
  {
    if let known { return known }
    let us = analyzer.us
    let facts = queries.map {
      StrokeFacts($0.stroke, platform: platform, localizes: $0.localizes, us: us)
    }
    known = facts
    return facts
  }
}

/// A sweep's flat keymap texts being prepared on another thread
/// (``LayoutAnalyzer/prepareSweep(of:platform:)``), with what they were prepared for.
final class SweepPreparation: Sendable {
  /// The layouts, platform and cache the texts are for, and the cache identity read for them.
  let layouts: [LayoutName]
  let platform: PlatformProfile
  let cache: LayoutTypingCache?
  let identity: String?
  private let result = Mutex<FlatLayoutSource??>(nil)
  private let ready = DispatchSemaphore(value: 0)

  /// Starts a preparation for these layouts, platform and cache.
  init(
    layouts: [LayoutName], platform: PlatformProfile, cache: LayoutTypingCache?,
    identity: String?
  ) {
    self.layouts = layouts
    self.platform = platform
    self.cache = cache
    self.identity = identity
  }

  /// Hands over the texts; called once, by the preparation.
  func finish(_ source: FlatLayoutSource?) {
    result.withLock { $0 = .some(source) }
    ready.signal()
  }

  /// The texts, once they are ready; nil when there are none. Any number of calls.
  func source() -> FlatLayoutSource? {
    if let known = result.withLock({ $0 }) { return known }
    ready.wait()
    ready.signal()
    return result.withLock { $0 } ?? nil
  }
}
