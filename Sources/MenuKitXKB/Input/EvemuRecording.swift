public import MenuKit

/// Reads and writes the text recordings of `evemu-record`: the key events a keyboard sent.
///
/// A recording (from Debian's `evemu-tools`: `evemu-record /dev/input/event3 > typing.evemu`)
/// describes the device in header lines, then lists every event it sent, one per `E:` line:
///
/// ```text
/// # EVEMU 1.3
/// N: AT Translated Set 2 keyboard
/// I: 0011 0001 0001 ab41
/// B: 01 fe ff ff ff ff ff ff ff
/// E: 0.000000 0004 0004 0030	# EV_MSC / MSC_SCAN             30
/// E: 0.000000 0001 001e 0001	# EV_KEY / KEY_A                1
/// E: 0.000000 0000 0000 0000	# ------------ SYN_REPORT (0) ---------- +0ms
/// ```
///
/// The fields of an event line are the time in seconds and microseconds, the event type and
/// code in hexadecimal, and the value in decimal. ``keyEvents(in:path:)`` keeps the key events
/// (`EV_KEY`, type 1) and drops everything else — `EV_SYN`, `EV_MSC` scan codes, `EV_LED`,
/// pointer motion — so a recording replays through `XKBKeyboard` as the keyboard typed it:
///
/// ```swift
/// let text = try String(contentsOfFile: "typing.evemu", encoding: .utf8)
/// for event in try EvemuRecording.keyEvents(in: text, path: "typing.evemu") {
///   print(event.evdevCode, event.direction, event.timestamp)  // 30 down 0.0 …
/// }
/// ```
///
/// ``text(for:deviceName:)`` writes key events as a recording, for tests and tools that
/// generate input; `evemu-device` and `evemu-play` accept it.
public enum EvemuRecording {
  /// The key events of an evemu recording, in the order it lists them.
  ///
  /// The text is read line by line:
  ///
  /// - blank lines and comments (lines starting with `#`) are skipped;
  /// - the device description — `N:` (name), `I:` (bus, vendor, product, version), `P:`
  ///   (properties), `B:` (event bits), `A:` (absolute axes), `L:` (LED states) and `S:`
  ///   (switch states) — is skipped without being checked;
  /// - an event line is `E: <sec>.<usec> <type> <code> <value>`, optionally followed by a
  ///   `# comment`. Type and code are hexadecimal (evemu writes four digits; up to 0xffff is
  ///   accepted), the value is a decimal 32-bit integer (evemu pads it with zeros). Events of
  ///   type `EV_KEY` (0001) become ``KeyEvent``s — value 1 ``KeyEvent/Direction/down``, 0
  ///   ``KeyEvent/Direction/up``, 2 ``KeyEvent/Direction/repeat``, with the code as the evdev
  ///   code; all other event types are checked for form and dropped.
  ///
  /// Any other line is an error, including a line with an unknown prefix such as `Q:`: the
  /// format has no other kind of line, so a typo in a hand-edited recording is caught instead
  /// of silently losing events.
  ///
  /// The time is `<seconds>.<microseconds>`; evemu writes six digits after the point, and
  /// fewer are read as a decimal fraction (`0.5` is half a second). `evemu-play` would read
  /// `0.5` as 5 microseconds, so generated recordings should use six digits, as
  /// ``text(for:deviceName:)`` does. The timestamp is the exact number of microseconds divided
  /// by a million, rounded once to a `Double`.
  ///
  /// Lines end with `\n` or `\r\n`. The time is linear in the length of the text.
  ///
  /// ```swift
  /// let events = try EvemuRecording.keyEvents(in: "E: 0.250000 0001 001e 0001\n")
  /// // [KeyEvent(evdevCode: 30, direction: .down, timestamp: 0.25)]
  /// ```
  ///
  /// - Parameters:
  ///   - text: The recording.
  ///   - path: The recording's path, for error messages; empty when it has none.
  /// - Returns: The key events, in the order of their lines.
  /// - Throws: ``EvemuParseError`` for the first malformed line, with its line and column.
  public static func keyEvents(in text: String, path: String = "") throws(EvemuParseError)
    -> [KeyEvent]
  {
    var text = text
    let result = text.withUTF8 { bytes in
      Result { () throws(EvemuParseError) -> [KeyEvent] in
        var parser = EvemuParser(bytes: bytes, path: path)
        return try parser.parse()
      }
    }
    return try result.get()
  }

