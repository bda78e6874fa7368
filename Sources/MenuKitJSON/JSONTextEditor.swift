/// Edits the text of a JSON file in place: replaces, inserts and removes values using the
/// spans of a ``JSONReader`` parse, leaving every other byte (comments included) as it was.
///
/// Each edit works on the text the spans describe; parse the result again before the next one.
package struct JSONTextEditor {
  /// The UTF-8 text being edited.
  package private(set) var bytes: [UInt8]
  /// Where each value of the original text is.
  package let spans: JSONSpans

  /// Creates an editor over `text`, whose values are at `spans`.
  package init(text: String, spans: JSONSpans) {
    self.bytes = Array(text.utf8)
    self.spans = spans
  }

  /// The edited text.
  package var text: String { String(decoding: bytes, as: UTF8.self) }

  // MARK: Edits

  /// Replaces a value with `replacement`.
  package mutating func replace(_ node: JSONNode, with replacement: String) {
    guard let range = spans[node] else { return }
    bytes.replaceSubrange(range, with: Array(replacement.utf8))
  }

  /// Appends `element` (its first line unindented, as its other lines should be) to an array,
  /// following the array's layout: one element per line, or all on one line.
  package mutating func insert(_ element: String, into array: JSONNode) {
    guard let range = spans[array], let elements = array.value.arrayValue else { return }
    guard let last = elements.last, let lastRange = spans[last] else {
      let indent = lineIndent(of: range.lowerBound)
      let inside = bytes[(range.lowerBound + 1)..<(range.upperBound - 1)]
      if inside.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
        bytes.replaceSubrange(
          range, with: Array("[\n\(indent)  \(element)\n\(indent)]".utf8))
      } else {
        bytes.insert(contentsOf: Array("\n\(indent)  \(element)".utf8), at: range.lowerBound + 1)
      }
      return
    }
    let afterLast = skipTrivia(from: lastRange.upperBound)
    let hasComma = afterLast < bytes.count && bytes[afterLast] == UInt8(ascii: ",")
    if let indent = blankPrefix(before: lastRange.lowerBound) {
      if hasComma {
        let position = blankLineEnd(from: afterLast + 1) ?? (afterLast + 1)
        bytes.insert(contentsOf: Array("\n\(indent)\(element),".utf8), at: position)
      } else {
        let position = blankLineEnd(from: lastRange.upperBound) ?? lastRange.upperBound
        bytes.insert(contentsOf: Array("\n\(indent)\(element)".utf8), at: position)
        bytes.insert(UInt8(ascii: ","), at: lastRange.upperBound)
      }
    } else if hasComma {
      bytes.insert(contentsOf: Array(" \(element),".utf8), at: afterLast + 1)
    } else {
      bytes.insert(contentsOf: Array(", \(element)".utf8), at: lastRange.upperBound)
    }
  }

  /// Removes an element of an array with the comma that separates it, and its line when
  /// nothing else is on it.
  package mutating func remove(_ element: JSONNode, from array: JSONNode) {
    guard let elements = array.value.arrayValue,
      let index = elements.firstIndex(where: { $0.location == element.location }),
      let range = spans[element]
    else { return }
    var start = range.lowerBound
    var end = range.upperBound
    let afterElement = skipTrivia(from: range.upperBound)
    if afterElement < bytes.count, bytes[afterElement] == UInt8(ascii: ",") {
      end = afterElement + 1
    } else if index > 0, let previous = spans[elements[index - 1]] {
      start = skipTrivia(from: previous.upperBound)
    }
    if blankPrefix(before: start) != nil, let lineEnd = blankLineEnd(from: end) {
      start = lineStart(of: start)
      end = lineEnd
      if end < bytes.count, bytes[end] == 0x0D { end += 1 }
      if end < bytes.count, bytes[end] == 0x0A { end += 1 }
    } else if end > range.upperBound {
      // An element and its comma on a line with others: the spaces after the comma go too,
      // so `[1, 2, 3]` becomes `[1, 3]`, not `[1,  3]`.
      while end < bytes.count, bytes[end] == 0x20 || bytes[end] == 0x09 { end += 1 }
    }
    bytes.removeSubrange(start..<end)
  }

  /// The indentation of an array's elements: that of its first element when it starts a line,
  /// else the array's line indentation plus two spaces.
  package func elementIndent(of array: JSONNode) -> String {
    if let first = array.value.arrayValue?.first, let range = spans[first],
      let indent = blankPrefix(before: range.lowerBound)
    {
      return indent
    }
    return lineIndent(of: spans[array]?.lowerBound ?? 0) + "  "
  }

  // MARK: Scanning

  /// The offset of the first byte at or after `position` that is not whitespace or a comment.
  func skipTrivia(from position: Int) -> Int {
    var index = position
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C:
        index += 1
      case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/"):
        while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
      case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*"):
        index += 2
        while index + 1 < bytes.count,
          !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/"))
        {
          index += 1
        }
        index = min(index + 2, bytes.count)
      default:
        return index
      }
    }
    return index
  }

  /// The offset of the first byte of the line that holds `position`.
  func lineStart(of position: Int) -> Int {
    var index = position
    while index > 0, bytes[index - 1] != 0x0A, bytes[index - 1] != 0x0D { index -= 1 }
    return index
  }

  /// The spaces and tabs at the start of the line that holds `position`.
  func lineIndent(of position: Int) -> String {
    var index = lineStart(of: position)
    var indent = ""
    while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 {
      indent.unicodeScalars.append(Unicode.Scalar(bytes[index]))
      index += 1
    }
    return indent
  }

  /// The text between the start of the line and `position` when it is only spaces and tabs.
  func blankPrefix(before position: Int) -> String? {
    let start = lineStart(of: position)
    let prefix = bytes[start..<position]
    guard prefix.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) else { return nil }
    return String(decoding: prefix, as: UTF8.self)
  }

  /// The offset of the line break (or the end) after `position` when only spaces, tabs and a
  /// `//` comment are between them.
  func blankLineEnd(from position: Int) -> Int? {
    var index = position
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09: index += 1
      case 0x0A, 0x0D: return index
      case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/"):
        while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
        return index
      default: return nil
      }
    }
    return index
  }
}
