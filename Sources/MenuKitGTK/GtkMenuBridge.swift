internal import CGtk4
public import MenuKit
public import MenuKitXKB

/// A menu system as a GtkApplication's menubar, actions and accelerators, with the keys of
/// its windows dispatched by MenuKit.
///
/// The bridge turns the menu system's menu, validated for the application's first responder,
/// into a `GMenuModel` set as the GtkApplication's menubar: inline groups are sections,
/// submenus are submenu links, and each item names its command's `GAction` (`app.` and the
/// ``MenuKit/GActionName``, so `copy:` is `app.copy-3a`) with the `accel` attribute of the
/// shortcut the keymaps give it. Each action is enabled as validation says and, for
/// checkmarks and single-selection menus, stateful; activating it (from a menu, or over
/// D-Bus) performs the command through ``MenuKit/Application/perform(_:alternate:sender:)``.
/// Rebuilds and revalidations of the menu system update the menu and the actions;
/// ``refresh()`` does it on demand. Single-stroke bindings are also given to GTK with
/// `gtk_application_set_accels_for_action`, so GTK shows them.
///
/// Keys do not go through GTK's accelerators: ``attach(window:)`` adds a capture-phase key
/// controller to a window that hands each key's hardware keycode and GDK's modifier and
/// layout state to a ``MenuKitXKB/XKBKeyboard`` (read from the display's keymap) and the
/// presses to ``dispatcher``. So multi-stroke sequences (Ctrl+K Ctrl+S), context predicates,
/// the Latin fallback on non-Latin layouts and relocated shortcuts work, which GTK's own
/// matching does not do. A press that performs an action, or continues a pending sequence,
/// is not seen by the window's widgets.
///
/// Create the bridge before the application runs and attach each window in `activate`; GTK
/// calls back on the main thread, which is the main actor's.
///
/// ```swift
/// let gtkApp = gtk_application_new("org.example.Editor", G_APPLICATION_DEFAULT_FLAGS)
/// let bridge = GtkMenuBridge(
///   gtkApplication: UnsafeMutableRawPointer(gtkApp!), menuSystem: system,
///   application: app, keymaps: [keymap])
/// // in the GtkApplication's activate handler:
/// bridge.attach(window: UnsafeMutableRawPointer(gtk_application_window_new(gtkApp)))
/// ```
@MainActor
public final class GtkMenuBridge {
  /// The menu system shown as the menubar.
  public let menuSystem: MenuSystem
  /// Validates the menu and performs activated actions; its key window's first responder
  /// gets the presses.
  public let application: Application
  /// The dispatcher every press goes to, over the menu system's menu and the keymaps.
  public let dispatcher: KeyDispatcher
  /// The platform profile of labels and accelerators (`.command` is Control on linux).
  public let platform: PlatformProfile
  /// Called with every press event, after ``dispatcher`` got it.
  public var onPresses: ((PressesEvent) -> Void)?
  /// The keyboard translating the display's keys, read at the first key event and again
  /// when the compositor sends a new keymap (Wayland); nil until then or when the display's
  /// keymap cannot be read.
  public internal(set) var keyboard: XKBKeyboard?

  /// The `GtkApplication`.
  let gtkApplication: UnsafeMutablePointer<GtkApplication>
  /// The menubar, a `GMenu` whose content is replaced when the menu changes.
  let menubar: OpaquePointer
  /// What the menubar and the actions show now.
  var current = GMenuDescription()
  /// Actions that were stateful once stay stateful.
  var statefulActions: Set<String> = []
  /// The `GSimpleAction`s added to the application, by name, with their parameter type
  /// and whether they are stateful (a change of either replaces the action).
  var gActions: [String: (action: OpaquePointer, parameterType: String?, stateful: Bool)] = [:]
  /// The accelerators given to GTK, by detailed action name.
  var gtkAccelerators: [String: [String]] = [:]
  /// The observation of the menu system.
  var observation: MenuSystemObservation?
  /// Clock of press timestamps.
  let clock = MonotonicClock()
  /// The identity of the Wayland keymap ``keyboard`` was read from.
  var keymapIdentity: UnsafeRawPointer?
  /// Whether reading the keymap failed (it is not tried again until the keymap changes).
  var keymapUnavailable = false
  /// Whether the menubar and accelerators are set on the application.
  var isInstalled = false
  /// The timer source that ends a pending sequence, if one is scheduled.
  var sequenceTimer: UInt32 = 0

