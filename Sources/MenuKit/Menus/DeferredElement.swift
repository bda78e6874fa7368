import Synchronization

/// A placeholder replaced by the elements its provider returns (UIKit's
/// `UIDeferredMenuElement`).
///
/// A ``caching/cached`` element calls its provider once and keeps the result for every later
/// resolution, including resolutions of its copies; an ``caching/uncached`` one calls the
/// provider every time the menu is shown (UIKit's `UIDeferredMenuElement.uncached(_:)`).
///
/// ```swift
/// let recent = DeferredElement(identifier: "recentFiles") { completion in
///   completion(recentDocuments.map { Command(title: $0.name, action: "openRecent:",
///                                            propertyList: .string($0.path)) }
///     .map(MenuElement.command))
/// }
/// ```
public struct DeferredElement: Hashable, Sendable {
  /// The provider: it receives a completion to call with the elements.
  public typealias Provider =
    @Sendable (_ completion: @escaping @Sendable ([MenuElement]) -> Void) -> Void

  /// Whether the provided elements are kept.
  public enum Caching: String, Hashable, Sendable {
    /// The provider runs once; its elements are reused.
    case cached
    /// The provider runs at each resolution.
    case uncached
  }

  /// The identifier a responder checks to know which element it is asked to fulfil.
  public var identifier: String
  /// Whether the provided elements are kept.
  public var caching: Caching
  let provider: Provider
  let cache: Cache

  /// Creates a deferred element.
  public init(identifier: String, caching: Caching = .cached, provider: @escaping Provider) {
    self.identifier = identifier
    self.caching = caching
    self.provider = provider
    self.cache = Cache()
  }

  /// Resolves the element: calls the provider (once, for a cached element) and passes the
  /// elements to `completion`.
  public func resolve(_ completion: @escaping @Sendable ([MenuElement]) -> Void) {
    if caching == .cached, let cached = cache.elements.withLock({ $0 }) {
      completion(cached)
      return
    }
    provider { [cache, caching] elements in
      if caching == .cached { cache.elements.withLock { $0 = elements } }
      completion(elements)
    }
  }

  /// Whether a cached element has already been resolved.
  public var isResolved: Bool { cache.elements.withLock { $0 != nil } }

  /// Whether two deferred elements have the same identifier and caching (providers cannot be
  /// compared).
  public static func == (lhs: DeferredElement, rhs: DeferredElement) -> Bool {
    lhs.identifier == rhs.identifier && lhs.caching == rhs.caching
  }

  /// Hashes what `==` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(identifier)
    hasher.combine(caching)
  }

  final class Cache: Sendable {
    let elements = Mutex<[MenuElement]?>(nil)
  }
}
