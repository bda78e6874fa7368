public import MenuKit

/// Exports a menu system's menu as `org.gtk.Menus` and its commands as `org.gtk.Actions`, as
/// a GtkApplication exports its menubar, for apps without GTK.
///
/// The menu is the one validated for the application's first responder. Group 0, menu 0 is
/// the root; each submenu is a group of its own and each inline group a section (a menu of
/// the same group). Items carry `label` (with `_` mnemonics), `action` (`app.` and the
/// command's ``GActionName``), `target` (the property list's text, for commands that share
/// an action) and `accel` (the GTK accelerator of a single-stroke shortcut). Hidden elements
/// are left out.
///
/// Each command's action is one GAction: enabled as validation says; stateful — a boolean,
/// or for commands with property lists the target of the one that is on — when an element
/// using it has a checkmark or sits in a single-selection menu. `Activate` (and `SetState`)
/// perform the command through ``Application/perform(_:alternate:sender:)``. Rebuilds and
/// revalidations emit `org.gtk.Menus.Changed` for the groups a client subscribed to with
/// `Start`, and `org.gtk.Actions.Changed`.
///
/// ```swift
/// let exporter = try GtkMenuExporter(
///   menuSystem: .main, application: app, connection: connection,
///   menuPath: "/org/example/Editor/menus/menubar", actionsPath: "/org/example/Editor")
/// ```
@MainActor
public final class GtkMenuExporter {
  /// Where `org.gtk.Menus` is exported.
  public let menuPath: String
  /// Where `org.gtk.Actions` is exported; clients use it as the `app` action group.
  public let actionsPath: String

  private let menuSystem: MenuSystem
  private let application: Application
  private let connection: DBusConnection
  private var registrations: [DBusRegistration] = []
  private var observation: MenuSystemObservation?
  private var inboxes: [MainActorInbox<DBusMethodCall>] = []
  private var groupIdentities = MenuItemIdentities()
  private var model = GtkMenuModel()
  private var subscribedGroups: [UInt32: Int] = [:]
  private var statefulActions: Set<String> = []

  /// Exports the menu system's menu and actions on a connection.
  ///
  /// - Parameters:
  ///   - menuSystem: The menu exported; its rebuilds and revalidations are published.
  ///   - application: Validates the menu and performs activated actions.
  ///   - connection: The bus connection; request a well-known name on it for clients.
  ///   - menuPath: The menu model's object path.
  ///   - actionsPath: The action group's object path.
  /// - Throws: ``DBusError`` when a path is already exported on the connection.
  public init(
    menuSystem: MenuSystem, application: Application, connection: DBusConnection,
    menuPath: String, actionsPath: String
  ) throws {
    self.menuSystem = menuSystem
    self.application = application
    self.connection = connection
    self.menuPath = menuPath
    self.actionsPath = actionsPath
    model = currentModel()
    for (path, interface, xml) in [
      (menuPath, "org.gtk.Menus", Self.menusIntrospection),
      (actionsPath, "org.gtk.Actions", Self.actionsIntrospection),
    ] {
      let inbox = MainActorInbox<DBusMethodCall> { [weak self] call in
        guard let self else {
          return call.reply.fail("org.freedesktop.DBus.Error.UnknownObject", "exporter gone")
        }
        self.handle(call)
      }
      inboxes.append(inbox)
      registrations.append(
        try connection.register(
          path: path, interface: interface, introspection: xml, properties: DBusProperties(),
          handler: { inbox.send($0) }))
    }
    observation = menuSystem.observe { [weak self] _ in self?.refresh() }
  }

  isolated deinit {
    for registration in registrations { registration.cancel() }
    for inbox in inboxes { inbox.finish() }
  }

  /// Withdraws the menu and actions from the bus.
  public func stop() {
    for registration in registrations { registration.cancel() }
    registrations = []
    observation?.cancel()
    observation = nil
    for inbox in inboxes { inbox.finish() }
  }

  /// Validates the menu again and emits `Changed` signals for what changed.
  ///
  /// - Returns: Whether anything changed.
  @discardableResult
  public func refresh() -> Bool {
    let new = currentModel()
    defer { model = new }
    guard new != model else { return false }
    guard !registrations.isEmpty else { return true }
    var changes: [DBusValue] = []
    for group in subscribedGroups.keys.sorted() {
      let before = model.groups[group] ?? [:]
      let after = new.groups[group] ?? [:]
      for menu in Set(before.keys).union(after.keys).sorted() {
        let old = before[menu] ?? []
        let items = after[menu] ?? []
        guard old != items else { continue }
        changes.append(
          .tuple([
            .uint32(group), .uint32(menu), .uint32(0), .uint32(UInt32(old.count)),
            .array("a{sv}", items.map(DBusValue.vardict)),
          ]))
      }
    }
    if !changes.isEmpty {
      connection.emitSignal(
        path: menuPath, interface: "org.gtk.Menus", name: "Changed",
        arguments: [.array("(uuuuaa{sv})", changes)])
    }
    let removed = model.actions.keys.filter { new.actions[$0] == nil }.sorted()
    var enabled: [DBusValue] = []
    var states: [DBusValue] = []
    var added: [DBusValue] = []
    for name in new.actions.keys.sorted() {
      let action = new.actions[name]!
      guard let old = model.actions[name], old.parameterType == action.parameterType,
        (old.state == nil) == (action.state == nil)
      else {
        added.append(.dictEntry(.string(name), action.description))
        continue
      }
      if old.isEnabled != action.isEnabled {
        enabled.append(.dictEntry(.string(name), .boolean(action.isEnabled)))
      }
      if let state = action.state, old.state != state {
        states.append(.dictEntry(.string(name), .variant(state)))
      }
    }
    if !(removed.isEmpty && enabled.isEmpty && states.isEmpty && added.isEmpty) {
      connection.emitSignal(
        path: actionsPath, interface: "org.gtk.Actions", name: "Changed",
        arguments: [
          .strings(removed), .array("{sb}", enabled), .array("{sv}", states),
          .array("{s(bgav)}", added),
        ])
    }
    return true
  }

