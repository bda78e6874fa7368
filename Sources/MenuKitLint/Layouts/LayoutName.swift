internal import CXKBRegistry
import MenuKitXKB

/// An XKB layout and, optionally, one of its variants: `de`, `de(nodeadkeys)`.
///
/// ```swift
/// let name = try LayoutName(parsing: "de(nodeadkeys)")
/// name.layout       // "de"
/// name.variant      // "nodeadkeys"
/// name.description  // "de(nodeadkeys)"
/// ```
package struct LayoutName: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The layout, such as `de`.
  package var layout: String
  /// The variant, such as `nodeadkeys`, or nil for the layout's default.
  package var variant: String?

  /// Creates a name.
  ///
  /// - Parameters:
  ///   - layout: The layout.
  ///   - variant: The variant, or nil.
  package init(layout: String, variant: String? = nil) {
    self.layout = layout
    self.variant = variant.flatMap { $0.isEmpty ? nil : $0 }
  }

  /// Parses `layout`, `layout(variant)` or `layout:variant`.
  ///
  /// - Parameter text: The text.
  /// - Throws: ``LayoutNameError`` for an empty name, a missing `)` or characters XKB names
  ///   never contain.
  package init(parsing text: String) throws(LayoutNameError) {
    var layout = text
    var variant: String?
    if let open = text.firstIndex(of: "(") {
      guard text.hasSuffix(")") else {
        throw LayoutNameError(text: text, reason: "a '(' without a closing ')' at the end")
      }
      layout = String(text[..<open])
      variant = String(text[text.index(after: open)..<text.index(before: text.endIndex)])
    } else if let colon = text.firstIndex(of: ":") {
      layout = String(text[..<colon])
      variant = String(text[text.index(after: colon)...])
    }
    guard !layout.isEmpty else {
      throw LayoutNameError(text: text, reason: "no layout name")
    }
    // The rule every tool applies to XKB names: a name, never a path.
    do throws(XKBRuleNameError) {
      try XKBKeymap.RuleNames.validate(layout, as: .layout)
      try XKBKeymap.RuleNames.validate(variant ?? "", as: .variant)
    } catch {
      throw LayoutNameError(text: text, reason: error.reason)
    }
    for part in [layout, variant ?? ""] where part.contains(where: { ",():".contains($0) }) {
      throw LayoutNameError(
        text: text, reason: "'\(part)' is not one name: it contains ',', '(', ')' or ':'")
    }
    self.init(layout: layout, variant: variant)
  }

  /// `layout` or `layout(variant)`.
  package var description: String { variant.map { "\(layout)(\($0))" } ?? layout }

  /// Orders by layout, then variant (the layout's default first).
  package static func < (lhs: LayoutName, rhs: LayoutName) -> Bool {
    (lhs.layout, lhs.variant ?? "") < (rhs.layout, rhs.variant ?? "")
  }

  /// Every layout and variant that the installed xkb-data lists, from libxkbregistry
  /// (the `evdev` ruleset in ``XKBContext/systemIncludePath`` only, as every tool compiles
  /// layouts; `~/.xkb` and the `XKB_CONFIG_*` variables are ignored), sorted.
  ///
  /// ```swift
  /// LayoutName.installed().count  // about 580 with Debian's xkb-data
  /// ```
  ///
  /// - Returns: The names, or an empty list when the registry cannot be read.
  package static func installed() -> [LayoutName] {
    guard let context = rxkb_context_new(RXKB_CONTEXT_NO_DEFAULT_INCLUDES) else { return [] }
    defer { rxkb_context_unref(context) }
    guard rxkb_context_include_path_append(context, XKBContext.systemIncludePath) else {
      return []
    }
    // Quiet: the registry's own warnings are not the linter's findings.
    rxkb_context_set_log_level(context, RXKB_LOG_LEVEL_CRITICAL)
    guard rxkb_context_parse_default_ruleset(context) else { return [] }
    var names: Set<LayoutName> = []
    var layout = rxkb_layout_first(context)
    while let current = layout {
      if let name = rxkb_layout_get_name(current) {
        let variant = rxkb_layout_get_variant(current).map { String(cString: $0) }
        names.insert(LayoutName(layout: String(cString: name), variant: variant))
      }
      layout = rxkb_layout_next(current)
    }
    return names.sorted()
  }
}

/// A layout name that cannot be parsed.
package struct LayoutNameError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The text given.
  package var text: String
  /// What is wrong with it.
  package var reason: String

  /// `bad layout 'de(': a '(' without a closing ')' at the end; expected a name such as 'de'
  /// or 'de(nodeadkeys)'`.
  package var description: String {
    "bad layout '\(XKBKeymap.RuleNames.quotable(text))': \(reason); expected a name such as "
      + "'de' or 'de(nodeadkeys)'"
  }
}
