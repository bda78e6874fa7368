import FoundationEssentials
import MenuKit
import MenuKitJSON

#if canImport(Glibc)
  import Glibc
#endif

/// The commands a palette user chose recently and how often: a small most-recently-used store
/// that ranks them higher in ``PaletteIndex/search(_:history:limit:)``.
///
/// Recency is an order, not a clock: each use moves the command to the front, so ranking
/// never depends on the time of day. The store keeps at most ``capacity`` commands, dropping
/// the least recently used. The app persists it with ``write(toFile:)``, which replaces the
/// file atomically, and reads it back with ``init(contentsOfFile:)``.
///
/// ```swift
/// var history = (try? PaletteHistory(contentsOfFile: path)) ?? PaletteHistory()
/// history.recordUse(of: match.entry.identifier)
/// try history.write(toFile: path)
/// ```
///
/// The file is JSON (comments and trailing commas accepted when read):
///
/// ```json
/// { "schemaVersion": 1, "commands": [ { "id": "copy:", "uses": 3 } ] }
/// ```
///
/// with the most recently used command first.
public struct PaletteHistory: Hashable, Sendable {
  /// The commands, most recently used first.
  public private(set) var records: [Record]
  /// The most commands kept; at least 1.
  public var capacity: Int {
    didSet {
      capacity = max(1, capacity)
      trim()
    }
  }

  /// Creates an empty history.
  ///
  /// - Parameter capacity: The most commands kept (at least 1).
  public init(capacity: Int = 100) {
    self.capacity = max(1, capacity)
    records = []
  }

  /// One remembered command.
  public struct Record: Hashable, Sendable {
    /// The command's ``PaletteEntry/identifier``.
    public var identifier: String
    /// How many times it was chosen.
    public var useCount: Int

    /// Creates a record.
    public init(identifier: String, useCount: Int) {
      self.identifier = identifier
      self.useCount = useCount
    }
  }

  /// The version of the file format that ``jsonText`` writes.
  public static let schemaVersion = 1
}

// MARK: - API

extension PaletteHistory {
  /// Records that a command was chosen: it moves to the front and its use count grows.
  ///
  /// - Parameter identifier: The command's ``PaletteEntry/identifier``.
  public mutating func recordUse(of identifier: String) {
    var record = Record(identifier: identifier, useCount: 0)
    if let index = records.firstIndex(where: { $0.identifier == identifier }) {
      record = records.remove(at: index)
    }
    record.useCount += 1
    records.insert(record, at: 0)
    trim()
  }

  /// Forgets a command.
  public mutating func remove(_ identifier: String) {
    records.removeAll { $0.identifier == identifier }
  }