  /// Shows a menu system in a GtkApplication and dispatches its windows' keys.
  ///
  /// The menubar and the actions are set at once; the application need not be registered.
  ///
  /// - Parameters:
  ///   - gtkApplication: The `GtkApplication *`.
  ///   - menuSystem: The menu shown; its rebuilds and revalidations are followed.
  ///   - application: Validates the menu, performs the actions and receives the presses.
  ///   - keymaps: The keymaps layered over the menu's key commands (app, then user).
  ///   - platform: How `.command` and labels are read.
  public init(
    gtkApplication: UnsafeMutableRawPointer, menuSystem: MenuSystem, application: Application,
    keymaps: [Keymap] = [], platform: PlatformProfile = .linux
  ) {
    self.gtkApplication = gtkApplication.assumingMemoryBound(to: GtkApplication.self)
    self.menuSystem = menuSystem
    self.application = application
    self.platform = platform
    dispatcher = KeyDispatcher(
      application: application, mainMenu: menuSystem.menu, platform: platform)
    dispatcher.keymaps = keymaps
    menubar = g_menu_new()
    refresh()
    // GTK takes a menubar and accelerators only from a registered application: until it is,
    // they are set at `startup`.
    if g_application_get_is_registered(applicationObject) != 0 {
      installInApplication()
    } else {
      let startup: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Void = {
        _, data in
        guard let data else { return }
        let box = Unmanaged<CallbackBox>.fromOpaque(data).takeUnretainedValue()
        MainActor.assumeIsolated { box.bridge?.installInApplication() }
      }
      connect(
        UnsafeMutableRawPointer(gtkApplication), "startup",
        unsafeBitCast(startup, to: GCallback.self))
    }
    observation = menuSystem.observe { [weak self] change in
      guard let self else { return }
      if change == .rebuild { self.dispatcher.mainMenu = self.menuSystem.menu }
      self.refresh()
    }
  }

  isolated deinit {
    observation?.cancel()
    if sequenceTimer != 0 { g_source_remove(sequenceTimer) }
    for (_, entry) in gActions { g_object_unref(UnsafeMutableRawPointer(entry.action)) }
    g_object_unref(UnsafeMutableRawPointer(menubar))
  }

  /// The keymaps layered over the menu's key commands; setting them updates the dispatcher,
  /// the accelerators and the menu.
  public var keymaps: [Keymap] {
    get { dispatcher.keymaps ?? [] }
    set {
      dispatcher.keymaps = newValue
      refresh()
    }
  }

  /// The menubar as a `GMenuModel *` (owned by the bridge), for a `GtkPopoverMenuBar` or
  /// an export of your own.
  public var menuModel: UnsafeMutableRawPointer {
    UnsafeMutableRawPointer(menubar)
  }

  /// Validates the menu again and updates the menubar, the actions and the accelerators.
  ///
  /// Validation asks the responder chain, which can change without the menu system knowing
  /// (a document became modified): call this, or the menu system's
  /// ``MenuKit/MenuSystem/setNeedsRevalidate()``, when it does.
  ///
  /// - Returns: Whether anything changed.
  @discardableResult
  public func refresh() -> Bool {
    let validated = menuSystem.validatedMenu(for: application.firstResponderForEvents)
    let resolver = dispatcher.keyBindingResolver
    let stack = ResponderChain(startingAt: application.firstResponderForEvents).responders
      .reversed().compactMap(\.keyContext)
    let platform = self.platform
    var builder = GMenuDescriptionBuilder(statefulActions: statefulActions) { command, _ in
      guard let keys = resolver.keys(for: command.key, in: stack), keys.strokes.count == 1
      else { return nil }
      return keys.text(in: .gtk, platform: platform)
    }
    let new = builder.build(validated.menu)
    statefulActions = builder.statefulActions
    guard new != current else { return false }
    let old = current
    current = new
    updateActions(from: old)
    if new.menu != old.menu || gActions.isEmpty {
      g_menu_remove_all(menubar)
      fill(menubar, with: new.menu)
    }
    if isInstalled { updateAccelerators() }
    return true
  }

  /// The application as a `GApplication *`.
  var applicationObject: UnsafeMutablePointer<GApplication> {
    UnsafeMutableRawPointer(gtkApplication).assumingMemoryBound(to: GApplication.self)
  }

  /// Sets the menubar and the accelerators on the registered application.
  func installInApplication() {
    gtk_application_set_menubar(gtkApplication, gMenuModel(menubar))
    isInstalled = true
    gtkAccelerators = [:]
    updateAccelerators()
  }

  /// Adds the key controller to a window, so its keys are dispatched by MenuKit before its
  /// widgets see them.
  ///
  /// - Parameter window: The `GtkWindow *` (usually a `GtkApplicationWindow` of the
  ///   application).
  public func attach(window: UnsafeMutableRawPointer) {
    attachKeyController(to: window.assumingMemoryBound(to: GtkWidget.self))
  }
}
