internal import Glibc
public import MenuKit

/// A Linux input device, `/dev/input/event*`, read for its key events.
///
/// The kernel reports every event of a device as a fixed-size `struct input_event` record:
/// the time, the event type and code, and the value. `EvdevDevice` reads those records and
/// returns the key events (`EV_KEY`) as ``KeyEvent``s, skipping synchronisation reports, scan
/// codes, LED changes and pointer events, so a real keyboard can drive `XKBKeyboard`:
///
/// ```swift
/// let device = try EvdevDevice(path: "/dev/input/event3")
/// defer { device.close() }
/// while let event = try device.nextKeyEvent() {
///   print(event.evdevCode, event.direction)  // 30 down, 30 up, …
/// }
/// ```
///
/// Reading a device needs read permission on it: on Debian and most distributions the devices
/// belong to root and the `input` group. Reading does not grab the device — the desktop still
/// sees the keys. Timestamps are the device's clock (`CLOCK_REALTIME` unless a program chose
/// another with `EVIOCSCLOCKID`), in seconds.
///
/// When its buffer overflows the kernel drops events and reports `SYN_DROPPED`; that report
/// is skipped like the other non-key events, so key events can be missing after it.
///
/// A device is not safe to share between threads; use one from one task at a time.
public final class EvdevDevice {
  /// The size of one `struct input_event` record on this platform, in bytes: 24 on 64-bit
  /// Linux.
  ///
  /// The record is the time (`tv_sec`, `tv_usec`: two `long`s, or two `unsigned long`s on
  /// 32-bit systems with 64-bit `time_t`), then `__u16 type`, `__u16 code` and `__s32 value`,
  /// in the machine's byte order. Glibc's Swift module does not expose `linux/input.h`, so the
  /// layout is spelled out here.
  public static let recordSize = 2 * MemoryLayout<Int>.size + 8

  /// The path the device was opened from.
  public let path: String

  /// The open file descriptor, or -1 once closed.
  private var descriptor: Int32
  /// Bytes read but not decoded yet: `buffer[start..<end]`.
  private var buffer: [UInt8]
  private var start = 0
  private var end = 0
  /// The offset in the input of the next record to decode, for errors.
  private var inputOffset = 0

  /// The records one `read` asks for: the kernel returns as many whole records as are
  /// waiting, up to this many.
  private static let recordsPerRead = 64

  /// Opens a device for reading.
  ///
  /// The device is opened read-only and is closed on `exec`. Any file that holds input
  /// records can be opened this way, which is how recorded raw input is replayed.
  ///
  /// - Parameter path: The device's path, such as `/dev/input/event3` or
  ///   `/dev/input/by-id/usb-…-event-kbd`.
  /// - Throws: ``EvdevError`` when the device cannot be opened, with the system's reason; for
  ///   a permission error the message says how to join the `input` group.
  public init(path: String) throws(EvdevError) {
    self.path = path
    var descriptor: Int32
    repeat {
      descriptor = open(path, O_RDONLY | O_CLOEXEC)
    } while descriptor < 0 && errno == EINTR
    guard descriptor >= 0 else {
      let number = errno
      var message = "cannot open the device: \(String(cString: strerror(number)))"
      if number == EACCES || number == EPERM {
        message +=
          "; input devices are readable by root and the 'input' group (join it with "
          + "'sudo usermod -aG input $USER', then log in again)"
      }
      throw EvdevError(path: path, message: message, errorNumber: number)
    }
    self.descriptor = descriptor
    buffer = [UInt8](repeating: 0, count: Self.recordSize * Self.recordsPerRead)
  }

  deinit { close() }

  /// Reads until the next key event, or returns nil at the end of the file.
  ///
  /// Blocks until the device reports a key event; other events are read and skipped. A live
  /// device has no end, so nil comes only from a file of records; reading a device that was
  /// unplugged fails with `ENODEV` ("No such device").
  ///
  /// - Returns: The key event, or nil at the end of the file.
  /// - Throws: ``EvdevError`` when reading fails, when the file ends inside a record, when an
  ///   `EV_KEY` value is not 0, 1 or 2, or when the device is closed.
  public func nextKeyEvent() throws(EvdevError) -> KeyEvent? {
    guard descriptor >= 0 else {
      throw EvdevError(path: path, message: "the device is closed")
    }
    while true {
      while end - start >= Self.recordSize {
        let record = buffer.withUnsafeBytes { [start] in Record(in: $0, at: start) }
        let offset = inputOffset
        start += Self.recordSize
        inputOffset += Self.recordSize
        if let event = try record.keyEvent(path: path, offset: offset) { return event }
      }
      // Keep the partial record, if any, at the front and fill the rest.
      if start > 0 {
        for index in 0..<(end - start) { buffer[index] = buffer[start + index] }
        end -= start
        start = 0
      }
      let filled = end
      let count = buffer.withUnsafeMutableBytes { bytes in
        read(descriptor, bytes.baseAddress! + filled, bytes.count - filled)
      }
      if count < 0 {
        let number = errno
        if number == EINTR { continue }
        throw EvdevError(
          path: path, message: "cannot read the device: \(String(cString: strerror(number)))",
          errorNumber: number)
      }
      if count == 0 {
        guard end == 0 else {
          let partial = end
          end = 0
          throw EvdevError(
            path: path,
            message: "the input ends inside an event record (\(partial) of "
              + "\(Self.recordSize) bytes)")
        }
        return nil
      }
      end += count
    }
  }

