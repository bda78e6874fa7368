internal import CGLib
import Foundation
import Synchronization

/// A connection to a D-Bus message bus, over GLib's GDBus, with its own thread.
///
/// GDBus delivers method calls, signals and replies in a GLib main context; each connection
/// runs one on a thread of its own, so the app does not iterate a GLib loop. What the
/// services do with a call — read the menu, validate it, perform a command — happens on the
/// main actor, where MenuKit's menus and responders live (docs/decisions/0014-dbus-services.md).
///
/// ```swift
/// let connection = try DBusConnection.sessionBus()
/// try await connection.requestName("org.example.Editor")
/// let server = try DBusMenuServer(
///   menuSystem: .main, application: app, connection: connection, objectPath: "/MenuBar")
/// ```
public final class DBusConnection: Sendable {
  /// The loop that runs this connection's callbacks.
  let thread: GLibThread
  /// The `GDBusConnection`.
  let handle: GObjectHandle
  /// The bus's name for this connection, such as `:1.42`.
  public let uniqueName: String
  private let isClosed = Mutex(false)

  /// Connects to the session bus (`DBUS_SESSION_BUS_ADDRESS`).
  ///
  /// - Throws: ``DBusError`` when there is no session bus or it cannot be reached.
  public static func sessionBus() throws -> DBusConnection {
    var error: UnsafeMutablePointer<GError>?
    guard let address = g_dbus_address_get_for_bus_sync(G_BUS_TYPE_SESSION, nil, &error) else {
      throw DBusError(taking: error, context: "no session bus")
    }
    defer { g_free(address) }
    return try DBusConnection(address: String(cString: address))
  }

  /// Connects to the message bus at a D-Bus address, such as `unix:path=/run/user/1000/bus`.
  ///
  /// - Throws: ``DBusError`` when the bus cannot be reached or refuses the connection.
  public init(address: String) throws {
    var error: UnsafeMutablePointer<GError>?
    let flags = GDBusConnectionFlags(
      rawValue: G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue
        | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue)
    guard
      let connection = g_dbus_connection_new_for_address_sync(address, flags, nil, nil, &error)
    else {
      throw DBusError(taking: error, context: "cannot connect to \(address)")
    }
    // A bus that goes away must not end the process (GDBus's default for its shared buses).
    g_dbus_connection_set_exit_on_close(connection, 0)
    handle = GObjectHandle(connection)
    uniqueName = String(cString: g_dbus_connection_get_unique_name(connection))
    thread = GLibThread(name: "MenuKitDBus \(uniqueName)")
  }

  deinit { close() }

  /// Asks the bus for a well-known name, such as `org.example.Editor`.
  ///
  /// - Throws: ``DBusError`` when another connection owns the name.
  public func requestName(_ name: String) async throws {
    let reply = try await call(
      destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
      interface: "org.freedesktop.DBus", method: "RequestName",
      arguments: [.string(name), .uint32(4)])  // DBUS_NAME_FLAG_DO_NOT_QUEUE
    // 1: primary owner; 4: already the owner.
    guard let code = reply[0]?.intValue, code == 1 || code == 4 else {
      throw DBusError(name: nil, message: "the name \(name) is owned by another connection")
    }
  }

  /// Closes the connection and stops its thread; exported objects go away with it.
  public func close() {
    let wasClosed = isClosed.withLock { closed in
      defer { closed = true }
      return closed
    }
    guard !wasClosed else { return }
    g_dbus_connection_close_sync(handle.pointer, nil, nil)
    thread.stop()
  }
}

// MARK: - Internal API

extension DBusConnection {
  /// Calls a method and returns its reply's tuple.
  ///
  /// - Parameter timeout: How long to wait for the reply before failing.
  /// - Throws: ``DBusError`` with the remote error's name, a timeout, or a closed connection.
  package func call(
    destination: String, path: String, interface: String, method: String,
    arguments: [DBusValue] = [], timeout: Duration = .seconds(5)
  ) async throws -> DBusValue {
    guard !isClosed.withLock({ $0 }) else {
      throw DBusError(name: nil, message: "\(interface).\(method): the connection is closed")
    }
    let milliseconds = Int32(
      clamping: timeout.components.seconds * 1000 + timeout.components.attoseconds
        / 1_000_000_000_000_000)
    return try await withCheckedThrowingContinuation { continuation in
      let box = Box(continuation)
      thread.perform { [handle] in
        let data = Unmanaged.passRetained(box).toOpaque()
        g_dbus_connection_call(
          handle.pointer, destination, path, interface, method,
          DBusValue.tuple(arguments).gvariant(), nil, G_DBUS_CALL_FLAGS_NONE, milliseconds, nil,
          { source, result, data in
            let box = Unmanaged<Box<CheckedContinuation<DBusValue, any Error>>>
              .fromOpaque(data!).takeRetainedValue()
            var error: UnsafeMutablePointer<GError>?
            if let reply = g_dbus_connection_call_finish(OpaquePointer(source), result, &error) {
              defer { g_variant_unref(reply) }
              box.value.resume(returning: DBusValue(reply))
            } else {
              box.value.resume(throwing: DBusError(taking: error, context: "call failed"))
            }
          }, data)
      }
    }
  }

