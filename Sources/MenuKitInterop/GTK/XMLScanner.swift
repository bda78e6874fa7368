import MenuKit

/// An element of an XML document, with the positions of its tag, attributes and text.
///
/// Made by ``XMLScanner``; only what a GtkBuilder reader needs: names, attribute values and
/// character data, each with its source position. Comments, processing instructions and the
/// XML declaration are skipped.
struct XMLElement {
  /// The element's name, such as `object` or `property`.
  var name: String
  /// Where its start tag's `<` is.
  var location: SourceLocation
  /// Its attributes in document order: name, decoded value, and where the value starts.
  var attributes: [(name: String, value: String, location: SourceLocation)] = []
  /// Its child elements, in document order.
  var children: [XMLElement] = []
  /// Its character data (text and CDATA, entities decoded), concatenated.
  var text = ""
  /// The source position of each scalar of ``text``, as (line, column).
  var textPositions: [(line: Int, column: Int)] = []

  /// The value of an attribute, if the element has it.
  func attribute(_ name: String) -> String? {
    attributes.first { $0.name == name }?.value
  }

  /// The location of the scalar at `offset` in ``text``; the tag's location when there is none.
  func location(ofTextAt offset: Int) -> SourceLocation {
    guard textPositions.indices.contains(offset) else {
      return textPositions.last.map {
        SourceLocation(file: location.file, line: $0.line, column: $0.column + 1)
      } ?? location
    }
    let position = textPositions[offset]
    return SourceLocation(file: location.file, line: position.line, column: position.column)
  }
}

/// A small, bounded XML reader with positions: one pass over the text, linear in its length.
///
/// It reads what GtkBuilder files use: elements, attributes in single or double quotes, text,
/// CDATA sections, comments, processing instructions, the five predefined entities and
/// character references. It never expands anything else: a document type declaration
/// (`<!DOCTYPE`, where entities would be declared) and any other entity are errors, so no input
/// can grow in memory or time beyond its length. Elements may nest ``maximumDepth`` levels.
struct XMLScanner {
  /// How deeply elements may nest; a deeper document is an error, not a deep recursion.
  static let maximumDepth = 256

  /// A problem in the text: what was expected, and where.
  struct Failure: Error {
    /// The message, naming what was found and what was expected.
    var message: String
    /// Where the problem is.
    var location: SourceLocation
  }

  private let scalars: [Unicode.Scalar]
  private let path: String
  private var index = 0
  private var line = 1
  private var column = 1

  /// Parses `text` into its root element.
  ///
  /// - Throws: ``Failure`` at the first problem: a syntax error, a tag that does not match, an
  ///   undefined entity, a document type declaration, or nesting deeper than ``maximumDepth``.
  static func parse(_ text: String, path: String) throws(Failure) -> XMLElement {
    var scanner = XMLScanner(scalars: Array(text.unicodeScalars), path: path)
    return try scanner.document()
  }

  private init(scalars: [Unicode.Scalar], path: String) {
    self.scalars = scalars
    self.path = path
  }

  // MARK: - Positions

  private var here: SourceLocation { SourceLocation(file: path, line: line, column: column) }
  private var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

  private mutating func advance() {
    guard index < scalars.count else { return }
    if scalars[index] == "\n" {
      line += 1
      column = 1
    } else {
      column += 1
    }
    index += 1
  }

  private func starts(with literal: String) -> Bool {
    var position = index
    for scalar in literal.unicodeScalars {
      guard position < scalars.count, scalars[position] == scalar else { return false }
      position += 1
    }
    return true
  }

  private mutating func skip(_ literal: String) {
    for _ in literal.unicodeScalars { advance() }
  }

  private func failure(_ message: String, at location: SourceLocation? = nil) -> Failure {
    Failure(message: message, location: location ?? here)
  }

  /// What is at the current position, for messages.
  private var found: String {
    guard let scalar = current else { return "the end of the file" }
    return ContextPredicate.describe(scalar)
  }

  // MARK: - Document

  private mutating func document() throws(Failure) -> XMLElement {
    if current == "\u{FEFF}" { advance() }
    try skipMisc()
    guard current == "<" else {
      throw failure("expected an element such as '<interface>', found \(found)")
    }
    let root = try element()
    try skipMisc()
    if current != nil {
      throw failure("expected the end of the file after the root element, found \(found)")
    }
    return root
  }