  /// The key events in a buffer of `struct input_event` records, in order.
  ///
  /// Records other than `EV_KEY` are skipped. Use it for raw input saved from a device, or
  /// received from elsewhere, in this machine's record layout (``recordSize`` bytes each).
  ///
  /// ```swift
  /// let events = try EvdevDevice.keyEvents(fromRecords: savedBytes)
  /// ```
  ///
  /// - Parameter bytes: Whole records.
  /// - Returns: The key events.
  /// - Throws: ``EvdevError`` when the buffer ends inside a record or an `EV_KEY` value is not
  ///   0, 1 or 2.
  public static func keyEvents(fromRecords bytes: [UInt8]) throws(EvdevError) -> [KeyEvent] {
    guard bytes.count % recordSize == 0 else {
      throw EvdevError(
        path: "",
        message: "\(bytes.count) bytes are not a whole number of \(recordSize)-byte event "
          + "records (the last record has \(bytes.count % recordSize) bytes)")
    }
    let records = bytes.withUnsafeBytes { buffer in
      stride(from: 0, to: buffer.count, by: recordSize).map { Record(in: buffer, at: $0) }
    }
    var events: [KeyEvent] = []
    for (index, record) in records.enumerated() {
      if let event = try record.keyEvent(path: "", offset: index * recordSize) {
        events.append(event)
      }
    }
    return events
  }

  /// Closes the device. Closing again does nothing; ``nextKeyEvent()`` then throws.
  public func close() {
    guard descriptor >= 0 else { return }
    _ = Glibc.close(descriptor)
    descriptor = -1
    start = 0
    end = 0
  }

  /// One `struct input_event` record, decoded.
  private struct Record {
    var seconds: Int
    var microseconds: Int
    var type: UInt16
    var code: UInt16
    var value: Int32

    /// Decodes the record at `offset` of `bytes`, in the machine's layout and byte order.
    init(in bytes: UnsafeRawBufferPointer, at offset: Int) {
      let word = MemoryLayout<Int>.size
      seconds = bytes.loadUnaligned(fromByteOffset: offset, as: Int.self)
      microseconds = bytes.loadUnaligned(fromByteOffset: offset + word, as: Int.self)
      type = bytes.loadUnaligned(fromByteOffset: offset + 2 * word, as: UInt16.self)
      code = bytes.loadUnaligned(fromByteOffset: offset + 2 * word + 2, as: UInt16.self)
      value = bytes.loadUnaligned(fromByteOffset: offset + 2 * word + 4, as: Int32.self)
    }

    /// The record's key event, or nil for another event type.
    ///
    /// - Parameters:
    ///   - path: The device's path, for errors.
    ///   - offset: The record's byte offset in its input, for errors.
    func keyEvent(path: String, offset: Int) throws(EvdevError) -> KeyEvent? {
      guard type == EvdevDevice.evKey else { return nil }
      guard let direction = KeyEvent.Direction(evdevValue: Int(value)) else {
        throw EvdevError(
          path: path,
          message: "the record at byte \(offset) has EV_KEY value \(value), which is not 0 (up), "
            + "1 (down) or 2 (repeat)")
      }
      return KeyEvent(
        evdevCode: Int(code), direction: direction,
        timestamp: inputTimestamp(seconds: seconds, microseconds: microseconds))
    }
  }

  /// The event type of key events (`EV_KEY`).
  private static let evKey: UInt16 = 0x01
}

/// An input device that could not be opened or read, or input records that are malformed.
///
/// ``description`` is one line, `path: error: message`:
///
/// ```text
/// /dev/input/event3: error: cannot open the device: Permission denied; input devices are …
/// ```
public struct EvdevError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The device's path; empty for records decoded from memory.
  public var path: String
  /// What went wrong, with the system's reason when a call failed.
  public var message: String
  /// The `errno` of the failed system call (`EACCES` is 13, `ENOENT` 2), or nil when no call
  /// failed.
  public var errorNumber: Int32?

  /// Creates an error.
  public init(path: String, message: String, errorNumber: Int32? = nil) {
    self.path = path
    self.message = message
    self.errorNumber = errorNumber
  }

  /// `path: error: message`, or `error: message` without a path.
  public var description: String {
    path.isEmpty ? "error: \(message)" : "\(path): error: \(message)"
  }
}
