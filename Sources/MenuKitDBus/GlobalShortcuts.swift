import Foundation
public import MenuKit

/// A session of the XDG desktop portal's `org.freedesktop.portal.GlobalShortcuts`: shortcuts
/// that fire while the app does not have keyboard focus, the one way a Wayland app may have
/// them.
///
/// The app asks; the desktop decides. ``bind(_:timeout:)`` offers commands with a preferred
/// trigger, and the desktop (KDE asks the user) answers with the triggers it assigned. When
/// the user presses one, the portal emits `Activated`, and the session performs the command
/// with ``Application/sendAction(_:to:from:)``; `Deactivated` (the key released) and
/// `ShortcutsChanged` (the user rebound them in the desktop's settings) are reported to
/// ``onDeactivated`` and ``onShortcutsChanged``. Every request has a timeout: a missing
/// portal, a desktop without this portal, or a refused request is a ``DBusError``, never a
/// hang.
///
/// ```swift
/// let session = try await GlobalShortcutsSession.create(
///   connection: connection, application: app)
/// let bound = try await session.bind([showPalette, quickNote])
/// for shortcut in bound { print(shortcut.id, shortcut.triggerDescription ?? "unassigned") }
/// ```
@MainActor
public final class GlobalShortcutsSession {
  /// A shortcut as the portal describes it.
  public struct Shortcut: Hashable, Sendable {
    /// The shortcut's id: the command's action name.
    public var id: String
    /// What it does: the command's title.
    public var description: String
    /// The trigger the app asked for, in the portal's notation (``trigger(for:)``).
    public var preferredTrigger: String?
    /// The trigger the desktop assigned, as it describes it to the user.
    public var triggerDescription: String?

    /// Creates a shortcut description.
    public init(
      id: String, description: String, preferredTrigger: String? = nil,
      triggerDescription: String? = nil
    ) {
      self.id = id
      self.description = description
      self.preferredTrigger = preferredTrigger
      self.triggerDescription = triggerDescription
    }
  }

  /// The portal's bus name.
  public static let portal = "org.freedesktop.portal.Desktop"
  private static let portalPath = "/org/freedesktop/portal/desktop"
  private static let interface = "org.freedesktop.portal.GlobalShortcuts"

  /// The session's object path.
  public let sessionPath: String
  /// Called with the shortcut id when its trigger is released.
  public var onDeactivated: ((String) -> Void)?
  /// Called with the shortcuts when the user changed them in the desktop.
  public var onShortcutsChanged: (([Shortcut]) -> Void)?
  /// Called with the shortcut id and whether a responder performed it, after `Activated`.
  public var onActivated: ((String, Bool) -> Void)?

  private let connection: DBusConnection
  private let application: Application
  private var commands: [String: Command] = [:]
  private var subscription: DBusSubscription?
  private var inbox: MainActorInbox<DBusSignal>?
  private var tokens = 0

  private init(connection: DBusConnection, application: Application, sessionPath: String) {
    self.connection = connection
    self.application = application
    self.sessionPath = sessionPath
  }

  /// Creates a session with the portal.
  ///
  /// - Parameter timeout: How long each step may take.
  /// - Throws: ``DBusError`` when there is no portal or it has no GlobalShortcuts, when the
  ///   request is refused, or when the portal does not answer in time.
  public static func create(
    connection: DBusConnection, application: Application, timeout: Duration = .seconds(1)
  ) async throws -> GlobalShortcutsSession {
    let token = "menukit\(UInt32.random(in: 0...UInt32.max))"
    let results = try await request(
      connection: connection, token: token, timeout: timeout, method: "CreateSession",
      arguments: [
        .vardict(["handle_token": .string(token), "session_handle_token": .string(token)])
      ])
    guard let path = results["session_handle"]?.stringValue else {
      throw DBusError(name: nil, message: "the portal's CreateSession answer has no session_handle")
    }
    let session = GlobalShortcutsSession(
      connection: connection, application: application, sessionPath: path)
    session.listen()
    return session
  }

  /// Offers commands as global shortcuts; the desktop decides their triggers.
  ///
  /// Each command's id is its action name and its description its title; a key command's
  /// single-stroke shortcut is its preferred trigger.
  ///
  /// - Returns: The shortcuts as the desktop bound them.
  /// - Throws: ``DBusError`` when the request is refused or not answered in time.
  @discardableResult
  public func bind(_ elements: [MenuElement], timeout: Duration = .seconds(5)) async throws
    -> [Shortcut]
  {
    var offered: [DBusValue] = []
    for element in elements {
      guard let command = element.command else { continue }
      let id = command.action.rawValue
      commands[id] = command
      var properties: [String: DBusValue] = ["description": .string(command.title)]
      if case .keyCommand(let keyCommand) = element,
        let trigger = Self.trigger(for: keyCommand.shortcut)
      {
        properties["preferred_trigger"] = .string(trigger)
      }
      offered.append(.tuple([.string(id), .vardict(properties)]))
    }
    tokens += 1
    let results = try await Self.request(
      connection: connection, token: "menukitbind\(tokens)", timeout: timeout,
      method: "BindShortcuts",
      arguments: [
        .objectPath(sessionPath), .array("(sa{sv})", offered), .string(""),
        .vardict(["handle_token": .string("menukitbind\(tokens)")]),
      ])
    return Self.shortcuts(results["shortcuts"])
  }

