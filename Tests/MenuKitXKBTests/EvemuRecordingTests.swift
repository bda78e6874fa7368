import MenuKit
import MenuKitXKB
import Testing

// MARK: - Fixtures

/// A recording as `evemu-record` writes it for a laptop keyboard, shortened: the description
/// comments, the device lines, then Shift+A typed with a held, repeating A, a Caps Lock LED
/// change and scan codes around every key.
private let laptopRecording = """
  # EVEMU 1.3
  # Kernel: 6.1.0-18-amd64
  # DMI: dmi:bvnLENOVO:bvrN2HET75W(1.58):bd02/15/2024:svnLENOVO:pn20UJ:
  # Input device name: "AT Translated Set 2 keyboard"
  # Input device ID: bus 0x11 vendor 0x01 product 0x01 version 0xab83
  # Supported events:
  #   Event type 0 (EV_SYN)
  #     Event code 0 (SYN_REPORT)
  #   Event type 1 (EV_KEY)
  #     Event code 1 (KEY_ESC)
  #     Event code 30 (KEY_A)
  #   Event type 4 (EV_MSC)
  #     Event code 4 (MSC_SCAN)
  #   Event type 17 (EV_LED)
  #     Event code 1 (LED_CAPSL)
  #        State 0
  # Properties:
  N: AT Translated Set 2 keyboard
  I: 0011 0001 0001 ab83
  P: 00 00 00 00 00 00 00 00
  B: 00 0b 00 00 00 00 00 00 00
  B: 01 fe ff ff ff ff ff ff ff
  B: 01 ff ff ff ff ff ff ff ff
  B: 02 00 00 00 00 00 00 00 00
  B: 04 10 00 00 00 00 00 00 00
  B: 11 07 00 00 00 00 00 00 00
  A: 00 0 255 0 0 0
  L: 01 0
  S: 00 0
  ################################
  #      Waiting for events      #
  ################################
  E: 0.000001 0004 0004 0028	# EV_MSC / MSC_SCAN             28
  E: 0.000001 0001 001c 0000	# EV_KEY / KEY_ENTER            0
  E: 0.000001 0000 0000 0000	# ------------ SYN_REPORT (0) ---------- +0ms
  E: 1.089347 0004 0004 0042	# EV_MSC / MSC_SCAN             42
  E: 1.089347 0001 002a 0001	# EV_KEY / KEY_LEFTSHIFT        1
  E: 1.089347 0000 0000 0000	# ------------ SYN_REPORT (0) ---------- +1089ms

  E: 1.201500 0004 0004 0030	# EV_MSC / MSC_SCAN             30
  E: 1.201500 0001 001e 0001	# EV_KEY / KEY_A                1
  E: 1.201500 0000 0000 0000	# ------------ SYN_REPORT (0) ---------- +112ms
  E: 1.701502 0001 001e 0002	# EV_KEY / KEY_A                2
  E: 1.701502 0000 0001 0001	# ------------ SYN_REPORT (1) ---------- +500ms
  E: 1.734850 0001 001e 0002	# EV_KEY / KEY_A                2
  E: 1.734850 0000 0001 0001	# ------------ SYN_REPORT (1) ---------- +33ms
  E: 1.750000 0011 0001 0001	# EV_LED / LED_CAPSL            1
  E: 1.750000 0002 0000 -001	# EV_REL / REL_X               -1
  E: 1.750000 0004 0004 458756	# EV_MSC / MSC_SCAN        458756
  E: 1.750000 0000 0000 0000	# ------------ SYN_REPORT (0) ---------- +16ms
  E: 1.802100 0004 0004 0030	# EV_MSC / MSC_SCAN             30
  E: 1.802100 0001 001e 0000	# EV_KEY / KEY_A                0
  E: 1.802100 0000 0000 0000	# ------------ SYN_REPORT (0) ---------- +52ms
  E: 2.000000 0001 002a 0000	# EV_KEY / KEY_LEFTSHIFT        0
  E: 2.000000 0000 0000 0000	# ------------ SYN_REPORT (0) ---------- +198ms

  """

