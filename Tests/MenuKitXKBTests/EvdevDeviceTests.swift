import Foundation
import Glibc
import MenuKit
import MenuKitXKB
import Testing

// MARK: - Fixtures

/// One `struct input_event` record, in this machine's layout and byte order.
private struct InputRecord {
  var seconds: Int
  var microseconds: Int
  var type: UInt16
  var code: UInt16
  var value: Int32

  /// A key record (`EV_KEY`).
  static func key(_ code: UInt16, _ value: Int32, at seconds: Int, _ microseconds: Int) -> Self {
    InputRecord(seconds: seconds, microseconds: microseconds, type: 1, code: code, value: value)
  }

  /// A `SYN_REPORT` record.
  static func syn(at seconds: Int, _ microseconds: Int) -> Self {
    InputRecord(seconds: seconds, microseconds: microseconds, type: 0, code: 0, value: 0)
  }

  /// An `MSC_SCAN` record.
  static func scan(_ value: Int32, at seconds: Int, _ microseconds: Int) -> Self {
    InputRecord(seconds: seconds, microseconds: microseconds, type: 4, code: 4, value: value)
  }

  /// The record's bytes: `long tv_sec, long tv_usec, __u16 type, __u16 code, __s32 value`.
  var bytes: [UInt8] {
    var bytes: [UInt8] = []
    withUnsafeBytes(of: seconds) { bytes += $0 }
    withUnsafeBytes(of: microseconds) { bytes += $0 }
    withUnsafeBytes(of: type) { bytes += $0 }
    withUnsafeBytes(of: code) { bytes += $0 }
    withUnsafeBytes(of: value) { bytes += $0 }
    return bytes
  }
}

/// The bytes of `records`, one after the other.
private func bytes(_ records: [InputRecord]) -> [UInt8] { records.flatMap(\.bytes) }

/// Typing Shift+A with a repeat, as a keyboard reports it: scan codes, keys, reports, and an
/// LED change.
private let typingRecords: [InputRecord] = [
  .scan(0x700E1, at: 1_712_345_678, 100_000),
  .key(42, 1, at: 1_712_345_678, 100_000),
  .syn(at: 1_712_345_678, 100_000),
  .scan(0x70004, at: 1_712_345_678, 250_000),
  .key(30, 1, at: 1_712_345_678, 250_000),
  .syn(at: 1_712_345_678, 250_000),
  .key(30, 2, at: 1_712_345_678, 750_001),
  .syn(at: 1_712_345_678, 750_001),
  InputRecord(seconds: 1_712_345_678, microseconds: 800_000, type: 0x11, code: 1, value: 1),
  .key(30, 0, at: 1_712_345_679, 0),
  .syn(at: 1_712_345_679, 0),
  .key(42, 0, at: 1_712_345_679, 89_347),
  .syn(at: 1_712_345_679, 89_347),
]

/// The key events of `typingRecords`.
private let typingEvents = [
  KeyEvent(evdevCode: 42, direction: .down, timestamp: 1_712_345_678.1),
  KeyEvent(evdevCode: 30, direction: .down, timestamp: 1_712_345_678.25),
  KeyEvent(evdevCode: 30, direction: .repeat, timestamp: 1_712_345_678.750001),
  KeyEvent(evdevCode: 30, direction: .up, timestamp: 1_712_345_679),
  KeyEvent(evdevCode: 42, direction: .up, timestamp: 1_712_345_679.089347),
]

/// A file in a fresh temporary directory, removed by `cleanUp`.
private struct TemporaryFile {
  let directory: URL
  let path: String

  init(name: String = "event0", contents: [UInt8]? = nil) throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("EvdevDeviceTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    path = directory.appendingPathComponent(name).path
    if let contents {
      try Data(contents).write(to: URL(fileURLWithPath: path))
    }
  }

  func cleanUp() { try? FileManager.default.removeItem(at: directory) }
}

/// Reads every key event of a device until the end of its file.
private func readAll(_ device: EvdevDevice) throws(EvdevError) -> [KeyEvent] {
  var events: [KeyEvent] = []
  while let event = try device.nextKeyEvent() { events.append(event) }
  return events
}