  /// Closes the session; its shortcuts are unbound.
  public func close() {
    subscription?.cancel()
    inbox?.finish()
    let connection = connection
    let path = sessionPath
    Task {
      _ = try? await connection.call(
        destination: Self.portal, path: path, interface: "org.freedesktop.portal.Session",
        method: "Close", timeout: .seconds(1))
    }
  }

  /// A shortcut in the portal's trigger notation (the freedesktop shortcuts specification),
  /// MenuKit's ``ShortcutDialect/portal``: modifiers `CTRL`, `ALT`, `SHIFT`, `LOGO` and an
  /// xkbcommon keysym name, joined by `+` (`Cmd+Shift+P` is `CTRL+SHIFT+p`); nil for a key the
  /// notation cannot name, such as a physical key.
  public static func trigger(for shortcut: KeyboardShortcut) -> String? {
    shortcut.text(in: .portal, platform: .linux)
  }

  private func listen() {
    let inbox = MainActorInbox<DBusSignal> { [weak self] signal in self?.receive(signal) }
    self.inbox = inbox
    subscription = connection.subscribe(
      sender: nil, interface: Self.interface, member: nil, path: Self.portalPath
    ) { inbox.send($0) }
  }

  private func receive(_ signal: DBusSignal) {
    guard signal.arguments[0]?.stringValue == sessionPath else { return }
    switch signal.name {
    case "Activated":
      guard let id = signal.arguments[1]?.stringValue, let command = commands[id] else { return }
      let performed = application.sendAction(command.action, to: nil, from: command)
      onActivated?(id, performed)
    case "Deactivated":
      if let id = signal.arguments[1]?.stringValue { onDeactivated?(id) }
    case "ShortcutsChanged":
      onShortcutsChanged?(Self.shortcuts(signal.arguments[1]))
    default:
      break
    }
  }

  private static func shortcuts(_ value: DBusValue?) -> [Shortcut] {
    (value?.items ?? []).compactMap { entry in
      guard let id = entry[0]?.stringValue else { return nil }
      let properties = entry[1]?.dictionary ?? [:]
      return Shortcut(
        id: id, description: properties["description"]?.stringValue ?? "",
        preferredTrigger: properties["preferred_trigger"]?.stringValue,
        triggerDescription: properties["trigger_description"]?.stringValue)
    }
  }

  /// Makes a portal request and waits for its `Response`: subscribes at the request path
  /// the portal will use, calls, then waits at most `timeout` for the answer.
  private static func request(
    connection: DBusConnection, token: String, timeout: Duration, method: String,
    arguments: [DBusValue]
  ) async throws -> [String: DBusValue] {
    let sender = connection.uniqueName.dropFirst().replacingOccurrences(of: ".", with: "_")
    let path = "\(portalPath)/request/\(sender)/\(token)"
    let (responses, continuation) = AsyncStream<DBusSignal>.makeStream()
    let subscription = connection.subscribe(
      interface: "org.freedesktop.portal.Request", member: "Response", path: path
    ) { continuation.yield($0) }
    defer {
      subscription.cancel()
      continuation.finish()
    }
    // The match rule is in place once a call after it on the same connection is answered.
    _ = try await connection.call(
      destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
      interface: "org.freedesktop.DBus", method: "GetId", timeout: timeout)
    do {
      _ = try await connection.call(
        destination: portal, path: portalPath, interface: interface, method: method,
        arguments: arguments, timeout: timeout)
    } catch let error as DBusError {
      throw DBusError(
        name: error.name, message: "the GlobalShortcuts portal: \(method): \(error.message)")
    }
    let response = try await withThrowingTaskGroup(of: DBusSignal?.self) { group in
      group.addTask {
        for await signal in responses { return signal }
        return nil
      }
      group.addTask {
        try await Task.sleep(for: timeout)
        return nil
      }
      let first = try await group.next() ?? nil
      group.cancelAll()
      return first
    }
    guard let response else {
      throw DBusError(
        name: nil, message: "the GlobalShortcuts portal did not answer \(method) in \(timeout)")
    }
    let code = response.arguments[0]?.intValue ?? 2
    guard code == 0 else {
      let reason =
        switch code {
        case 1: "the user cancelled it"
        case 2: "the desktop refused it or it failed"
        default: "an unknown response"
        }
      throw DBusError(
        name: nil,
        message: "the GlobalShortcuts portal refused \(method): \(reason) (response \(code))")
    }
    return response.arguments[1]?.dictionary ?? [:]
  }
}