  /// Skips white space, comments and processing instructions outside the root element.
  private mutating func skipMisc() throws(Failure) {
    while let scalar = current {
      if scalar.properties.isWhitespace {
        advance()
      } else if starts(with: "<!--") {
        try comment()
      } else if starts(with: "<?") {
        try processingInstruction()
      } else if starts(with: "<!DOCTYPE") || starts(with: "<!doctype") {
        throw doctype()
      } else {
        return
      }
    }
  }

  private func doctype() -> Failure {
    failure(
      "a document type declaration ('<!DOCTYPE') is not read: GtkBuilder files have none, and "
        + "the entities it may declare are never expanded")
  }

  private mutating func comment() throws(Failure) {
    let start = here
    skip("<!--")
    while current != nil {
      if starts(with: "-->") {
        skip("-->")
        return
      }
      advance()
    }
    throw failure("the comment that starts here is not closed with '-->'", at: start)
  }

  private mutating func processingInstruction() throws(Failure) {
    let start = here
    skip("<?")
    while current != nil {
      if starts(with: "?>") {
        skip("?>")
        return
      }
      advance()
    }
    throw failure("the processing instruction that starts here is not closed with '?>'", at: start)
  }

  // MARK: - Elements

  /// Reads an element and everything in it, iteratively: the open elements are a stack, so
  /// nesting costs no recursion.
  private mutating func element() throws(Failure) -> XMLElement {
    var stack: [XMLElement] = []
    while true {
      if stack.count > 0, current == nil {
        let open = stack[stack.count - 1]
        throw failure(
          "expected '</\(open.name)>' to close the '<\(open.name)>' at line "
            + "\(open.location.line), column \(open.location.column), found the end of the file")
      }
      if current == "<" {
        if starts(with: "<!--") {
          try comment()
        } else if starts(with: "<?") {
          try processingInstruction()
        } else if starts(with: "<![CDATA[") {
          guard !stack.isEmpty else { throw failure("expected an element, found CDATA") }
          try cdata(into: &stack[stack.count - 1])
        } else if starts(with: "<!") {
          if starts(with: "<!DOCTYPE") || starts(with: "<!doctype") { throw doctype() }
          throw failure("expected an element, a comment or CDATA after '<!', found \(found)")
        } else if starts(with: "</") {
          let closeLocation = here
          skip("</")
          let name = try self.name(what: "an element name after '</'")
          skipSpace()
          guard current == ">" else {
            throw failure("expected '>' to end '</\(name)', found \(found)")
          }
          advance()
          guard let closed = stack.popLast() else {
            throw failure("'</\(name)>' closes no open element", at: closeLocation)
          }
          guard closed.name == name else {
            throw failure(
              "expected '</\(closed.name)>' to close the '<\(closed.name)>' at line "
                + "\(closed.location.line), column \(closed.location.column), found '</\(name)>'",
              at: closeLocation)
          }
          if stack.isEmpty { return closed }
          stack[stack.count - 1].children.append(closed)
        } else {
          let (opened, isEmpty) = try startTag()
          if isEmpty {
            if stack.isEmpty { return opened }
            stack[stack.count - 1].children.append(opened)
          } else {
            guard stack.count < Self.maximumDepth else {
              throw failure(
                "the elements nest deeper than \(Self.maximumDepth) levels, which no GtkBuilder "
                  + "file needs", at: opened.location)
            }
            stack.append(opened)
          }
        }
      } else if stack.isEmpty {
        throw failure("expected '<', found \(found)")
      } else {
        try characterData(into: &stack[stack.count - 1])
      }
    }
  }