// MARK: - Tests

@Suite("EvdevDevice")
struct EvdevDeviceTests {
  @Test("a record is 24 bytes on 64-bit Linux")
  func recordSize() {
    #expect(EvdevDevice.recordSize == 2 * MemoryLayout<Int>.size + 8)
    #expect(InputRecord.key(30, 1, at: 0, 0).bytes.count == EvdevDevice.recordSize)
    #if arch(x86_64) || arch(arm64)
      #expect(EvdevDevice.recordSize == 24)
    #endif
  }

  @Test("records in a file read as key events, skipping scan codes, reports and LEDs")
  func readsFile() throws {
    let file = try TemporaryFile(contents: bytes(typingRecords))
    defer { file.cleanUp() }
    let device = try EvdevDevice(path: file.path)
    #expect(device.path == file.path)
    #expect(try readAll(device) == typingEvents)
    // The end of the file stays the end.
    #expect(try device.nextKeyEvent() == nil)
  }

  @Test("many records are read across several reads")
  func manyRecords() throws {
    var records: [InputRecord] = []
    for index in 0..<1_000 {
      records.append(.scan(Int32(index), at: index, 0))
      records.append(.key(UInt16(index % 0x300), Int32(index % 3), at: index, index))
      records.append(.syn(at: index, index))
    }
    let file = try TemporaryFile(contents: bytes(records))
    defer { file.cleanUp() }
    let events = try readAll(EvdevDevice(path: file.path))
    #expect(events.count == 1_000)
    #expect(events[999] == KeyEvent(evdevCode: 999 % 0x300, direction: .up, timestamp: 999.000999))
  }

  @Test("an empty file has no key events")
  func emptyFile() throws {
    let file = try TemporaryFile(contents: [])
    defer { file.cleanUp() }
    #expect(try EvdevDevice(path: file.path).nextKeyEvent() == nil)
  }

