public import MenuKit

/// Serves a menu system's menu as `com.canonical.dbusmenu`, the protocol of KDE's global menu
/// and of StatusNotifierItem tray menus.
///
/// The server publishes the menu validated for the application's first responder
/// (``Application/firstResponderForEvents``), as UIKit validates a menu before showing it:
/// an item whose action no responder performs is disabled. It validates again when a client
/// is about to show a menu (`AboutToShow`), reads the layout, or when the menu system
/// rebuilds or revalidates; when the items changed it emits `LayoutUpdated` (new or removed
/// items) or `ItemsPropertiesUpdated` (labels, enabled states, checkmarks, shortcuts). An
/// `Event` of type `clicked` performs the item through ``Application/perform(_:alternate:sender:)``.
///
/// The protocol as served:
///
/// | MenuKit | dbusmenu |
/// |---|---|
/// | title, `&`/`_` mnemonics | `label` with `_` mnemonics |
/// | `.disabled` (defined or by validation) | `enabled` false |
/// | `.hidden` | `visible` false |
/// | `.destructive` | `disposition` `alert` |
/// | inline group | `type` `separator` items between groups |
/// | submenu | `children-display` `submenu` |
/// | state on/mixed, or an item of a single-selection menu | `toggle-type` `checkmark`/`radio`, `toggle-state` 1/-1/0 |
/// | key command, or ``shortcutOverride`` | `shortcut` (`aas`, one array per stroke) |
///
/// Items keep their id across rebuilds while their identity stays: a menu's identifier, a
/// command's action and property list, an action's identifier.
///
/// ```swift
/// let connection = try DBusConnection.sessionBus()
/// let server = try DBusMenuServer(
///   menuSystem: .main, application: app, connection: connection, objectPath: "/MenuBar")
/// try await connection.requestName("org.example.Editor")
/// ```
@MainActor
public final class DBusMenuServer {
  /// The interface served.
  public static let interface = "com.canonical.dbusmenu"

  /// Whether the menu asks for attention, the `Status` property.
  public enum Status: String, Sendable {
    /// The usual state.
    case normal
    /// The menu should be shown more prominently.
    case notice
  }

  /// The object path the menu is exported at.
  public let objectPath: String
  /// The layout's revision: it grows each time items are added, removed or moved.
  public private(set) var revision: UInt32 = 1
  /// The `Status` property.
  public var status: Status = .normal {
    didSet { properties.set("Status", .string(status.rawValue)) }
  }
  /// The shortcut to show for a command instead of its key command's (nil keeps the key
  /// command's): how an app shows what its keymap binds, including multi-stroke sequences.
  /// Setting it publishes the change.
  public var shortcutOverride: ((Command) -> KeySequence?)? {
    didSet { refresh() }
  }

  private let menuSystem: MenuSystem
  private let application: Application
  private let connection: DBusConnection
  private let properties: DBusProperties
  private var registration: DBusRegistration?
  private var observation: MenuSystemObservation?
  private var inbox: MainActorInbox<DBusMethodCall>?
  private var identities = MenuItemIdentities()
  private var layout = MenuLayout(items: [:])

  /// Exports the menu system's menu on a connection.
  ///
  /// - Parameters:
  ///   - menuSystem: The menu served; its rebuilds and revalidations are published.
  ///   - application: Validates the menu (its first responder's chain) and performs items.
  ///   - connection: The bus connection; request a well-known name on it for clients to find.
  ///   - objectPath: Where the menu is exported, `/MenuBar` by default.
  /// - Throws: ``DBusError`` when the path is already exported on the connection.
  public init(
    menuSystem: MenuSystem, application: Application, connection: DBusConnection,
    objectPath: String = "/MenuBar"
  ) throws {
    self.menuSystem = menuSystem
    self.application = application
    self.connection = connection
    self.objectPath = objectPath
    properties = DBusProperties([
      "Version": .uint32(3), "TextDirection": .string("ltr"), "Status": .string("normal"),
      "IconThemePath": .array("s", []),
    ])
    layout = currentLayout()
    let inbox = MainActorInbox<DBusMethodCall> { [weak self] call in
      guard let self else {
        call.reply.fail("org.freedesktop.DBus.Error.UnknownObject", "the menu is gone")
        return
      }
      self.handle(call)
    }
    self.inbox = inbox
    registration = try connection.register(
      path: objectPath, interface: Self.interface, introspection: Self.introspection,
      properties: properties, handler: { inbox.send($0) })
    observation = menuSystem.observe { [weak self] _ in self?.refresh() }
  }

