/// A main or context menu system: a root menu built from a base menu and build handlers
/// (UIKit's `UIMenuSystem`).
///
/// The ``main`` system starts from the standard main menu of its ``platform`` profile; each
/// build handler then edits it through a ``MenuBuilder``, as `buildMenu(with:)` does in UIKit.
/// ``setNeedsRebuild()`` discards the built menu, which is rebuilt on the next read of
/// ``menu``; ``setNeedsRevalidate()`` tells observers that enabled states and checkmarks must
/// be computed again, without rebuilding. Observers learn about both. Validation itself
/// (``validatedMenu(for:)``) asks the responder chain each time a menu is shown.
///
/// ```swift
/// let system = MenuSystem.main
/// system.addBuildHandler { builder in
///   guard builder.system == .main else { return }
///   builder.insertSibling(citiesMenu, afterMenu: .view)
/// }
/// let token = system.observe { change in redrawMenuBar(for: change) }
/// print(TextMenuRenderer(platform: system.platform).render(system.menu))
/// ```
@MainActor
public final class MenuSystem {
  /// A build handler: it edits the system's menu through a builder, like UIKit's
  /// `buildMenu(with:)`.
  public typealias BuildHandler = @MainActor (inout MenuBuilder) throws -> Void

  /// What changed in a menu system.
  public enum Change: Hashable, Sendable {
    /// The menu must be rebuilt; read ``MenuSystem/menu`` to get the new one.
    case rebuild
    /// Enabled states and checkmarks must be computed again; the tree is unchanged.
    case revalidate
  }

  /// The main menu system: the menu bar, starting from the standard linux main menu.
  public static let main = MenuSystem(kind: .main)
  /// The context menu system.
  public static let context = MenuSystem(kind: .context)

  /// Which system this is.
  public let kind: MenuSystemKind
  /// The platform profile whose standard menu the main system starts from. Changing it
  /// rebuilds the menu.
  public var platform: PlatformProfile {
    didSet { if platform != oldValue { setNeedsRebuild() } }
  }

  private let baseMenu: Menu?
  private var buildHandlers: [BuildHandler] = []
  private var builtMenu: Menu?
  private var buildDiagnostics: [Diagnostic] = []
  private var observers: [Int: @MainActor (Change) -> Void] = [:]
  private var nextObserver = 0

  /// Creates a menu system.
  ///
  /// - Parameters:
  ///   - kind: The main or the context system.
  ///   - platform: The profile whose standard main menu a main system starts from.
  ///   - baseMenu: The menu to start from instead of the standard one; a context system
  ///     without one starts from an empty root.
  public init(kind: MenuSystemKind, platform: PlatformProfile = .linux, baseMenu: Menu? = nil) {
    self.kind = kind
    self.platform = platform
    self.baseMenu = baseMenu
  }

  /// The built root menu; built on first read and after ``setNeedsRebuild()``.
  ///
  /// An edit that cannot be applied does nothing and the build goes on, as in UIKit; it is
  /// reported in ``diagnostics``. A build handler that throws is reported there too (a
  /// ``MenuBuilderError`` with its own code, anything else as `MK205`); the edits it made
  /// before throwing are kept, and the remaining handlers still run.
  public var menu: Menu {
    if let builtMenu { return builtMenu }
    var builder = MenuBuilder(menu: startingMenu, system: kind)
    buildDiagnostics = []
    // UIKit consults only the application and its delegate for the main menu.
    var builders: [BuildHandler] = []
    if kind == .main, let application {
      builders.append { try application.buildMenu(with: &$0) }
      if let delegate = application.delegate, delegate !== application {
        builders.append { try delegate.buildMenu(with: &$0) }
      }
    }
    for handler in builders + buildHandlers {
      Self.run(handler, on: &builder)
    }
    buildDiagnostics = builder.diagnostics
    let menu = builder.menu
    builtMenu = menu
    return menu
  }

  /// The application whose `buildMenu(with:)`, and its delegate's, build the main menu before
  /// the build handlers run. Setting it rebuilds the menu.
  public weak var application: Application? {
    didSet { if application !== oldValue { setNeedsRebuild() } }
  }

  /// The context menu of a responder: an empty root that the responder's
  /// `buildMenu(with:)` fills, with `builder.system == .context`.
  ///
  /// - Returns: The menu, and the problems its edits had.
  public func contextMenu(for responder: Responder) -> (menu: Menu, diagnostics: [Diagnostic]) {
    var builder = MenuBuilder(menu: Menu(identifier: .root), system: .context)
    Self.run({ try responder.buildMenu(with: &$0) }, on: &builder)
    return (builder.menu, builder.diagnostics)
  }

  /// Runs a build handler; what it throws joins the builder's diagnostics, after those of the
  /// edits it could not apply.
  private static func run(_ handler: BuildHandler, on builder: inout MenuBuilder) {
    do {
      try handler(&builder)
    } catch let error as MenuBuilderError {
      builder.diagnostics.append(Diagnostic(error.code, error.description))
    } catch {
      builder.diagnostics.append(Diagnostic(.invalidEdit, "a build handler failed: \(error)"))
    }
  }

  /// Problems from the last build: the edits that could not be applied (an identifier the
  /// menu does not contain, a placement the platform lacks; ``MenuBuilder/diagnostics``) and
  /// what build handlers threw, in build order. Every other edit applied.
  public var diagnostics: [Diagnostic] {
    _ = menu
    return buildDiagnostics
  }

  /// Adds a build handler and rebuilds the menu.
  public func addBuildHandler(_ handler: @escaping BuildHandler) {
    buildHandlers.append(handler)
    setNeedsRebuild()
  }

  /// Tells the system to rebuild its menu: the next read of ``menu`` runs the build handlers
  /// again. Observers receive ``Change/rebuild``.
  public func setNeedsRebuild() {
    builtMenu = nil
    notify(.rebuild)
  }

  /// Tells the system's observers to revalidate its menu: a host that keeps a validated menu
  /// while it is shown computes enabled states and checkmarks again. Observers receive
  /// ``Change/revalidate``. ``validatedMenu(for:)`` validates on every call and needs no such
  /// call.
  public func setNeedsRevalidate() {
    notify(.revalidate)
  }

  /// Calls `handler` after each change until the returned token is cancelled or released.
  public func observe(_ handler: @escaping @MainActor (Change) -> Void) -> MenuSystemObservation {
    let identifier = nextObserver
    nextObserver += 1
    observers[identifier] = handler
    return MenuSystemObservation { [weak self] in self?.observers[identifier] = nil }
  }

  private var startingMenu: Menu {
    if let baseMenu { return baseMenu }
    switch kind {
    case .main: return StandardMenus.mainMenu(for: platform)
    case .context: return Menu(identifier: .root)
    }
  }

  private func notify(_ change: Change) {
    for key in observers.keys.sorted() { observers[key]?(change) }
  }
}

/// A registration of a ``MenuSystem`` observer; the observer is removed when this is cancelled
/// or deinitialised.
///
/// ```swift
/// let observation = MenuSystem.main.observe { change in
///   if change == .rebuild { redrawMenuBar(MenuSystem.main.menu) }
/// }
/// // …
/// observation.cancel()
/// ```
@MainActor
public final class MenuSystemObservation {
  private var onCancel: (@MainActor () -> Void)?

  init(onCancel: @escaping @MainActor () -> Void) { self.onCancel = onCancel }

  /// Stops the observation.
  public func cancel() {
    onCancel?()
    onCancel = nil
  }

  isolated deinit { cancel() }
}
