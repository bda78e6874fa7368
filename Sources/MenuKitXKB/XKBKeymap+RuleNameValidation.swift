// MARK: - API

extension XKBKeymap.RuleNames {
  /// One of the five rule names (RMLVO).
  public enum Field: String, CaseIterable, Hashable, Sendable {
    /// The rules file, such as `evdev`.
    case rules
    /// The keyboard model, such as `pc105`.
    case model
    /// The layouts, such as `us,de`.
    case layout
    /// The variants, such as `,nodeadkeys`.
    case variant
    /// The options, such as `grp:alt_shift_toggle`.
    case options
  }

  /// The longest value of one rule name that ``validate()`` accepts, in bytes.
  public static let maximumLength = 1024

  /// Checks one rule name: the one rule every MenuKit tool and compile applies to RMLVO names.
  ///
  /// libxkbcommon builds file paths from the names (`symbols/<layout>`, `rules/<rules>`), so
  /// a name must be a name, never a path. A value may contain only ASCII letters and digits
  /// and `_ - + . : ( ) ,` (every name the installed xkb-data lists does), must not contain
  /// `..`, and is at most ``maximumLength`` bytes long. The empty value (the default) is
  /// accepted.
  ///
  /// ```swift
  /// try XKBKeymap.RuleNames.validate("de(nodeadkeys),us", as: .layout)  // fine
  /// try XKBKeymap.RuleNames.validate("../../etc/passwd", as: .layout)
  /// // bad layout '../../etc/passwd': '/' is not allowed; an XKB name is never a path
  /// ```
  ///
  /// - Parameters:
  ///   - value: The name, or comma-separated list of names.
  ///   - field: Which rule name it is, for the message.
  /// - Throws: ``XKBRuleNameError`` saying which character or length is wrong.
  public static func validate(_ value: String, as field: Field) throws(XKBRuleNameError) {
    func failure(_ reason: String) -> XKBRuleNameError {
      XKBRuleNameError(field: field, value: value, reason: reason)
    }
    guard value.utf8.count <= maximumLength else {
      throw failure(
        "it is \(value.utf8.count) bytes long, and the limit is \(maximumLength) bytes")
    }
    for scalar in value.unicodeScalars where !isAllowed(scalar) {
      switch scalar {
      case "/":
        throw failure("'/' is not allowed; an XKB name is never a path")
      case _ where scalar.properties.generalCategory == .control:
        throw failure("it contains the control character U+\(hex(scalar.value))")
      default:
        throw failure(
          "'\(scalar)' is not allowed; XKB names contain only ASCII letters, digits and "
            + "_ - + . : ( ) ,")
      }
    }
    if value.contains("..") {
      throw failure("'..' is not allowed; an XKB name is never a path")
    }
  }

  /// Checks every name that is set, with ``validate(_:as:)``.
  ///
  /// ```swift
  /// try XKBKeymap.RuleNames(layout: "us", options: "ctrl:nocaps").validate()
  /// ```
  ///
  /// - Throws: ``XKBRuleNameError`` for the first name that is not valid, in RMLVO order.
  public func validate() throws(XKBRuleNameError) {
    let fields: [(Field, String?)] = [
      (.rules, rules), (.model, model), (.layout, layout), (.variant, variant),
      (.options, options),
    ]
    for (field, value) in fields {
      if let value { try Self.validate(value, as: field) }
    }
  }
}

/// A rule name (RMLVO) that MenuKit refuses before libxkbcommon sees it: a path, a control
/// character, a character no XKB name has, or a name that is too long.
///
/// ```swift
/// do {
///   try XKBKeymap.RuleNames(layout: "../../etc/passwd").validate()
/// } catch {
///   print(error)
///   // bad layout '../../etc/passwd': '/' is not allowed; an XKB name is never a path
/// }
/// ```
public struct XKBRuleNameError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Which rule name is wrong.
  public var field: XKBKeymap.RuleNames.Field
  /// The value given.
  public var value: String
  /// What is wrong with it.
  public var reason: String

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - field: Which rule name is wrong.
  ///   - value: The value given.
  ///   - reason: What is wrong with it.
  public init(field: XKBKeymap.RuleNames.Field, value: String, reason: String) {
    self.field = field
    self.value = value
    self.reason = reason
  }

  /// `bad <field> '<value>': <reason>`, the value with control characters escaped and
  /// shortened to 60 characters.
  public var description: String {
    "bad \(field.rawValue) '\(XKBKeymap.RuleNames.quotable(value))': \(reason)"
  }
}

// MARK: - Internal

extension XKBKeymap.RuleNames {
  /// Whether a character may appear in a rule name.
  static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "a"..."z", "A"..."Z", "0"..."9", "_", "-", "+", ".", ":", "(", ")", ",": true
    default: false
    }
  }

  /// A value safe to quote in a message: control characters as `\u{…}`, at most 60
  /// characters.
  package static func quotable(_ value: String) -> String {
    var text = ""
    var count = 0
    for scalar in value.unicodeScalars {
      if count == 60 { return text + "…" }
      if scalar.properties.generalCategory == .control {
        text += "\\u{\(hex(scalar.value))}"
      } else {
        text.unicodeScalars.append(scalar)
      }
      count += 1
    }
    return text
  }
}

/// A code point in uppercase hexadecimal, at least 4 digits.
private func hex(_ value: UInt32) -> String {
  let digits = String(value, radix: 16, uppercase: true)
  return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}