  /// Reads a start tag; returns the element and whether it was empty (`<a/>`).
  private mutating func startTag() throws(Failure) -> (XMLElement, Bool) {
    let location = here
    advance()  // <
    let name = try self.name(what: "an element name after '<'")
    var element = XMLElement(name: name, location: location)
    while true {
      let hadSpace = skipSpace()
      if current == ">" {
        advance()
        return (element, false)
      }
      if starts(with: "/>") {
        skip("/>")
        return (element, true)
      }
      guard current != nil else {
        throw failure(
          "expected '>' to end the '<\(name)' tag that starts at line \(location.line), "
            + "column \(location.column), found the end of the file")
      }
      guard hadSpace else {
        throw failure("expected a space, '>' or '/>' in '<\(name)', found \(found)")
      }
      let attributeLocation = here
      let attribute = try self.name(what: "an attribute name, '>' or '/>'")
      skipSpace()
      guard current == "=" else {
        throw failure("expected '=' after the attribute '\(attribute)', found \(found)")
      }
      advance()
      skipSpace()
      guard let quote = current, quote == "\"" || quote == "'" else {
        throw failure("expected a quoted value for the attribute '\(attribute)', found \(found)")
      }
      advance()
      let valueLocation = here
      var value = ""
      while let scalar = current, scalar != quote {
        if scalar == "<" {
          throw failure("expected '\(quote)' to end the value of '\(attribute)', found '<'")
        }
        if scalar == "&" {
          value.unicodeScalars.append(try entity())
        } else {
          value.unicodeScalars.append(scalar)
          advance()
        }
      }
      guard current != nil else {
        throw failure(
          "the value of the attribute '\(attribute)' is not closed with \(quote)",
          at: valueLocation)
      }
      advance()
      if element.attributes.contains(where: { $0.name == attribute }) {
        throw failure(
          "the attribute '\(attribute)' is repeated in '<\(name)>'", at: attributeLocation)
      }
      element.attributes.append((attribute, value, valueLocation))
    }
  }

  /// Reads text up to the next `<`, decoding entities, into the element's text.
  private mutating func characterData(into element: inout XMLElement) throws(Failure) {
    while let scalar = current, scalar != "<" {
      let position = (line, column)
      if scalar == "&" {
        element.text.unicodeScalars.append(try entity())
      } else {
        element.text.unicodeScalars.append(scalar)
        advance()
      }
      element.textPositions.append(position)
    }
  }

  private mutating func cdata(into element: inout XMLElement) throws(Failure) {
    let start = here
    skip("<![CDATA[")
    while current != nil {
      if starts(with: "]]>") {
        skip("]]>")
        return
      }
      element.textPositions.append((line, column))
      element.text.unicodeScalars.append(current!)
      advance()
    }
    throw failure("the CDATA section that starts here is not closed with ']]>'", at: start)
  }

  /// Reads `&name;` or `&#…;` and returns the character; anything but the five predefined
  /// entities and character references is an error (nothing is ever expanded).
  private mutating func entity() throws(Failure) -> Unicode.Scalar {
    let start = here
    advance()  // &
    var name = ""
    while let scalar = current, scalar != ";", name.unicodeScalars.count <= 10 {
      guard scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "#" else {
        break
      }
      name.unicodeScalars.append(scalar)
      advance()
    }
    guard current == ";" else {
      throw failure(
        "expected an entity such as '&lt;' or '&#60;' after '&', found '&\(name)' without ';'; "
          + "write '&amp;' for '&'", at: start)
    }
    advance()
    switch name {
    case "lt": return "<"
    case "gt": return ">"
    case "amp": return "&"
    case "quot": return "\""
    case "apos": return "'"
    default:
      if name.hasPrefix("#") {
        let digits = name.dropFirst()
        let value =
          digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
        if let value, let scalar = Unicode.Scalar(value), value != 0 { return scalar }
        throw failure("'&\(name);' is not a character reference to a valid character", at: start)
      }
      throw failure(
        "unknown entity '&\(name);': only '&lt;', '&gt;', '&amp;', '&quot;', '&apos;' and "
          + "character references are read (entities are never expanded)", at: start)
    }
  }

  // MARK: - Names

  private mutating func name(what: String) throws(Failure) -> String {
    var name = ""
    while let scalar = current, isNameScalar(scalar, first: name.isEmpty) {
      name.unicodeScalars.append(scalar)
      advance()
    }
    guard !name.isEmpty else { throw failure("expected \(what), found \(found)") }
    return name
  }

  private func isNameScalar(_ scalar: Unicode.Scalar, first: Bool) -> Bool {
    if scalar.properties.isAlphabetic || scalar == "_" || scalar == ":" { return true }
    if first { return false }
    return ("0"..."9").contains(scalar) || scalar == "-" || scalar == "."
  }

  @discardableResult
  private mutating func skipSpace() -> Bool {
    var skipped = false
    while let scalar = current, scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
    {
      advance()
      skipped = true
    }
    return skipped
  }
}