  isolated deinit {
    registration?.cancel()
    inbox?.finish()
  }

  /// Withdraws the menu from the bus.
  public func stop() {
    registration?.cancel()
    registration = nil
    observation?.cancel()
    observation = nil
    inbox?.finish()
  }

  /// Validates the menu again and publishes what changed: `LayoutUpdated` when items were
  /// added, removed or moved, else `ItemsPropertiesUpdated` for changed properties.
  ///
  /// The server calls it itself when a client is about to show a menu and when the menu
  /// system changes; call it when the app's state changed while a menu may be open.
  ///
  /// - Returns: Whether anything changed.
  @discardableResult
  public func refresh() -> Bool {
    let new = currentLayout()
    defer { layout = new }
    if new == layout { return false }
    guard registration != nil else { return true }
    if !new.hasSameStructure(as: layout) {
      revision += 1
      connection.emitSignal(
        path: objectPath, interface: Self.interface, name: "LayoutUpdated",
        arguments: [.uint32(revision), .int32(0)])
      return true
    }
    var updated: [DBusValue] = []
    var removed: [DBusValue] = []
    for id in new.items.keys.sorted() {
      let now = new.items[id]!.properties
      let before = layout.items[id]?.properties ?? [:]
      let changed = now.filter { before[$0.key] != $0.value }
      let gone = before.keys.filter { now[$0] == nil }.sorted()
      if !changed.isEmpty { updated.append(.tuple([.int32(id), .vardict(changed)])) }
      if !gone.isEmpty { removed.append(.tuple([.int32(id), .strings(gone)])) }
    }
    connection.emitSignal(
      path: objectPath, interface: Self.interface, name: "ItemsPropertiesUpdated",
      arguments: [.array("(ia{sv})", updated), .array("(ias)", removed)])
    return true
  }

  private func currentLayout() -> MenuLayout {
    let validated = menuSystem.validatedMenu(for: application.firstResponderForEvents)
    let override = shortcutOverride
    var builder = MenuLayoutBuilder(shortcut: { override?($0) })
    return builder.build(validated.menu, identities: &identities)
  }
}

// MARK: - Methods

extension DBusMenuServer {
  private static let invalidArgs = "org.freedesktop.DBus.Error.InvalidArgs"

  private func handle(_ call: DBusMethodCall) {
    let arguments = call.arguments
    switch call.method {
    case "GetLayout":
      refresh()
      let parent = Int32(arguments[0]?.intValue ?? 0)
      let depth = arguments[1]?.intValue ?? -1
      let names = Set(arguments[2]?.items.compactMap(\.stringValue) ?? [])
      guard layout.items[parent] != nil else {
        return call.reply.fail(Self.invalidArgs, "no item \(parent)")
      }
      call.reply.send([.uint32(revision), node(parent, depth: depth, names: names)])
    case "GetGroupProperties":
      let requested = arguments[0]?.items.compactMap { $0.intValue.map(Int32.init) } ?? []
      let names = Set(arguments[1]?.items.compactMap(\.stringValue) ?? [])
      let ids = requested.isEmpty ? layout.items.keys.sorted() : requested
      let entries = ids.compactMap { id in
        layout.items[id].map { DBusValue.tuple([.int32(id), .vardict(filtered($0, names))]) }
      }
      call.reply.send([.array("(ia{sv})", entries)])
    case "GetProperty":
      let id = Int32(arguments[0]?.intValue ?? -1)
      let name = arguments[1]?.stringValue ?? ""
      guard let value = layout.items[id]?.properties[name] else {
        return call.reply.fail(Self.invalidArgs, "no property \(name) on item \(id)")
      }
      call.reply.send([.variant(value)])
    case "Event":
      let id = Int32(arguments[0]?.intValue ?? -1)
      guard layout.items[id] != nil else {
        return call.reply.fail(Self.invalidArgs, "no item \(id)")
      }
      call.reply.send([])
      event(id, arguments[1]?.stringValue ?? "")
    case "EventGroup":
      let events = arguments[0]?.items ?? []
      let unknown = events.compactMap { $0[0]?.intValue.map(Int32.init) }
        .filter { layout.items[$0] == nil }
      guard unknown.count < events.count || events.isEmpty else {
        return call.reply.fail(Self.invalidArgs, "no item among \(unknown)")
      }
      call.reply.send([.array("i", unknown.map { .int32($0) })])
      for event in events {
        guard let id = event[0]?.intValue.map(Int32.init), layout.items[id] != nil else { continue }
        self.event(id, event[1]?.stringValue ?? "")
      }
    case "AboutToShow":
      let id = Int32(arguments[0]?.intValue ?? -1)
      guard layout.items[id] != nil else {
        return call.reply.fail(Self.invalidArgs, "no item \(id)")
      }
      call.reply.send([.boolean(refresh())])
    case "AboutToShowGroup":
      let ids = arguments[0]?.items.compactMap { $0.intValue.map(Int32.init) } ?? []
      let unknown = ids.filter { layout.items[$0] == nil }
      let changed = refresh()
      let known = ids.filter { layout.items[$0] != nil }
      call.reply.send([
        .array("i", changed ? known.map { .int32($0) } : []),
        .array("i", unknown.map { .int32($0) }),
      ])
    default:
      call.reply.fail("org.freedesktop.DBus.Error.UnknownMethod", "no method \(call.method)")
    }
  }