/// The key events of `laptopRecording`.
private let laptopKeyEvents = [
  KeyEvent(evdevCode: 28, direction: .up, timestamp: 0.000001),
  KeyEvent(evdevCode: 42, direction: .down, timestamp: 1.089347),
  KeyEvent(evdevCode: 30, direction: .down, timestamp: 1.2015),
  KeyEvent(evdevCode: 30, direction: .repeat, timestamp: 1.701502),
  KeyEvent(evdevCode: 30, direction: .repeat, timestamp: 1.73485),
  KeyEvent(evdevCode: 30, direction: .up, timestamp: 1.8021),
  KeyEvent(evdevCode: 42, direction: .up, timestamp: 2),
]

/// Returns the error that parsing `text` throws, or `nil` when it parses.
private func parseError(_ text: String, path: String = "") -> EvemuParseError? {
  do {
    _ = try EvemuRecording.keyEvents(in: text, path: path)
    return nil
  } catch {
    return error
  }
}

/// A malformed line, where it is in its recording, and the error it gives.
private struct Malformed: CustomTestStringConvertible, Sendable {
  var line: String
  var column: Int
  var message: String
  var testDescription: String { "'\(line)' → \(message)" }

  init(_ line: String, column: Int, _ message: String) {
    self.line = line
    self.column = column
    self.message = message
  }
}

private let malformedLines: [Malformed] = [
  // Event lines with the wrong number of fields.
  Malformed(
    "E: 0.1 0001", column: 1,
    "expected 'E: <sec>.<usec> <type> <code> <value>', found 'E: 0.1 0001'"),
  Malformed("E:", column: 1, "expected 'E: <sec>.<usec> <type> <code> <value>', found 'E:'"),
  Malformed(
    "E: 0.000000 0001 001e  # EV_KEY / KEY_A 1", column: 1,
    "expected 'E: <sec>.<usec> <type> <code> <value>', found 'E: 0.000000 0001 001e'"),
  Malformed(
    "E: 0.000000 0001 001e 0001 0001", column: 1,
    "expected 'E: <sec>.<usec> <type> <code> <value>', found 'E: 0.000000 0001 001e 0001 0001'"),
  // Timestamps.
  Malformed(
    "E: 0,100000 0001 001e 0001", column: 4,
    "timestamp '0,100000' is not '<seconds>.<microseconds>'"),
  Malformed(
    "E: .5 0001 001e 0001", column: 4, "timestamp '.5' is not '<seconds>.<microseconds>'"),
  Malformed(
    "E: 5. 0001 001e 0001", column: 4, "timestamp '5.' is not '<seconds>.<microseconds>'"),
  Malformed(
    "E: 12 0001 001e 0001", column: 4, "timestamp '12' is not '<seconds>.<microseconds>'"),
  Malformed(
    "E: 1.5s 0001 001e 0001", column: 4, "timestamp '1.5s' is not '<seconds>.<microseconds>'"),
  Malformed(
    "E: 0.1234567 0001 001e 0001", column: 4,
    "timestamp '0.1234567' has more than 6 digits of microseconds"),
  Malformed(
    "E: 99999999999.000000 0001 001e 0001", column: 4,
    "timestamp '99999999999.000000' is too large (at most 9007199254 seconds)"),
  // Type, code and value.
  Malformed("E: 0.100000 00zz 001e 0001", column: 13, "type '00zz' is not hexadecimal"),
  Malformed("E: 0.100000 10000 001e 0001", column: 13, "type '10000' is larger than ffff"),
  Malformed("E: 0.100000 0001 0x1e 0001", column: 18, "code '0x1e' is not hexadecimal"),
  Malformed("E: 0.100000 0001 -01e 0001", column: 18, "code '-01e' is not hexadecimal"),
  Malformed("E: 0.100000 0004 0004 one", column: 23, "value 'one' is not a decimal integer"),
  Malformed("E: 0.100000 0004 0004 -", column: 23, "value '-' is not a decimal integer"),
  Malformed(
    "E: 0.100000 0004 0004 4294967296", column: 23, "value '4294967296' does not fit in 32 bits"),
  // Key values.
  Malformed(
    "E: 0.100000 0001 001e 0007", column: 23,
    "EV_KEY value 7 is not 0 (up), 1 (down) or 2 (repeat)"),
  Malformed(
    "E: 0.100000 0001 001e -001", column: 23,
    "EV_KEY value -1 is not 0 (up), 1 (down) or 2 (repeat)"),
  // Lines of no kind.
  Malformed("Q: 00 01", column: 1, "unknown line prefix 'Q:'"),
  Malformed("e: 0.000000 0001 001e 0001", column: 1, "unknown line prefix 'e:'"),
  Malformed("  R: 05 01 09 06", column: 3, "unknown line prefix 'R:'"),
  Malformed(
    "hello", column: 1,
    "expected an event line 'E: …', a device line ('N:', 'I:', 'P:', 'B:', 'A:', 'L:', 'S:') "
      + "or a comment '# …', found 'hello'"),
  Malformed(
    "0.000000 0001 001e 0001", column: 1,
    "expected an event line 'E: …', a device line ('N:', 'I:', 'P:', 'B:', 'A:', 'L:', 'S:') "
      + "or a comment '# …', found '0.000000 0001 001e 0001'"),
  Malformed(
    "E 0.000000 0001 001e 0001", column: 1,
    "expected an event line 'E: …', a device line ('N:', 'I:', 'P:', 'B:', 'A:', 'L:', 'S:') "
      + "or a comment '# …', found 'E 0.000000 0001 001e 0001'"),
]