  /// A minimal evemu recording of key events: a keyboard that has the keys the events use,
  /// then each event followed by a `SYN_REPORT`.
  ///
  /// The header names the device (`N:`), gives it the virtual bus and no vendor (`I: 0006 0000
  /// 0000 0000`), and declares the event types `EV_SYN` and `EV_KEY` and the key codes of
  /// `events` (`B:` lines), so `evemu-device` can create the keyboard and `evemu-play` replay
  /// the events. Each event becomes an `E:` line with six digits of microseconds, followed by
  /// an `EV_SYN`/`SYN_REPORT` line at the same time, as a kernel reports one key at a time.
  ///
  /// Reading the text back with ``keyEvents(in:path:)`` gives `events` again, with timestamps
  /// rounded to whole microseconds. Negative and non-finite timestamps are written as 0, which
  /// an evemu recording cannot represent otherwise.
  ///
  /// ```swift
  /// let text = EvemuRecording.text(for: [
  ///   KeyEvent(evdevCode: 30, direction: .down, timestamp: 0),
  ///   KeyEvent(evdevCode: 30, direction: .up, timestamp: 0.08),
  /// ])
  /// // …
  /// // E: 0.000000 0001 001e 0001	# EV_KEY / code 30 down
  /// // E: 0.000000 0000 0000 0000	# ------------ SYN_REPORT (0) ----------
  /// // E: 0.080000 0001 001e 0000	# EV_KEY / code 30 up
  /// // …
  /// ```
  ///
  /// - Parameters:
  ///   - events: The key events; every evdev code must be a key code, from 0 to `KEY_MAX`
  ///     (0x2FF).
  ///   - deviceName: The device's name; line breaks in it become spaces.
  /// - Returns: The recording, ending with a line break.
  public static func text(for events: [KeyEvent], deviceName: String = "MenuKit virtual keyboard")
    -> String
  {
    var keyBits = [UInt8](repeating: 0, count: (evdevKeyMax + 1) / 8)
    for event in events {
      precondition(
        (0...evdevKeyMax).contains(event.evdevCode),
        "evdev code \(event.evdevCode) is not a key code (0 to KEY_MAX, 0x2FF)")
      keyBits[event.evdevCode / 8] |= 1 << UInt8(event.evdevCode % 8)
    }
    let name = String(
      deviceName.unicodeScalars.map { $0 == "\n" || $0 == "\r" ? " " : Character($0) })

    var lines = [
      "# EVEMU 1.3",
      "# Input device name: \"\(name)\"",
      "# Written by MenuKit: key events, each followed by SYN_REPORT.",
      "N: \(name)",
      "I: 0006 0000 0000 0000",
      "P: 00 00 00 00 00 00 00 00",
      // The event types: EV_SYN (bit 0) and EV_KEY (bit 1).
      "B: 00 03 00 00 00 00 00 00 00",
    ]
    // The key codes, eight bytes a line, as evemu writes them.
    for start in stride(from: 0, to: keyBits.count, by: 8) {
      lines.append(
        "B: 01 " + keyBits[start..<start + 8].map { hex($0, width: 2) }.joined(separator: " "))
    }
    lines.append("################################")
    lines.append("#      Waiting for events      #")
    lines.append("################################")
    for event in events {
      let time = timeField(event.timestamp)
      let value: Int
      switch event.direction {
      case .up: value = 0
      case .down: value = 1
      case .repeat: value = 2
      }
      lines.append(
        "E: \(time) 0001 \(hex(event.evdevCode, width: 4)) 000\(value)"
          + "\t# EV_KEY / code \(event.evdevCode) \(event.direction.rawValue)")
      lines.append("E: \(time) 0000 0000 0000\t# ------------ SYN_REPORT (0) ----------")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The largest evdev key code (`KEY_MAX`).
  static let evdevKeyMax = 0x2FF

  /// `value` in lowercase hexadecimal, padded with zeros to `width` digits.
  private static func hex<Value: BinaryInteger>(_ value: Value, width: Int) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }

  /// `<sec>.<usec>` with six digits of microseconds; 0 for a negative or non-finite time.
  private static func timeField(_ timestamp: Double) -> String {
    let microseconds =
      timestamp.isFinite && timestamp > 0 ? Int((timestamp * 1_000_000).rounded()) : 0
    let fraction = String(microseconds % 1_000_000)
    return "\(microseconds / 1_000_000)."
      + String(repeating: "0", count: 6 - fraction.count) + fraction
  }
}

/// A malformed line in an evemu recording, with its position.
///
/// ``description`` gives the one-line form compilers and MenuKit's tools print:
///
/// ```text
/// typing.evemu:14:13: error: type '00zz' is not hexadecimal
/// ```
public struct EvemuParseError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The recording's path, as the caller named it; empty for text that has no file.
  public var path: String
  /// The 1-based line of the malformed line.
  public var line: Int
  /// The 1-based column, in Unicode scalars, of the malformed part, when one part is wrong.
  public var column: Int?
  /// What is wrong, in one sentence.
  public var message: String

