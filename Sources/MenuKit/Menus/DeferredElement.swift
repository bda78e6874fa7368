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
  /// Whether the element asks the responder chain for its elements (``usingFocus(identifier:shouldCacheItems:)``)
  /// instead of calling a provider of its own.
  public let usesFocus: Bool
  let provider: Provider
  let cache: Cache

  /// Creates a deferred element.
  public init(identifier: String, caching: Caching = .cached, provider: @escaping Provider) {
    self.identifier = identifier
    self.caching = caching
    self.usesFocus = false
    self.provider = provider
    self.cache = Cache()
  }

  /// A deferred element whose elements the responder chain provides, from the first
  /// responder up (UIKit's `UIDeferredMenuElement.usingFocus(identifier:shouldCacheItems:)`).
  ///
  /// When the menu is validated for a first responder (``MenuValidation``), each responder
  /// from it up the chain is asked for a provider with ``Responder/provider(for:)``; the first
  /// one's elements take the element's place, and the element shows nothing when no
  /// responder provides one. The same menu thus shows the items of whatever has focus:
  ///
  /// ```swift
  /// let selectionItems = DeferredElement.usingFocus(identifier: "com.example.selection")
  ///
  /// final class ListView: Responder {
  ///   override func provider(for deferredElement: DeferredElement) -> DeferredElement.Provider? {
  ///     guard deferredElement.identifier == "com.example.selection" else { return nil }
  ///     return { completion in completion([.command(Command(title: "Rename", action: "rename:"))]) }
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - identifier: The identifier responders check to know which element they are asked
  ///     to fulfil.
  ///   - shouldCacheItems: Whether the first elements provided are kept for every later
  ///     validation, whatever has focus then; false (the default) asks the chain each time.
  /// - Returns: The element.
  public static func usingFocus(identifier: String, shouldCacheItems: Bool = false)
    -> DeferredElement
  {
    DeferredElement(
      identifier: identifier, caching: shouldCacheItems ? .cached : .uncached, usesFocus: true)
  }

  /// A focus-based element: its own provider provides nothing (a chain provides its
  /// elements).
  private init(identifier: String, caching: Caching, usesFocus: Bool) {
    self.identifier = identifier
    self.caching = caching
    self.usesFocus = usesFocus
    self.provider = { completion in completion([]) }
    self.cache = Cache()
  }

  /// Resolves the element: calls the provider (once, for a cached element) and passes the
  /// elements to `completion`.
  ///
  /// A cached element calls its provider once even when it is resolved from several threads
  /// at a time, or again from inside its provider: a resolution that comes while the provider
  /// runs waits for its elements, and gets them when the provider calls its completion. The
  /// provider's completion counts once; a second call is ignored.
  public func resolve(_ completion: @escaping @Sendable ([MenuElement]) -> Void) {
    guard caching == .cached else {
      provider(completion)
      return
    }
    let start = cache.state.withLock { state -> (run: Bool, elements: [MenuElement]?) in
      switch state {
      case .resolved(let elements): return (false, elements)
      case .running(let waiting):
        state = .running(waiting + [completion])
        return (false, nil)
      case .idle:
        state = .running([completion])
        return (true, nil)
      }
    }
    if let elements = start.elements {
      completion(elements)
      return
    }
    guard start.run else { return }
    provider { [cache] elements in
      let waiting = cache.state.withLock { state -> [@Sendable ([MenuElement]) -> Void] in
        guard case .running(let waiting) = state else { return [] }
        state = .resolved(elements)
        return waiting
      }
      for completion in waiting { completion(elements) }
    }
  }

  /// Whether a cached element has already been resolved.
  public var isResolved: Bool {
    cache.state.withLock {
      if case .resolved = $0 { return true }
      return false
    }
  }

  /// Whether two deferred elements have the same identifier, caching and source (providers
  /// cannot be compared).
  public static func == (lhs: DeferredElement, rhs: DeferredElement) -> Bool {
    lhs.identifier == rhs.identifier && lhs.caching == rhs.caching
      && lhs.usesFocus == rhs.usesFocus
  }

  /// Hashes what `==` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(identifier)
    hasher.combine(caching)
    hasher.combine(usesFocus)
  }

  /// The provided elements of a cached element, shared by its copies.
  final class Cache: Sendable {
    /// Where the provider is: not called yet, running (with the resolutions waiting for it),
    /// or done.
    enum State {
      case idle
      case running([@Sendable ([MenuElement]) -> Void])
      case resolved([MenuElement])
    }
    let state = Mutex(State.idle)

    /// The elements of a resolved element; nil before its provider completed.
    var resolvedElements: [MenuElement]? {
      state.withLock { state in
        if case .resolved(let elements) = state { return elements }
        return nil
      }
    }

    /// Keeps elements provided another way (a focus provider) when nothing was provided yet.
    func keep(_ elements: [MenuElement]) {
      state.withLock { state in
        if case .idle = state { state = .resolved(elements) }
      }
    }
  }
}

extension DeferredElement {
  /// The elements if the provider completes before returning; nil when it completes later.
  func resolvedSynchronously() -> [MenuElement]? {
    let box = ResolutionBox()
    resolve { elements in
      box.elements.withLock { if $0 == nil { $0 = elements } }
    }
    return box.elements.withLock { $0 }
  }

  /// The first elements a provider's completion passes, when it is called synchronously.
  final class ResolutionBox: Sendable {
    let elements = Mutex<[MenuElement]?>(nil)
  }
}

extension Menu {
  /// The key commands of the tree in menu order, with its deferred elements resolved: a
  /// focus-based one by `resolveUsingFocus`, the others by their own providers, when they
  /// complete before returning.
  ///
  /// - Parameter resolveUsingFocus: The elements of a focus-based deferred element; the
  ///   default gives the elements a cached one kept, as when no responder is asked.
  func keyCommandsResolvingDeferredElements(
    usingFocus resolveUsingFocus: (DeferredElement) -> [MenuElement]? = {
      $0.caching == .cached ? $0.cache.resolvedElements : nil
    }
  ) -> [KeyCommand] {
    var result: [KeyCommand] = []
    forEachElement { element, _ in
      switch element {
      case .keyCommand(let keyCommand):
        result.append(keyCommand)
      case .deferred(let deferred):
        let elements =
          deferred.usesFocus ? resolveUsingFocus(deferred) : deferred.resolvedSynchronously()
        if let elements {
          result += Menu(children: elements).allKeyCommands
        }
      case .menu, .command, .action:
        break
      }
    }
    return result
  }
}
