internal import CXKBCommon
internal import Glibc

/// The buffer that receives libxkbcommon's log messages for one context.
///
/// libxkbcommon reports what went wrong only through its log function, so every context routes
/// its messages here instead of to stderr. The buffer holds the messages of the most recent
/// operation: ``capture(_:failure:_:)`` empties it before each call into the library.
///
/// The C context keeps an unretained pointer to this object as its user data. Every Swift
/// object that owns a reference to the C context (``XKBContext`` and each ``XKBKeymap``, whose C
/// keymap holds a reference to the C context) also holds a strong reference to this buffer, so
/// the buffer outlives every C object that can log into it, in whichever order the Swift
/// objects go away.
///
/// Like the C context, the buffer is not thread-safe; the types that share it are not
/// `Sendable`, so Swift keeps them in one isolation region.
final class LogCapture {
  /// The longest message kept, in bytes; longer ones are cut and end in "…".
  static let maximumMessageLength = 4096

  /// The messages logged since the buffer was last emptied, oldest first.
  private(set) var lines: [String] = []

  /// Empties the buffer.
  func clear() {
    lines.removeAll()
  }

  /// Adds one message to the buffer.
  func append(_ line: String) {
    lines.append(line)
  }

  /// Routes the log messages of `context` into this buffer at warning level and above.
  ///
  /// Nothing reaches stderr afterwards. The caller must keep this buffer alive for as long as
  /// the C context lives; see the type's discussion.
  func install(on context: OpaquePointer) {
    xkb_context_set_user_data(context, Unmanaged.passUnretained(self).toOpaque())
    xkb_context_set_log_fn(context) { context, _, format, arguments in
      guard let context, let format, let arguments,
        let userData = xkb_context_get_user_data(context)
      else { return }
      let capture = Unmanaged<LogCapture>.fromOpaque(userData).takeUnretainedValue()
      capture.append(LogCapture.format(format, arguments))
    }
    xkb_context_set_log_level(context, XKB_LOG_LEVEL_WARNING)
  }

  /// Calls a libxkbcommon function that returns `nil` on failure, turning that into an error.
  ///
  /// The buffer is emptied first, so on failure the error carries exactly the messages the call
  /// logged; on success those messages stay in ``lines``.
  ///
  /// - Parameters:
  ///   - operation: The C function called, such as `xkb_keymap_new_from_string`.
  ///   - message: What failed, in words, naming the input.
  ///   - body: The call.
  /// - Returns: What `body` returned.
  /// - Throws: ``XKBError`` when `body` returns `nil`.
  func capture<Result>(
    _ operation: String, failure message: @autoclosure () -> String,
    _ body: () -> Result?
  ) throws(XKBError) -> Result {
    clear()
    if let result = body() {
      return result
    }
    throw XKBError(operation: operation, message: message(), logLines: lines)
  }

  /// Formats one printf-style message from libxkbcommon, without its trailing newline.
  ///
  /// A `va_list` can be read only once and Swift cannot copy one, so the message goes through a
  /// single `vsnprintf` into a fixed buffer of ``maximumMessageLength`` bytes.
  private static func format(
    _ format: UnsafePointer<CChar>, _ arguments: CVaListPointer
  ) -> String {
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: maximumMessageLength) { buffer in
      guard let base = buffer.baseAddress else { return "" }
      let length = vsnprintf(base, buffer.count, format, arguments)
      guard length >= 0 else { return "(unformattable log message)" }
      var line = String(cString: base)
      if Int(length) >= buffer.count {
        line += "…"
      }
      while line.last?.isNewline == true {
        line.removeLast()
      }
      return line
    }
  }
}