  /// Emits a signal from an object of this connection.
  package func emitSignal(path: String, interface: String, name: String, arguments: [DBusValue]) {
    var error: UnsafeMutablePointer<GError>?
    if g_dbus_connection_emit_signal(
      handle.pointer, nil, path, interface, name, DBusValue.tuple(arguments).gvariant(), &error)
      == 0
    {
      g_error_free(error)
    }
  }

  /// Calls `handler` on the connection's thread for each matching signal until the returned
  /// subscription is cancelled; on a closed connection, never.
  package func subscribe(
    sender: String? = nil, interface: String? = nil, member: String? = nil, path: String? = nil,
    handler: @escaping @Sendable (DBusSignal) -> Void
  ) -> DBusSubscription {
    guard !isClosed.withLock({ $0 }) else {
      return DBusSubscription(connection: self, identifier: 0)
    }
    let box = Box(handler)
    let identifier = thread.performAndWait { [handle] in
      g_dbus_connection_signal_subscribe(
        handle.pointer, sender, interface, member, path, nil, G_DBUS_SIGNAL_FLAGS_NONE,
        { _, sender, path, interface, name, parameters, data in
          let handler = Unmanaged<Box<@Sendable (DBusSignal) -> Void>>.fromOpaque(data!)
            .takeUnretainedValue().value
          handler(
            DBusSignal(
              sender: sender.map { String(cString: $0) } ?? "",
              path: String(cString: path!), interface: String(cString: interface!),
              name: String(cString: name!), arguments: parameters.map(DBusValue.init) ?? .tuple([])
            ))
        }, Unmanaged.passRetained(box).toOpaque(),
        { data in Unmanaged<Box<@Sendable (DBusSignal) -> Void>>.fromOpaque(data!).release() })
    }
    return DBusSubscription(connection: self, identifier: identifier)
  }

  /// Exports an object's interface; its method calls go to `handler` on the connection's
  /// thread, its properties are read from `properties`.
  ///
  /// - Parameter introspection: The `<node>` XML that declares the interface.
  package func register(
    path: String, interface: String, introspection: String, properties: DBusProperties,
    handler: @escaping @Sendable (DBusMethodCall) -> Void
  ) throws -> DBusRegistration {
    guard !isClosed.withLock({ $0 }) else {
      throw DBusError(name: nil, message: "cannot export \(path): the connection is closed")
    }
    let exported = ExportedObject(handler: handler, properties: properties)
    let outcome: Result<UInt32, DBusError> = thread.performAndWait { [handle] in
      var error: UnsafeMutablePointer<GError>?
      guard let node = g_dbus_node_info_new_for_xml(introspection, &error) else {
        return .failure(DBusError(taking: error, context: "bad introspection XML"))
      }
      defer { g_dbus_node_info_unref(node) }
      guard let info = g_dbus_node_info_lookup_interface(node, interface) else {
        return .failure(DBusError(name: nil, message: "no interface \(interface) in the XML"))
      }
      var vtable = GDBusInterfaceVTable()
      vtable.method_call = { _, sender, path, interface, method, parameters, invocation, data in
        let object = Unmanaged<ExportedObject>.fromOpaque(data!).takeUnretainedValue()
        object.handler(
          DBusMethodCall(
            sender: sender.map { String(cString: $0) } ?? "",
            path: String(cString: path!), interface: String(cString: interface!),
            method: String(cString: method!),
            arguments: parameters.map(DBusValue.init) ?? .tuple([]),
            reply: DBusReply(invocation: invocation!)))
      }
      vtable.get_property = { _, _, _, _, name, error, data in
        let object = Unmanaged<ExportedObject>.fromOpaque(data!).takeUnretainedValue()
        let name = String(cString: name!)
        guard let value = object.properties.value(name) else {
          g_set_error_literal(
            error, g_dbus_error_quark(), Int32(G_DBUS_ERROR_UNKNOWN_PROPERTY.rawValue),
            "no property \(name)")
          return nil
        }
        return value.gvariant()
      }
      let identifier = g_dbus_connection_register_object(
        handle.pointer, path, info, &vtable, Unmanaged.passRetained(exported).toOpaque(),
        { data in Unmanaged<ExportedObject>.fromOpaque(data!).release() }, &error)
      guard identifier != 0 else {
        return .failure(DBusError(taking: error, context: "cannot export \(path)"))
      }
      return .success(identifier)
    }
    return DBusRegistration(connection: self, identifier: try outcome.get())
  }
}