  private func currentModel() -> GtkMenuModel {
    let validated = menuSystem.validatedMenu(for: application.firstResponderForEvents)
    var builder = GtkMenuModelBuilder(statefulActions: statefulActions)
    let model = builder.build(validated.menu, identities: &groupIdentities)
    statefulActions = builder.statefulActions
    return model
  }
}

// MARK: - Methods

extension GtkMenuExporter {
  private func handle(_ call: DBusMethodCall) {
    let arguments = call.arguments
    switch (call.interface, call.method) {
    case ("org.gtk.Menus", "Start"):
      refresh()
      let groups = arguments[0]?.items.compactMap { $0.intValue.map(UInt32.init) } ?? []
      var result: [DBusValue] = []
      for group in groups {
        subscribedGroups[group, default: 0] += 1
        for (menu, items) in (model.groups[group] ?? [:]).sorted(by: { $0.key < $1.key }) {
          result.append(
            .tuple([.uint32(group), .uint32(menu), .array("a{sv}", items.map(DBusValue.vardict))]))
        }
      }
      call.reply.send([.array("(uuaa{sv})", result)])
    case ("org.gtk.Menus", "End"):
      for group in arguments[0]?.items.compactMap({ $0.intValue.map(UInt32.init) }) ?? [] {
        subscribedGroups[group, default: 1] -= 1
        if subscribedGroups[group] == 0 { subscribedGroups[group] = nil }
      }
      call.reply.send([])
    case ("org.gtk.Actions", "List"):
      call.reply.send([.strings(model.actions.keys.sorted())])
    case ("org.gtk.Actions", "Describe"):
      let name = arguments[0]?.stringValue ?? ""
      guard let action = model.actions[name] else {
        return call.reply.fail(Self.invalidArgs, "no action \(name)")
      }
      call.reply.send([action.description])
    case ("org.gtk.Actions", "DescribeAll"):
      call.reply.send([
        .array(
          "{s(bgav)}",
          model.actions.keys.sorted().map {
            .dictEntry(.string($0), model.actions[$0]!.description)
          })
      ])
    case ("org.gtk.Actions", "Activate"), ("org.gtk.Actions", "SetState"):
      let name = arguments[0]?.stringValue ?? ""
      guard let action = model.actions[name] else {
        return call.reply.fail(Self.invalidArgs, "no action \(name)")
      }
      let parameter: DBusValue? =
        call.method == "Activate" ? arguments[1]?.items.first?.unwrapped : arguments[1]?.unwrapped
      call.reply.send([])
      let target = parameter?.stringValue
      let element =
        action.elements.first { $0.target == target }?.element ?? action.elements.first?.element
      if let element {
        application.perform(element)
        refresh()
      }
    default:
      call.reply.fail("org.freedesktop.DBus.Error.UnknownMethod", "no method \(call.method)")
    }
  }

  private static let invalidArgs = "org.freedesktop.DBus.Error.InvalidArgs"

  static let menusIntrospection = """
    <node>
      <interface name="org.gtk.Menus">
        <method name="Start">
          <arg type="au" name="groups" direction="in"/>
          <arg type="a(uuaa{sv})" name="content" direction="out"/>
        </method>
        <method name="End">
          <arg type="au" name="groups" direction="in"/>
        </method>
        <signal name="Changed">
          <arg type="a(uuuuaa{sv})" name="changes"/>
        </signal>
      </interface>
    </node>
    """

  static let actionsIntrospection = """
    <node>
      <interface name="org.gtk.Actions">
        <method name="List">
          <arg type="as" name="list" direction="out"/>
        </method>
        <method name="Describe">
          <arg type="s" name="action_name" direction="in"/>
          <arg type="(bgav)" name="description" direction="out"/>
        </method>
        <method name="DescribeAll">
          <arg type="a{s(bgav)}" name="descriptions" direction="out"/>
        </method>
        <method name="Activate">
          <arg type="s" name="action_name" direction="in"/>
          <arg type="av" name="parameter" direction="in"/>
          <arg type="a{sv}" name="platform_data" direction="in"/>
        </method>
        <method name="SetState">
          <arg type="s" name="action_name" direction="in"/>
          <arg type="v" name="value" direction="in"/>
          <arg type="a{sv}" name="platform_data" direction="in"/>
        </method>
        <signal name="Changed">
          <arg type="as" name="removals"/>
          <arg type="a{sb}" name="enable_changes"/>
          <arg type="a{sv}" name="state_changes"/>
          <arg type="a{s(bgav)}" name="additions"/>
        </signal>
      </interface>
    </node>
    """
}
