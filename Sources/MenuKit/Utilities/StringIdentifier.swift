/// A name wrapped in its own type, such as ``MenuIdentifier`` or ``ActionName``, so that a menu
/// identifier cannot be passed where an action name is expected.
///
/// Conforming types declare `rawValue` and `init(rawValue:)`; string literals, `init(_:)`,
/// ordering and `description` come from this protocol.
///
/// ```swift
/// struct ToolIdentifier: StringIdentifier {
///   let rawValue: String
///   init(rawValue: String) { self.rawValue = rawValue }
/// }
/// let lasso: ToolIdentifier = "lasso"
/// ```
public protocol StringIdentifier: RawRepresentable<String>, Hashable, Comparable, Sendable,
  ExpressibleByStringLiteral, CustomStringConvertible
{
  /// Creates an identifier from its text.
  init(rawValue: String)
}

extension StringIdentifier {
  /// Creates an identifier from its text.
  public init(_ rawValue: String) { self.init(rawValue: rawValue) }

  /// Creates an identifier from a string literal.
  public init(stringLiteral value: String) { self.init(rawValue: value) }

  /// The identifier's text.
  public var description: String { rawValue }

  /// Orders identifiers by their text.
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
