/// Reading the responder chain and its key commands on every press, as UIKit does, at the cost
/// of a pointer comparison per responder when nothing changed.
///
/// On every press the dispatcher walks the chain from the first responder through ``Responder/next``
/// and asks each responder for its ``Responder/keyCommands``. What it compiled from them (the
/// candidate cache: every key command of the chain, indexed by chord) is kept with the arrays it
/// was compiled from, one ``KeyCommandTable`` per responder. A press reuses a kept cache when the
/// chain it walks has the same responders and each returns the same array: the same storage, a
/// pointer comparison — sound because the table holds the array, so its storage cannot be freed
/// and reused by another array while it is compared against — or, failing that, an array of
/// equal key commands. Otherwise the cache is compiled again.
///
/// A responder whose getter picks one of a few stored arrays from its state
/// (`isEditing ? editingCommands : browsingCommands`) switches between caches that are both
/// kept: the dispatcher keeps the last ``KeyDispatcher/keptVariants`` caches of the current
/// chain, most recent first.
extension KeyDispatcher {
  /// How many compiled caches of one chain (differing by the arrays its responders returned)
  /// the dispatcher keeps.
  static let keptVariants = 4

  /// The candidate cache for the chain and key commands the responders answer now: a kept one
  /// when the walk finds them unchanged, else a new one.
  func currentCandidateCache() -> CandidateCache {
    // Most presses: the chain and arrays of the last press.
    if let current = cacheVariants.first, current.isCurrent(in: application) {
      return current
    }
    // The list is swapped out, changed and swapped back, so that every access to the
    // property is a read, an assignment or a swap of the whole (checked at compile time, not
    // at run time).
    var variants: [CandidateCache] = []
    swap(&variants, &cacheVariants)
    defer { swap(&variants, &cacheVariants) }
    for index in variants.indices.dropFirst() where variants[index].isCurrent(in: application) {
      let found = variants.remove(at: index)
      variants.insert(found, at: 0)
      return found
    }
    let first = application.firstResponderForEvents
    let chain = ResponderChain(startingAt: first)
    let tables = chain.responders.map { KeyCommandTable($0.keyCommands) }
    let cache = candidateCache(first: first, chain: chain, tables: tables)
    // Variants are of one chain: a new chain (another first responder, a changed `next`) lets
    // the caches of the old one go, and with them the references to its responders.
    if let current = variants.first, current.hasSameResponders(as: cache) {
      variants.insert(cache, at: 0)
      if variants.count > Self.keptVariants { variants.removeLast() }
    } else {
      variants = [cache]
    }
    return cache
  }

  /// The contexts the responders of a chain contribute, root first, read from them now.
  func contexts(of chain: [Responder]) -> [KeyContext] {
    chain.reversed().compactMap(\.keyContext)
  }
}

extension CandidateCache {
  /// Whether the chain from the application's first responder for events is this cache's
  /// chain, and each of its responders returns the key commands the cache was compiled from.
  ///
  /// Walks the chain through `next`, as delivery does, and asks each responder for its key
  /// commands once: a virtual call and a pointer comparison each when nothing changed.
  func isCurrent(in application: Application) -> Bool {
    guard application.isFirstResponderForEvents(firstResponder) else { return false }
    // Each responder `next` leads to must be the next one read; the one after the last is the
    // one a loop led back to (nil for a chain without a loop). The reference `next` returns
    // is the one the loop goes on with, so each step retains one responder and one array.
    var index = 0
    var current: Responder? = firstResponder
    while index < links.count {
      guard let responder = current, responder === links[index].responder else { return false }
      let answer = responder.keyCommands
      // The same array: compared as two plain values, with no reference to the table taken.
      if KeyCommandArrayIdentity(answer) != links[index].identity {
        guard tables[index].holds(answer) else { return false }
      }
      current = responder.next
      index += 1
    }
    return current === loop?.backTo
  }

  /// Whether another cache was compiled for the same responders, in the same order.
  func hasSameResponders(as other: CandidateCache) -> Bool {
    chain.count == other.chain.count && loop?.backTo === other.loop?.backTo
      && zip(chain, other.chain).allSatisfy { $0 === $1 }
  }
}

/// One responder's key commands as a candidate cache was compiled from them, kept with the
/// array they came from.
///
/// The table holds the array, so the array's storage stays allocated: another array the
/// responder returns later has the same storage only if it is this array (a copy of it), and
/// comparing storage addresses is a sound test of identity.
@MainActor
final class KeyCommandTable {
  /// The key commands, as the responder returned them.
  let keyCommands: [KeyCommand]
  /// The identity of ``keyCommands``: its storage and count.
  let identity: KeyCommandArrayIdentity

  /// The table of an array of key commands.
  init(_ keyCommands: [KeyCommand]) {
    self.keyCommands = keyCommands
    identity = KeyCommandArrayIdentity(keyCommands)
  }

  /// Whether an array holds the key commands of this table: the same array (same storage and
  /// count, one comparison), or another with equal key commands (compared one by one, for a
  /// getter that builds its array on every call).
  func holds(_ other: [KeyCommand]) -> Bool {
    KeyCommandArrayIdentity(other) == identity || other == keyCommands
  }
}

/// Where an array of key commands keeps its elements, and how many it has: equal for two
/// copies of one array. Only compared, never read through.
///
/// Equal identities name the same array only while that array is alive: a ``KeyCommandTable``
/// keeps the array whose identity it compares against, so that its storage cannot be freed
/// and given to another array meanwhile.
struct KeyCommandArrayIdentity: Equatable {
  /// The address of the first element; nil for an array without storage of its own.
  private let address: UnsafeRawPointer?
  /// The number of elements.
  private let count: Int

  /// The identity of an array.
  @inline(__always)
  init(_ array: [KeyCommand]) {
    address = storageAddress(of: array)
    count = array.count
  }
}

/// The address of an array's elements, or nil for an array without storage of its own (an
/// empty one).
///
/// Nonisolated, so that the closure handed to the standard library carries no run-time actor
/// isolation check.
@inline(__always)
nonisolated private func storageAddress(of array: [KeyCommand]) -> UnsafeRawPointer? {
  array.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }
}
