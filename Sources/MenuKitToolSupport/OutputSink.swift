#if canImport(Glibc)
  import Glibc
#endif

/// Where a tool writes: standard output and standard error, or buffers in tests.
package protocol OutputSink {
  /// Writes to standard output.
  ///
  /// - Parameter text: The text, written as it is.
  mutating func write(_ text: String)
  /// Writes to standard error.
  ///
  /// - Parameter text: The text, written as it is.
  mutating func error(_ text: String)
}

/// The process's standard output and standard error.
package struct StandardStreams: OutputSink {
  /// Creates the sink.
  package init() {}

  /// Writes to standard output.
  ///
  /// - Parameter text: The text.
  package func write(_ text: String) { Self.write(text, to: STDOUT_FILENO) }

  /// Writes to standard error.
  ///
  /// - Parameter text: The text.
  package func error(_ text: String) { Self.write(text, to: STDERR_FILENO) }

  /// Writes all of a text to a file descriptor, going on after partial and interrupted
  /// writes; an error (a closed pipe where SIGPIPE is ignored) drops the rest.
  ///
  /// - Parameters:
  ///   - text: The text, written as UTF-8.
  ///   - descriptor: The file descriptor.
  package static func write(_ text: String, to descriptor: Int32) {
    var text = text
    text.withUTF8 { bytes in
      var written = 0
      while written < bytes.count {
        let result = Glibc.write(descriptor, bytes.baseAddress! + written, bytes.count - written)
        if result > 0 {
          written += result
        } else if result < 0, errno == EINTR {
          continue
        } else {
          return
        }
      }
    }
  }
}

/// Both streams kept in memory, for tests.
package struct BufferedOutput: OutputSink {
  /// Everything written to standard output.
  package var standardOutput = ""
  /// Everything written to standard error.
  package var standardError = ""

  /// Creates empty buffers.
  package init() {}

  /// Appends to ``standardOutput``.
  ///
  /// - Parameter text: The text.
  package mutating func write(_ text: String) { standardOutput += text }

  /// Appends to ``standardError``.
  ///
  /// - Parameter text: The text.
  package mutating func error(_ text: String) { standardError += text }
}

/// A sink that passes everything on and, when the tool is done, ends each stream that was
/// written to with a line break: every output of a MenuKit tool ends with a final newline,
/// whichever renderer made it.
///
/// The last text written to each stream is held back until the next one (or ``finished()``),
/// so that the line break goes out with it in the same write: a reader that stops at what it
/// wants (`menu-dump | grep -q Ctrl+O`) never closes the pipe before a lone `"\n"` write,
/// which would kill the tool with SIGPIPE.
///
/// ```swift
/// var sink = NewlineTerminatedOutput(output)
/// sink.write("File\n  Open…  Ctrl+O")
/// output = sink.finished()  // standard output: "File\n  Open…  Ctrl+O\n", in one write
/// ```
package struct NewlineTerminatedOutput<Base: OutputSink>: OutputSink {
  private var base: Base
  private var pendingOutput = ""
  private var pendingError = ""

  /// Wraps a sink.
  ///
  /// - Parameter base: Where the text goes.
  package init(_ base: Base) {
    self.base = base
  }

  /// Writes to standard output (the text before this one goes out now).
  ///
  /// - Parameter text: The text.
  package mutating func write(_ text: String) {
    guard !text.isEmpty else { return }
    if !pendingOutput.isEmpty { base.write(pendingOutput) }
    pendingOutput = text
  }

  /// Writes to standard error (the text before this one goes out now).
  ///
  /// - Parameter text: The text.
  package mutating func error(_ text: String) {
    guard !text.isEmpty else { return }
    if !pendingError.isEmpty { base.error(pendingError) }
    pendingError = text
  }

  /// Writes what is held back, each stream's last text ending with a line break.
  ///
  /// - Returns: The wrapped sink, with everything written.
  package consuming func finished() -> Base {
    if !pendingOutput.isEmpty {
      base.write(pendingOutput.hasSuffix("\n") ? pendingOutput : pendingOutput + "\n")
    }
    if !pendingError.isEmpty {
      base.error(pendingError.hasSuffix("\n") ? pendingError : pendingError + "\n")
    }
    return base
  }
}