  /// Creates an error.
  public init(path: String = "", line: Int, column: Int? = nil, message: String) {
    self.path = path
    self.line = line
    self.column = column
    self.message = message
  }

  /// `path:line:column: error: message`; the column is left out when unknown, and the path
  /// when empty.
  public var description: String {
    var position = path.isEmpty ? "\(line)" : "\(path):\(line)"
    if let column { position += ":\(column)" }
    return "\(position): error: \(message)"
  }
}

/// Converts whole seconds and microseconds to seconds, rounding once.
///
/// The count of microseconds is exact in a `Double` up to 2⁵³ (285 years), so the result is
/// the `Double` nearest to `seconds + microseconds / 1_000_000` — the same value as the
/// decimal literal `<seconds>.<microseconds>`.
func inputTimestamp(seconds: Int, microseconds: Int) -> Double {
  let (total, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000)
  guard !overflow else { return Double(seconds) + Double(microseconds) / 1_000_000 }
  return Double(total + microseconds) / 1_000_000
}

/// The state of one parse: the bytes and the current line.
private struct EvemuParser {
  /// The recording's UTF-8 bytes.
  let bytes: UnsafeBufferPointer<UInt8>
  /// The recording's path, for errors.
  let path: String
  /// The 1-based number of the current line.
  var line = 0
  /// The offset of the current line's first byte.
  var lineStart = 0

  /// The largest number of whole seconds: more microseconds than 2⁵³ lose precision.
  static let maximumSeconds = (1 << 53) / 1_000_000

  init(bytes: UnsafeBufferPointer<UInt8>, path: String) {
    self.bytes = bytes
    self.path = path
  }

  /// Reads every line, collecting the key events.
  mutating func parse() throws(EvemuParseError) -> [KeyEvent] {
    var events: [KeyEvent] = []
    var start = 0
    // A byte order mark is not part of the first line.
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
    while start < bytes.count {
      var end = start
      while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
      line += 1
      lineStart = start
      var contentEnd = end
      if contentEnd > start, bytes[contentEnd - 1] == UInt8(ascii: "\r") { contentEnd -= 1 }
      if let event = try parseLine(start..<contentEnd) { events.append(event) }
      start = end + 1
    }
    return events
  }

  /// Parses one line without its line break; returns its key event, if it has one.
  mutating func parseLine(_ range: Range<Int>) throws(EvemuParseError) -> KeyEvent? {
    let first = skipBlanks(from: range.lowerBound, to: range.upperBound)
    guard first < range.upperBound, bytes[first] != UInt8(ascii: "#") else { return nil }
    let prefix = bytes[first]
    let isLetter = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(prefix | 0x20)
    guard isLetter, first + 1 < range.upperBound, bytes[first + 1] == UInt8(ascii: ":") else {
      throw error(
        "expected an event line 'E: …', a device line ('N:', 'I:', 'P:', 'B:', 'A:', 'L:', "
          + "'S:') or a comment '# …', found \(quoted(first..<range.upperBound))",
        at: first)
    }
    switch prefix {
    case UInt8(ascii: "E"):
      return try parseEvent(first..<range.upperBound)
    case UInt8(ascii: "N"), UInt8(ascii: "I"), UInt8(ascii: "P"), UInt8(ascii: "B"),
      UInt8(ascii: "A"), UInt8(ascii: "L"), UInt8(ascii: "S"):
      return nil
    default:
      throw error("unknown line prefix \(quoted(first..<first + 2))", at: first)
    }
  }

  /// Parses `E: <sec>.<usec> <type> <code> <value> [# comment]`, starting at `E`.
  mutating func parseEvent(_ range: Range<Int>) throws(EvemuParseError) -> KeyEvent? {
    // The fields end at a comment.
    var end = range.lowerBound + 2
    while end < range.upperBound, bytes[end] != UInt8(ascii: "#") { end += 1 }
    var fields: [Range<Int>] = []
    var index = range.lowerBound + 2
    while true {
      index = skipBlanks(from: index, to: end)
      guard index < end else { break }
      let fieldStart = index
      while index < end, !isBlank(bytes[index]) { index += 1 }
      fields.append(fieldStart..<index)
      if fields.count > 4 { break }
    }
    guard fields.count == 4 else {
      var trimmed = end
      while trimmed > range.lowerBound, isBlank(bytes[trimmed - 1]) { trimmed -= 1 }
      throw error(
        "expected 'E: <sec>.<usec> <type> <code> <value>', found "
          + quoted(range.lowerBound..<trimmed),
        at: range.lowerBound)
    }
    let time = try parseTime(fields[0])
    let type = try parseHex(fields[1], name: "type")
    let code = try parseHex(fields[2], name: "code")
    let value = try parseValue(fields[3])
    guard type == 0x0001 else { return nil }
    guard let direction = KeyEvent.Direction(evdevValue: Int(value)) else {
      throw error(
        "EV_KEY value \(value) is not 0 (up), 1 (down) or 2 (repeat)", at: fields[3].lowerBound)
    }
    return KeyEvent(evdevCode: code, direction: direction, timestamp: time)
  }