  /// The history as the JSON text of its file, ending with a newline.
  public var jsonText: String {
    var lines = ["{", "  \"schemaVersion\": \(Self.schemaVersion),"]
    if records.isEmpty {
      lines.append("  \"commands\": []")
    } else {
      lines.append("  \"commands\": [")
      for (index, record) in records.enumerated() {
        let comma = index == records.count - 1 ? "" : ","
        lines.append(
          "    { \"id\": \(JSONWriter.quoted(record.identifier)), \"uses\": \(record.useCount) }"
            + comma)
      }
      lines.append("  ]")
    }
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  /// Reads a history from the JSON text of its file.
  ///
  /// - Parameters:
  ///   - jsonText: The file's contents.
  ///   - path: The file's path, for error locations.
  ///   - capacity: The most commands kept; extra ones at the end of the file are dropped.
  /// - Throws: ``PaletteHistoryError`` at the position of the first problem: a syntax error,
  ///   a missing or unsupported `schemaVersion`, or a command without a string `id` and a
  ///   positive whole `uses`.
  public init(jsonText: String, path: String = "", capacity: Int = 100)
    throws(PaletteHistoryError)
  {
    self.init(capacity: capacity)
    let root: JSONNode
    do {
      root = try JSONReader.parse(jsonText, file: path)
    } catch {
      throw PaletteHistoryError(message: error.message, location: error.location)
    }
    guard let members = root.value.objectValue else {
      throw PaletteHistoryError(
        message: "expected an object with 'schemaVersion' and 'commands', found "
          + root.value.typeNameWithArticle, location: root.location)
    }
    func member(_ name: String, in members: [JSONMember], of node: JSONNode, _ what: String)
      throws(PaletteHistoryError) -> JSONNode
    {
      guard let member = members.first(where: { $0.key == name }) else {
        throw PaletteHistoryError(
          message: "missing '\(name)' (expected \(what))", location: node.location)
      }
      return member.value
    }
    let version = try member("schemaVersion", in: members, of: root, "the number 1")
    guard version.value.numberValue == Double(Self.schemaVersion) else {
      throw PaletteHistoryError(
        message: "unsupported 'schemaVersion' \(Self.describe(version.value)); expected 1",
        location: version.location)
    }
    let commands = try member("commands", in: members, of: root, "an array of commands")
    guard let items = commands.value.arrayValue else {
      throw PaletteHistoryError(
        message: "expected an array of commands in 'commands', found "
          + commands.value.typeNameWithArticle, location: commands.location)
    }
    var seen = Set<String>()
    for item in items {
      guard let fields = item.value.objectValue else {
        throw PaletteHistoryError(
          message: "expected a command object like { \"id\": \"copy:\", \"uses\": 1 }, found "
            + item.value.typeNameWithArticle, location: item.location)
      }
      let id = try member("id", in: fields, of: item, "the command's identifier, a string")
      guard let identifier = id.value.stringValue, !identifier.isEmpty else {
        throw PaletteHistoryError(
          message: "expected a non-empty string in 'id', found \(Self.describe(id.value))",
          location: id.location)
      }
      let uses = try member("uses", in: fields, of: item, "a positive whole number")
      guard let count = uses.value.numberValue, count >= 1, count <= 1e15,
        count == count.rounded()
      else {
        throw PaletteHistoryError(
          message: "expected a positive whole number in 'uses', found "
            + Self.describe(uses.value), location: uses.location)
      }
      guard seen.insert(identifier).inserted else {
        throw PaletteHistoryError(
          message: "command '\(identifier)' is listed twice", location: id.location)
      }
      if records.count < self.capacity {
        records.append(Record(identifier: identifier, useCount: Int(count)))
      }
    }
  }

  /// Reads a history file.
  ///
  /// - Parameters:
  ///   - path: The file's path.
  ///   - capacity: The most commands kept.
  /// - Throws: ``PaletteHistoryError`` when the file cannot be read, is larger than
  ///   ``MenuFile/maximumFileSize``, or is malformed.
  public init(contentsOfFile path: String, capacity: Int = 100) throws(PaletteHistoryError) {
    let data: Data
    switch SourceFile.readData(at: path, kind: "palette history") {
    case .success(let contents): data = contents
    case .failure(let failure):
      // Larger than MenuFile.maximumFileSize, or unreadable.
      throw PaletteHistoryError(
        message: failure.diagnostic.message,
        location: SourceLocation(file: path, line: 1, column: 1))
    }
    guard let text = String(validating: data, as: UTF8.self) else {
      throw PaletteHistoryError(
        message: "the palette history is not valid UTF-8 text",
        location: SourceLocation(file: path, line: 1, column: 1))
    }
    try self.init(jsonText: text, path: path, capacity: capacity)
  }

  /// Writes the history to a file atomically: to a new temporary file in the same directory,
  /// flushed to disk (`fsync`), then renamed over `path`, so a crash leaves the old file or
  /// the new one, never a partial one.
  ///
  /// The temporary file's name cannot be guessed and it is created exclusively, never
  /// through a link planted in the directory. An existing file keeps its permissions (a 0600
  /// history stays 0600) and, where permitted, its owner; a symbolic link is written through
  /// (the link stays, the file it points to is replaced). Missing parent directories are
  /// created with mode 0700. See `docs/development/hardening.md` for the rules.
  ///
  /// - Parameter path: The file's path; it must end with a file name (not `/`, `.` or `..`).
  /// - Throws: ``PaletteHistoryError`` naming the step that failed and the system's reason;
  ///   the file is then unchanged.
  public func write(toFile path: String) throws(PaletteHistoryError) {
    do throws(AtomicFile.Failure) {
      let target = try AtomicFile.resolve(path, creatingDirectories: true)
      try target.write(Array(jsonText.utf8))
    } catch {
      throw PaletteHistoryError(
        message: "cannot write the palette history: \(error.reason)",
        location: SourceLocation(file: path, line: 1, column: 1))
    }
  }
}

/// A palette history file that cannot be read or written: what is wrong, and where.
///
/// ```swift
/// do {
///   history = try PaletteHistory(contentsOfFile: "history.json")
/// } catch {
///   print(error)  // history.json:3:27: expected a positive whole number in 'uses', found "2"
/// }
/// ```
public struct PaletteHistoryError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong, in one sentence without a trailing period.
  public var message: String
  /// Where: the offending value, or the start of the file for I/O errors.
  public var location: SourceLocation

  /// Creates an error.
  public init(message: String, location: SourceLocation) {
    self.message = message
    self.location = location
  }

  /// `file:line:column: message`.
  public var description: String { "\(location): \(message)" }
}

// MARK: - Internal

extension PaletteHistory {
  /// Drops the least recently used commands beyond the capacity.
  private mutating func trim() {
    if records.count > capacity { records.removeLast(records.count - capacity) }
  }

  /// A JSON value as the user wrote it, for messages.
  private static func describe(_ value: JSONValue) -> String {
    switch value {
    case .string(let text): JSONWriter.quoted(text)
    case .number(let number, let literal): literal.isEmpty ? "\(number)" : literal
    case .bool(let flag): "\(flag)"
    default: value.typeNameWithArticle
    }
  }
}