// MARK: - Reading

@Suite("EvemuRecording reading")
struct EvemuRecordingReadingTests {
  @Test("a realistic recording gives its key events, dropping headers, scan codes and reports")
  func realisticRecording() throws {
    let events = try EvemuRecording.keyEvents(in: laptopRecording, path: "typing.evemu")
    #expect(events == laptopKeyEvents)
  }

  @Test("the same recording with CRLF line breaks and a byte order mark reads the same")
  func crlfAndByteOrderMark() throws {
    let text =
      "\u{FEFF}"
      + laptopRecording.split(separator: "\n", omittingEmptySubsequences: false)
      .joined(separator: "\r\n")
    #expect(try EvemuRecording.keyEvents(in: text) == laptopKeyEvents)
  }

  @Test(
    "text with no event lines gives no events", arguments: ["", "\n\n", "# EVEMU 1.3\nN: kbd\n"])
  func noEvents(text: String) throws {
    #expect(try EvemuRecording.keyEvents(in: text).isEmpty)
  }

  @Test("a last line without a line break is read")
  func lastLineWithoutBreak() throws {
    let events = try EvemuRecording.keyEvents(in: "N: kbd\nE: 0.500000 0001 0039 0001")
    #expect(events == [KeyEvent(evdevCode: 57, direction: .down, timestamp: 0.5)])
  }

  @Test("values map to directions: 1 down, 0 up, 2 repeat, with zero padding and signs")
  func directions() throws {
    let text = """
      E: 0.000000 0001 001e 1
      E: 0.000000 0001 001e 0002
      E: 0.000000 0001 001e +0
      E: 0.000000 0001 001e 00000001
      """
    let directions = try EvemuRecording.keyEvents(in: text).map(\.direction)
    #expect(directions == [.down, .repeat, .up, .down])
  }

  @Test("type and code are hexadecimal in either case, with any number of digits up to ffff")
  func hexadecimalFields() throws {
    let text = """
      E: 0.000000 1 1E 1
      E: 0.000000 0001 02ff 1
      E: 0.000000 00000001 00000010 1
      E: 0.000000 ffff ffff 7
      E: 0.000000 0001 ffff 0
      """
    let codes = try EvemuRecording.keyEvents(in: text).map(\.evdevCode)
    #expect(codes == [0x1E, 0x2FF, 0x10, 0xFFFF])
  }