  /// Parses `<seconds>.<microseconds>`, with one to six digits of microseconds.
  func parseTime(_ field: Range<Int>) throws(EvemuParseError) -> Double {
    var index = field.lowerBound
    var seconds = 0
    while index < field.upperBound, let digit = decimalDigit(bytes[index]) {
      if seconds <= Self.maximumSeconds { seconds = seconds * 10 + digit }
      index += 1
    }
    let secondDigits = index - field.lowerBound
    guard secondDigits > 0, index < field.upperBound, bytes[index] == UInt8(ascii: ".") else {
      throw error(
        "timestamp \(quoted(field)) is not '<seconds>.<microseconds>'", at: field.lowerBound)
    }
    index += 1
    var microseconds = 0
    var fractionDigits = 0
    while index < field.upperBound, let digit = decimalDigit(bytes[index]) {
      if fractionDigits < 6 { microseconds = microseconds * 10 + digit }
      fractionDigits += 1
      index += 1
    }
    guard fractionDigits > 0, index == field.upperBound else {
      throw error(
        "timestamp \(quoted(field)) is not '<seconds>.<microseconds>'", at: field.lowerBound)
    }
    guard fractionDigits <= 6 else {
      throw error(
        "timestamp \(quoted(field)) has more than 6 digits of microseconds", at: field.lowerBound)
    }
    guard seconds <= Self.maximumSeconds else {
      throw error(
        "timestamp \(quoted(field)) is too large (at most \(Self.maximumSeconds) seconds)",
        at: field.lowerBound)
    }
    for _ in fractionDigits..<6 { microseconds *= 10 }
    return inputTimestamp(seconds: seconds, microseconds: microseconds)
  }

  /// Parses a hexadecimal type or code, from 0 to 0xffff.
  func parseHex(_ field: Range<Int>, name: String) throws(EvemuParseError) -> Int {
    var value = 0
    for index in field {
      guard let digit = hexDigit(bytes[index]) else {
        throw error("\(name) \(quoted(field)) is not hexadecimal", at: field.lowerBound)
      }
      value = min(value * 16 + digit, 0x10000)
    }
    guard value <= 0xFFFF else {
      throw error("\(name) \(quoted(field)) is larger than ffff", at: field.lowerBound)
    }
    return value
  }

  /// Parses a decimal value with an optional sign, in the range of a 32-bit integer.
  func parseValue(_ field: Range<Int>) throws(EvemuParseError) -> Int {
    var index = field.lowerBound
    var negative = false
    if bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
      negative = bytes[index] == UInt8(ascii: "-")
      index += 1
    }
    guard index < field.upperBound else {
      throw error("value \(quoted(field)) is not a decimal integer", at: field.lowerBound)
    }
    var magnitude = 0
    while index < field.upperBound {
      guard let digit = decimalDigit(bytes[index]) else {
        throw error("value \(quoted(field)) is not a decimal integer", at: field.lowerBound)
      }
      magnitude = min(magnitude * 10 + digit, 1 << 32)
      index += 1
    }
    let value = negative ? -magnitude : magnitude
    guard Int(Int32.min)...Int(Int32.max) ~= value else {
      throw error("value \(quoted(field)) does not fit in 32 bits", at: field.lowerBound)
    }
    return value
  }

  // MARK: Bytes

  /// The first offset from `start` that is not a space or tab, or `end`.
  func skipBlanks(from start: Int, to end: Int) -> Int {
    var index = start
    while index < end, isBlank(bytes[index]) { index += 1 }
    return index
  }

  func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }

  func decimalDigit(_ byte: UInt8) -> Int? {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int(byte - UInt8(ascii: "0")) : nil
  }

  func hexDigit(_ byte: UInt8) -> Int? {
    if let digit = decimalDigit(byte) { return digit }
    let lower = byte | 0x20
    guard (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(lower) else { return nil }
    return Int(lower - UInt8(ascii: "a")) + 10
  }

  // MARK: Errors

  /// The bytes of `range`, decoded and single-quoted; shortened with `…` past 60 characters.
  func quoted(_ range: Range<Int>) -> String {
    var text = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    if text.count > 60 { text = String(text.prefix(59)) + "…" }
    return "'\(text)'"
  }

  /// An error on the current line at the byte offset `position`.
  func error(_ message: String, at position: Int) -> EvemuParseError {
    var column = 1
    for index in lineStart..<position where bytes[index] & 0xC0 != 0x80 { column += 1 }
    return EvemuParseError(path: path, line: line, column: column, message: message)
  }
}