/// What an exported object's C callbacks reach through their user data.
private final class ExportedObject: Sendable {
  let handler: @Sendable (DBusMethodCall) -> Void
  let properties: DBusProperties
  init(handler: @escaping @Sendable (DBusMethodCall) -> Void, properties: DBusProperties) {
    self.handler = handler
    self.properties = properties
  }
}

/// A `GObject` reference that is released when this is.
///
/// `@unchecked Sendable`: it holds a `GDBusConnection`, which GDBus documents as usable from
/// any thread.
final class GObjectHandle: @unchecked Sendable {
  let pointer: OpaquePointer
  init(_ pointer: OpaquePointer) { self.pointer = pointer }
  deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }
}

/// The property values of an exported object, read on the connection's thread.
package final class DBusProperties: Sendable {
  private let values: Mutex<[String: DBusValue]>
  /// Creates the store with initial values.
  package init(_ values: [String: DBusValue] = [:]) { self.values = Mutex(values) }
  /// A property's value.
  package func value(_ name: String) -> DBusValue? { values.withLock { $0[name] } }
  /// Changes a property's value.
  package func set(_ name: String, _ value: DBusValue) { values.withLock { $0[name] = value } }
}

/// A method call to an exported object.
package struct DBusMethodCall: Sendable {
  /// The caller's unique name.
  package var sender: String
  /// The object path called.
  package var path: String
  /// The interface called.
  package var interface: String
  /// The method called.
  package var method: String
  /// The arguments, a tuple.
  package var arguments: DBusValue
  /// Where the reply goes; answer exactly once.
  package var reply: DBusReply
}

/// The reply to a method call; GDBus lets it be sent from any thread.
///
/// `@unchecked Sendable`: it holds a `GDBusMethodInvocation`, whose `return` functions GDBus
/// documents as callable from any thread; each is called once, which consumes it.
package struct DBusReply: @unchecked Sendable {
  let invocation: OpaquePointer
  /// Replies with values (the method's out arguments, in order).
  package func send(_ values: [DBusValue]) {
    g_dbus_method_invocation_return_value(invocation, DBusValue.tuple(values).gvariant())
  }
  /// Replies with a D-Bus error, such as `org.freedesktop.DBus.Error.InvalidArgs`.
  package func fail(_ name: String, _ message: String) {
    g_dbus_method_invocation_return_dbus_error(invocation, name, message)
  }
}

/// A signal received.
package struct DBusSignal: Sendable {
  /// The sender's unique name.
  package var sender: String
  /// The emitting object's path.
  package var path: String
  /// The signal's interface.
  package var interface: String
  /// The signal's name.
  package var name: String
  /// The arguments, a tuple.
  package var arguments: DBusValue
}

/// A signal subscription; cancel it to stop receiving.
package final class DBusSubscription: Sendable {
  private let release: ReleaseOnce
  init(connection: DBusConnection, identifier: UInt32) {
    release = ReleaseOnce(identifier: identifier) {
      g_dbus_connection_signal_unsubscribe(connection.handle.pointer, $0)
    }
  }
  deinit { cancel() }
  /// Stops the subscription.
  package func cancel() { release.run() }
}

/// An exported object; cancel it to withdraw it from the bus.
package final class DBusRegistration: Sendable {
  private let release: ReleaseOnce
  init(connection: DBusConnection, identifier: UInt32) {
    release = ReleaseOnce(identifier: identifier) {
      _ = g_dbus_connection_unregister_object(connection.handle.pointer, $0)
    }
  }
  deinit { cancel() }
  /// Withdraws the object.
  package func cancel() { release.run() }
}

/// Gives a GDBus id back exactly once, whether on `cancel()` or when its owner goes away; an
/// id of 0 (GDBus's failure) is never given back.
private final class ReleaseOnce: Sendable {
  private let identifier: UInt32
  private let release: @Sendable (UInt32) -> Void
  private let isReleased = Mutex(false)

  init(identifier: UInt32, release: @escaping @Sendable (UInt32) -> Void) {
    self.identifier = identifier
    self.release = release
  }

  func run() {
    let wasReleased = isReleased.withLock { released in
      defer { released = true }
      return released
    }
    guard !wasReleased, identifier != 0 else { return }
    release(identifier)
  }
}