  @Test("fields may be separated by tabs and several spaces, and a comment may follow directly")
  func separators() throws {
    let text = "E:\t1.000000\t0001  001e   0001#comment\n  E: 2.000000 0001 001e 0000 \t\n"
    let events = try EvemuRecording.keyEvents(in: text)
    #expect(
      events == [
        KeyEvent(evdevCode: 30, direction: .down, timestamp: 1),
        KeyEvent(evdevCode: 30, direction: .up, timestamp: 2),
      ])
  }

  @Test(
    "timestamps are seconds, with up to six digits of microseconds read as a decimal fraction",
    arguments: [
      ("0.000000", 0.0),
      ("0.000001", 0.000001),
      ("1.089347", 1.089347),
      ("12.5", 12.5),
      ("12.05", 12.05),
      ("3.000000", 3.0),
      ("0000.250000", 0.25),
      ("1712345678.123456", 1_712_345_678.123456),
      ("9007199254.740991", 9_007_199_254.740991),
    ])
  func timestamps(field: String, seconds: Double) throws {
    let events = try EvemuRecording.keyEvents(in: "E: \(field) 0001 001e 0001\n")
    #expect(events.map(\.timestamp) == [seconds])
  }

  @Test(
    "every kind of malformed line is an error at its line and column", arguments: malformedLines)
  fileprivate func malformedLine(_ fixture: Malformed) throws {
    // The bad line is line 6: after a comment, a device line, an event and a blank line.
    let text =
      "# EVEMU 1.3\nN: kbd\nE: 0.000000 0001 001e 0001\n\n# more\n\(fixture.line)\n"
      + "E: 0.000000 0001 001e 0000\n"
    let error = try #require(parseError(text, path: "bad.evemu"))
    #expect(error.message == fixture.message)
    #expect(error.path == "bad.evemu")
    #expect(error.line == 6)
    #expect(error.column == fixture.column)
    #expect(error.description == "bad.evemu:6:\(fixture.column): error: \(fixture.message)")
  }

  @Test("the first malformed line is reported, with CRLF line breaks counted once")
  func firstErrorWins() throws {
    let text = "N: kbd\r\n\r\nE: 0.000000 0001 001e 0009\r\nQ: x\r\n"
    let error = try #require(parseError(text))
    #expect(error.line == 3)
    #expect(
      error.description == "3:23: error: EV_KEY value 9 is not 0 (up), 1 (down) or 2 (repeat)")
  }

  @Test("the error on the first line of a file is on line 1")
  func errorOnFirstLine() throws {
    let error = try #require(parseError("X: 1\nE: 0.000000 0001 001e 0001\n"))
    #expect(error.line == 1)
    #expect(error.column == 1)
  }

  @Test("a field with non-ASCII text is quoted as it is")
  func nonASCIIField() throws {
    let error = try #require(parseError("N: Clavier français\nE: 0.000000 0001 ç 0001\n"))
    #expect(error.line == 2)
    #expect(error.column == 18)
    #expect(error.message == "code 'ç' is not hexadecimal")
  }

  @Test("a long malformed line is quoted shortened")
  func longLineIsShortened() throws {
    let line = "E: 0.000000 0001 001e 0001 " + String(repeating: "9", count: 200)
    let error = try #require(parseError(line))
    #expect(
      error.message
        == "expected 'E: <sec>.<usec> <type> <code> <value>', found '"
        + String(line.prefix(59)) + "…'")
  }

  @Test("the description leaves out the path and the column when there are none")
  func descriptionForms() {
    #expect(
      EvemuParseError(path: "a.evemu", line: 3, column: 5, message: "m").description
        == "a.evemu:3:5: error: m")
    #expect(
      EvemuParseError(path: "a.evemu", line: 3, message: "m").description == "a.evemu:3: error: m")
    #expect(EvemuParseError(line: 3, column: 5, message: "m").description == "3:5: error: m")
    #expect(EvemuParseError(line: 3, message: "m").description == "3: error: m")
  }

  @Test("a long recording reads in one pass")
  func longRecording() throws {
    var lines: [String] = ["# EVEMU 1.3", "N: kbd"]
    for index in 0..<50_000 {
      let seconds = index / 100
      let microseconds = String(index % 100 * 10_000)
      let fraction = String(repeating: "0", count: 6 - microseconds.count) + microseconds
      lines.append("E: \(seconds).\(fraction) 0004 0004 458756\t# EV_MSC / MSC_SCAN 458756")
      lines.append("E: \(seconds).\(fraction) 0001 001e \(index % 2)\t# EV_KEY / KEY_A")
      lines.append("E: \(seconds).\(fraction) 0000 0000 0000\t# SYN_REPORT")
    }
    let events = try EvemuRecording.keyEvents(in: lines.joined(separator: "\n"))
    #expect(events.count == 50_000)
    #expect(events.last == KeyEvent(evdevCode: 30, direction: .down, timestamp: 499.99))
  }
}

// MARK: - Writing