  @Test("a file ending inside a record gives its whole records, then an error")
  func partialRecordInFile() throws {
    let records = bytes([.key(30, 1, at: 5, 0), .syn(at: 5, 0)])
    let file = try TemporaryFile(contents: records + [1, 2, 3, 4, 5])
    defer { file.cleanUp() }
    let device = try EvdevDevice(path: file.path)
    #expect(try device.nextKeyEvent() == KeyEvent(evdevCode: 30, direction: .down, timestamp: 5))
    let error = try #require(throws: EvdevError.self) { try device.nextKeyEvent() }
    #expect(
      error.message
        == "the input ends inside an event record (5 of \(EvdevDevice.recordSize) bytes)")
    #expect(error.description.hasPrefix("\(file.path): error: "))
    #expect(error.errorNumber == nil)
  }

  @Test("an EV_KEY value other than 0, 1 or 2 is an error naming the record's offset")
  func badKeyValue() throws {
    let file = try TemporaryFile(contents: bytes([.syn(at: 0, 0), .key(30, 7, at: 0, 0)]))
    defer { file.cleanUp() }
    let device = try EvdevDevice(path: file.path)
    let error = try #require(throws: EvdevError.self) { try device.nextKeyEvent() }
    #expect(
      error.message
        == "the record at byte \(EvdevDevice.recordSize) has EV_KEY value 7, which is not 0 (up), "
        + "1 (down) or 2 (repeat)")
  }

  @Test("a missing device is an error naming the path and the system's reason")
  func missingDevice() throws {
    let path = "/dev/input/event-does-not-exist-\(UUID().uuidString)"
    let error = try #require(throws: EvdevError.self) { try EvdevDevice(path: path) }
    #expect(error.path == path)
    #expect(error.errorNumber == ENOENT)
    #expect(
      error.description == "\(path): error: cannot open the device: No such file or directory")
  }

  @Test(
    "a device without read permission is an error that mentions the input group",
    .enabled(if: geteuid() != 0, "root can read any file"))
  func permissionDenied() throws {
    let file = try TemporaryFile(contents: bytes(typingRecords))
    defer { file.cleanUp() }
    #expect(chmod(file.path, 0o200) == 0)
    let error = try #require(throws: EvdevError.self) { try EvdevDevice(path: file.path) }
    #expect(error.errorNumber == EACCES)
    #expect(error.message.hasPrefix("cannot open the device: Permission denied; "))
    #expect(error.message.contains("'input' group"))
  }

  @Test("reading a directory is an error with the system's reason")
  func directory() throws {
    let file = try TemporaryFile()
    defer { file.cleanUp() }
    let device = try EvdevDevice(path: file.directory.path)
    let error = try #require(throws: EvdevError.self) { try device.nextKeyEvent() }
    #expect(error.errorNumber == EISDIR)
    #expect(error.message == "cannot read the device: Is a directory")
  }

  @Test("closing twice is harmless, and reading a closed device is an error")
  func close() throws {
    let file = try TemporaryFile(contents: bytes(typingRecords))
    defer { file.cleanUp() }
    let device = try EvdevDevice(path: file.path)
    #expect(try device.nextKeyEvent() == typingEvents[0])
    device.close()
    device.close()
    let error = try #require(throws: EvdevError.self) { try device.nextKeyEvent() }
    #expect(error.message == "the device is closed")
  }

  @Test("records written to a pipe in pieces are put back together")
  func pipeInPieces() throws {
    let file = try TemporaryFile(name: "fifo")
    defer { file.cleanUp() }
    #expect(mkfifo(file.path, 0o600) == 0)
    let payload = bytes(typingRecords)
    let path = file.path
    // The writer blocks in open until the device opens the other end.
    let writer = Thread {
      let descriptor = open(path, O_WRONLY)
      guard descriptor >= 0 else { return }
      var offset = 0
      while offset < payload.count {
        let count = min(7, payload.count - offset)
        _ = payload[offset..<offset + count].withUnsafeBytes {
          write(descriptor, $0.baseAddress, count)
        }
        offset += count
        usleep(200)
      }
      Glibc.close(descriptor)
    }
    writer.start()
    let device = try EvdevDevice(path: path)
    #expect(try readAll(device) == typingEvents)
  }

  @Test("a buffer of records decodes to its key events")
  func decodesBuffer() throws {
    #expect(try EvdevDevice.keyEvents(fromRecords: bytes(typingRecords)) == typingEvents)
    #expect(try EvdevDevice.keyEvents(fromRecords: []).isEmpty)
  }

  @Test("non-key records are skipped", arguments: [0x00, 0x02, 0x03, 0x04, 0x11, 0x14, 0x15])
  func skipsNonKeyRecords(type: Int) throws {
    let records = [
      InputRecord(seconds: 1, microseconds: 0, type: UInt16(type), code: 30, value: 1),
      .key(31, 1, at: 2, 0),
    ]
    #expect(
      try EvdevDevice.keyEvents(fromRecords: bytes(records)) == [
        KeyEvent(evdevCode: 31, direction: .down, timestamp: 2)
      ])
  }

  @Test("a buffer ending inside a record is an error", arguments: [1, 23])
  func partialRecordInBuffer(extra: Int) throws {
    let buffer = bytes([.key(30, 1, at: 0, 0)]) + [UInt8](repeating: 0, count: extra)
    let error = try #require(throws: EvdevError.self) {
      try EvdevDevice.keyEvents(fromRecords: buffer)
    }
    let size = EvdevDevice.recordSize
    #expect(
      error.description
        == "error: \(size + extra) bytes are not a whole number of \(size)-byte event records "
        + "(the last record has \(extra) bytes)")
  }

  @Test("a bad EV_KEY value in a buffer is an error")
  func badValueInBuffer() throws {
    let buffer = bytes([.key(30, 1, at: 0, 0), .key(30, -1, at: 0, 0)])
    let error = try #require(throws: EvdevError.self) {
      try EvdevDevice.keyEvents(fromRecords: buffer)
    }
    #expect(
      error.message.hasPrefix("the record at byte \(EvdevDevice.recordSize) has EV_KEY value -1"))
  }
}
