/// A JSON-like value attached to a command, as UIKit's `propertyList`.
///
/// Two commands with the same action are told apart by their property lists, so builder edits
/// address a command by the pair (action, property list). Dictionaries compare by content
/// regardless of key order.
///
/// ```swift
/// let north = Command(title: "North", action: "navigate:", propertyList: ["arrow": "up"])
/// ```
public enum PropertyList: Hashable, Sendable, ExpressibleByStringLiteral,
  ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral,
  ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral,
  CustomStringConvertible
{
  /// No value (JSON `null`).
  case null
  /// A Boolean.
  case bool(Bool)
  /// A number; integers are stored as `Double`.
  case number(Double)
  /// A string.
  case string(String)
  /// An ordered list of values.
  case array([PropertyList])
  /// Values by string key; order does not matter.
  case dictionary([String: PropertyList])

  /// Creates a string value from a literal.
  public init(stringLiteral value: String) { self = .string(value) }
  /// Creates a number from an integer literal.
  public init(integerLiteral value: Int) { self = .number(Double(value)) }
  /// Creates a number from a floating-point literal.
  public init(floatLiteral value: Double) { self = .number(value) }
  /// Creates a Boolean from a literal.
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  /// Creates an array from a literal.
  public init(arrayLiteral elements: PropertyList...) { self = .array(elements) }
  /// Creates `null` from `nil`.
  public init(nilLiteral: ()) { self = .null }

  /// Creates a dictionary from a literal; a repeated key keeps its last value.
  public init(dictionaryLiteral elements: (String, PropertyList)...) {
    self = .dictionary(Dictionary(elements, uniquingKeysWith: { _, last in last }))
  }

  /// The string, if this is a string.
  public var stringValue: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  /// The value for `key`, if this is a dictionary that has it.
  public subscript(key: String) -> PropertyList? {
    if case .dictionary(let values) = self { return values[key] }
    return nil
  }

  /// A compact JSON-like rendering with sorted keys, used in messages and labels.
  public var description: String {
    switch self {
    case .null: "null"
    case .bool(let value): value ? "true" : "false"
    case .number(let value):
      value.rounded() == value && abs(value) < 9e15 ? String(Int64(value)) : String(value)
    case .string(let value): "\"\(value)\""
    case .array(let values): "[" + values.map(\.description).joined(separator: ", ") + "]"
    case .dictionary(let values):
      "{"
        + values.keys.sorted().map { "\"\($0)\": \(values[$0]!.description)" }.joined(
          separator: ", ") + "}"
    }
  }
}

// MARK: - Share tag

extension PropertyList {
  /// The property list that marks a command as the Share command (UIKit's
  /// `UICommandTagShare`, "a value that identifies a command as a Share menu").
  ///
  /// On the mac, UIKit shows such a command as the Share submenu, filled by the system. Linux
  /// has no system sharing service, so MenuKit keeps the command as it is; hosts that can
  /// share (a portal, a desktop's share menu) find it with ``Command/isShare`` and put their
  /// own submenu in its place. Its value is the string `"UICommandTagShare"`, so menu files
  /// write it as `"propertyList": "UICommandTagShare"`.
  ///
  /// ```swift
  /// let share = Command(title: "Share", action: "share:", propertyList: .commandTagShare)
  /// share.isShare  // true
  /// ```
  public static let commandTagShare: PropertyList = "UICommandTagShare"
}

extension Command {
  /// Whether the command is the Share command: its property list is
  /// ``PropertyList/commandTagShare`` (UIKit's `UICommandTagShare`).
  public var isShare: Bool { propertyList == .commandTagShare }
}