@Suite("EvemuRecording writing")
struct EvemuRecordingWritingTests {
  @Test("a written recording reads back as the same events")
  func roundTrip() throws {
    let events = [
      KeyEvent(evdevCode: 42, direction: .down, timestamp: 0),
      KeyEvent(evdevCode: 30, direction: .down, timestamp: 0.08),
      KeyEvent(evdevCode: 30, direction: .repeat, timestamp: 0.58),
      KeyEvent(evdevCode: 30, direction: .repeat, timestamp: 0.613333),
      KeyEvent(evdevCode: 30, direction: .up, timestamp: 1.089347),
      KeyEvent(evdevCode: 42, direction: .up, timestamp: 1.5),
      KeyEvent(evdevCode: 0x2FF, direction: .down, timestamp: 1_712_345_678.123456),
      KeyEvent(evdevCode: 0, direction: .up, timestamp: 1_712_345_678.123457),
    ]
    let text = EvemuRecording.text(for: events)
    #expect(try EvemuRecording.keyEvents(in: text) == events)
  }

  @Test("a small recording is written exactly, with the key bits of the keys it uses")
  func exactText() {
    let text = EvemuRecording.text(
      for: [
        KeyEvent(evdevCode: 30, direction: .down, timestamp: 0),
        KeyEvent(evdevCode: 30, direction: .up, timestamp: 0.08),
      ], deviceName: "Test keyboard")
    let noKeys = "B: 01 00 00 00 00 00 00 00 00\n"
    let expected =
      """
      # EVEMU 1.3
      # Input device name: "Test keyboard"
      # Written by MenuKit: key events, each followed by SYN_REPORT.
      N: Test keyboard
      I: 0006 0000 0000 0000
      P: 00 00 00 00 00 00 00 00
      B: 00 03 00 00 00 00 00 00 00
      B: 01 00 00 00 40 00 00 00 00

      """ + String(repeating: noKeys, count: 11)
        + """
        ################################
        #      Waiting for events      #
        ################################
        E: 0.000000 0001 001e 0001\t# EV_KEY / code 30 down
        E: 0.000000 0000 0000 0000\t# ------------ SYN_REPORT (0) ----------
        E: 0.080000 0001 001e 0000\t# EV_KEY / code 30 up
        E: 0.080000 0000 0000 0000\t# ------------ SYN_REPORT (0) ----------

        """
    #expect(text == expected)
  }

  @Test("every key code up to KEY_MAX has its bit, in twelve lines of eight bytes")
  func keyBits() {
    let events = [1, 8, 0x2FF].map { KeyEvent(evdevCode: $0, direction: .down, timestamp: 0) }
    let bitLines = EvemuRecording.text(for: events).split(separator: "\n")
      .filter { $0.hasPrefix("B: 01 ") }
    #expect(bitLines.count == 12)
    #expect(bitLines.first == "B: 01 02 01 00 00 00 00 00 00")
    #expect(bitLines.last == "B: 01 00 00 00 00 00 00 00 80")
  }

  @Test("timestamps are rounded to microseconds; negative and non-finite ones are written as 0")
  func timestampEdges() throws {
    let events = [
      KeyEvent(evdevCode: 30, direction: .down, timestamp: 0.1234564),
      KeyEvent(evdevCode: 30, direction: .up, timestamp: 0.1234566),
      KeyEvent(evdevCode: 31, direction: .down, timestamp: -1),
      KeyEvent(evdevCode: 31, direction: .up, timestamp: .nan),
      KeyEvent(evdevCode: 32, direction: .down, timestamp: .infinity),
    ]
    let times = try EvemuRecording.keyEvents(in: EvemuRecording.text(for: events))
      .map(\.timestamp)
    #expect(times == [0.123456, 0.123457, 0, 0, 0])
  }

  @Test("line breaks in the device name become spaces")
  func deviceNameLineBreaks() throws {
    let text = EvemuRecording.text(for: [], deviceName: "two\nlines\r\n")
    #expect(text.contains("N: two lines  \n"))
    #expect(try EvemuRecording.keyEvents(in: text).isEmpty)
  }

  @Test("a recording of the realistic events writes and reads back the same")
  func realisticRoundTrip() throws {
    let text = EvemuRecording.text(for: laptopKeyEvents)
    #expect(try EvemuRecording.keyEvents(in: text) == laptopKeyEvents)
  }
}
