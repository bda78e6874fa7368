internal import CGLib

/// A D-Bus failure: a remote error with its name, or a local one (no bus, a timeout).
///
/// ```swift
/// do { try await connection.requestName("org.example.Editor") } catch let error as DBusError {
///   print(error)  // "the name org.example.Editor is owned by another connection"
/// }
/// ```
public struct DBusError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The D-Bus error name, such as `org.freedesktop.DBus.Error.ServiceUnknown`, when the
  /// failure came from the bus or a peer.
  public var name: String?
  /// What went wrong.
  public var message: String

  /// Creates an error.
  public init(name: String?, message: String) {
    self.name = name
    self.message = message
  }

  /// The message, after the error name when there is one.
  public var description: String { name.map { "\($0): \(message)" } ?? message }

  /// The error a GError describes, which is freed.
  init(taking error: UnsafeMutablePointer<GError>?, context: String) {
    guard let error else {
      self.init(name: nil, message: context)
      return
    }
    defer { g_error_free(error) }
    var name: String?
    if let remote = g_dbus_error_get_remote_error(error) {
      name = String(cString: remote)
      g_free(remote)
      g_dbus_error_strip_remote_error(error)
    }
    self.init(name: name, message: String(cString: error.pointee.message))
  }
}
