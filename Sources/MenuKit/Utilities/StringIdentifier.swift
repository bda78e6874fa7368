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
  init(rawValue: String)
}

extension StringIdentifier {
  /// Creates an identifier from its text.
  public init(_ rawValue: String) { self.init(rawValue: rawValue) }

  public init(stringLiteral value: String) { self.init(rawValue: value) }

  public var description: String { rawValue }

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