  /// Performs a `clicked` item (other events — `hovered`, `opened`, `closed` — change
  /// nothing) and publishes what performing it changed.
  private func event(_ id: Int32, _ type: String) {
    guard type == "clicked", let element = layout.items[id]?.element else { return }
    application.perform(element)
    refresh()
  }

  private func filtered(_ item: MenuLayout.Item, _ names: Set<String>) -> [String: DBusValue] {
    names.isEmpty ? item.properties : item.properties.filter { names.contains($0.key) }
  }

  /// An item as `(ia{sv}av)`, its children to `depth` levels (-1: all).
  private func node(_ id: Int32, depth: Int, names: Set<String>) -> DBusValue {
    let item = layout.items[id]!
    let children =
      depth == 0
      ? [] : item.children.map { DBusValue.variant(node($0, depth: depth - 1, names: names)) }
    return .tuple([.int32(id), .vardict(filtered(item, names)), .array("v", children)])
  }

  static let introspection = """
    <node>
      <interface name="com.canonical.dbusmenu">
        <property name="Version" type="u" access="read"/>
        <property name="TextDirection" type="s" access="read"/>
        <property name="Status" type="s" access="read"/>
        <property name="IconThemePath" type="as" access="read"/>
        <method name="GetLayout">
          <arg type="i" name="parentId" direction="in"/>
          <arg type="i" name="recursionDepth" direction="in"/>
          <arg type="as" name="propertyNames" direction="in"/>
          <arg type="u" name="revision" direction="out"/>
          <arg type="(ia{sv}av)" name="layout" direction="out"/>
        </method>
        <method name="GetGroupProperties">
          <arg type="ai" name="ids" direction="in"/>
          <arg type="as" name="propertyNames" direction="in"/>
          <arg type="a(ia{sv})" name="properties" direction="out"/>
        </method>
        <method name="GetProperty">
          <arg type="i" name="id" direction="in"/>
          <arg type="s" name="name" direction="in"/>
          <arg type="v" name="value" direction="out"/>
        </method>
        <method name="Event">
          <arg type="i" name="id" direction="in"/>
          <arg type="s" name="eventId" direction="in"/>
          <arg type="v" name="data" direction="in"/>
          <arg type="u" name="timestamp" direction="in"/>
        </method>
        <method name="EventGroup">
          <arg type="a(isvu)" name="events" direction="in"/>
          <arg type="ai" name="idErrors" direction="out"/>
        </method>
        <method name="AboutToShow">
          <arg type="i" name="id" direction="in"/>
          <arg type="b" name="needUpdate" direction="out"/>
        </method>
        <method name="AboutToShowGroup">
          <arg type="ai" name="ids" direction="in"/>
          <arg type="ai" name="updatesNeeded" direction="out"/>
          <arg type="ai" name="idErrors" direction="out"/>
        </method>
        <signal name="ItemsPropertiesUpdated">
          <arg type="a(ia{sv})" name="updatedProps" direction="out"/>
          <arg type="a(ias)" name="removedProps" direction="out"/>
        </signal>
        <signal name="LayoutUpdated">
          <arg type="u" name="revision" direction="out"/>
          <arg type="i" name="parent" direction="out"/>
        </signal>
        <signal name="ItemActivationRequested">
          <arg type="i" name="id" direction="out"/>
          <arg type="u" name="timestamp" direction="out"/>
        </signal>
      </interface>
    </node>
    """
}
