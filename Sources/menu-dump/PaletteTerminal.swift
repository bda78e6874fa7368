import MenuKit
import MenuKitPalette
import MenuKitToolSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A key the interactive palette understands, decoded from terminal input.
enum TerminalKey: Equatable {
  /// Text typed (one or more characters).
  case text(String)
  case up, down, pageUp, pageDown, enter, backspace, clearQuery, deleteWord, cancel
  /// Ctrl-D: cancels when the query is empty.
  case endOfInput

  /// The control bytes the palette understands, as Emacs-style terminals send them.
  static let controlKeys: [UInt8: TerminalKey] = [
    0x0D: .enter, 0x0A: .enter,  // Return, Ctrl-J
    0x7F: .backspace, 0x08: .backspace,  // Backspace, Ctrl-H
    0x03: .cancel, 0x07: .cancel,  // Ctrl-C, Ctrl-G
    0x04: .endOfInput,  // Ctrl-D
    0x10: .up, 0x0E: .down,  // Ctrl-P, Ctrl-N
    0x15: .clearQuery,  // Ctrl-U
    0x17: .deleteWord,  // Ctrl-W
  ]

  /// Decodes the complete keys at the start of `bytes` and removes them; an incomplete
  /// UTF-8 character or escape sequence at the end stays for the next read, unless `flush`
  /// (no more bytes are coming soon): a lone Escape is then the Escape key.
  static func decode(_ bytes: inout [UInt8], flush: Bool) -> [TerminalKey] {
    var keys: [TerminalKey] = []
    var index = 0
    var text: [UInt8] = []
    func endText() {
      if !text.isEmpty { keys.append(.text(String(decoding: text, as: UTF8.self))) }
      text = []
    }
    loop: while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case 0x1B:
        guard index + 1 < bytes.count else {
          if flush {
            endText()
            keys.append(.cancel)
            index += 1
          }
          break loop
        }
        let next = bytes[index + 1]
        guard next == UInt8(ascii: "[") || next == UInt8(ascii: "O") else {
          // Alt+key or a lone Escape followed by typing: Escape cancels.
          endText()
          keys.append(.cancel)
          index += 1
          continue
        }
        // A CSI or SS3 sequence: parameters, then a final byte in 0x40...0x7E.
        var end = index + 2
        while end < bytes.count && !(0x40...0x7E).contains(bytes[end]) { end += 1 }
        guard end < bytes.count else {
          if flush { index = bytes.count }
          break loop
        }
        let parameters = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
        endText()
        switch (bytes[end], parameters) {
        case (UInt8(ascii: "A"), _): keys.append(.up)
        case (UInt8(ascii: "B"), _): keys.append(.down)
        case (UInt8(ascii: "~"), "5"): keys.append(.pageUp)
        case (UInt8(ascii: "~"), "6"): keys.append(.pageDown)
        case (UInt8(ascii: "M"), _) where next == UInt8(ascii: "O"): keys.append(.enter)
        default: break
        }
        index = end + 1
      case 0x00..<0x20, 0x7F:
        // A control key: its meaning, or nothing.
        if let key = controlKeys[byte] {
          endText()
          keys.append(key)
        }
        index += 1
      default:
        // A UTF-8 character: its length from the lead byte.
        let length = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
        guard index + length <= bytes.count else {
          if flush { index = bytes.count }
          break loop
        }
        text += bytes[index..<(index + length)]
        index += length
      }
    }
    endText()
    bytes.removeFirst(index)
    return keys
  }
}

/// The interactive palette's state and its rendering, without any terminal I/O.
struct PaletteScreen {
  var index: PaletteIndex
  var history: PaletteHistory
  var query = ""
  var selection = 0
  var scroll = 0
  var matches: [PaletteMatch] = []
  /// The outcome once the user chose or cancelled.
  var outcome: Outcome?
  /// A message shown on the count line until the next key.
  var notice: String?

  enum Outcome: Equatable {
    case chosen(PaletteEntry)
    case cancelled
  }

  init(index: PaletteIndex, history: PaletteHistory) {
    self.index = index
    self.history = history
    refresh()
  }

  /// How many results are fetched at most; enough to scroll through.
  private var fetchLimit: Int { max(1_000, selection + 200) }

  mutating func refresh() {
    matches = index.search(query, history: history, limit: fetchLimit)
    selection = min(selection, max(0, matches.count - 1))
  }

  /// Applies a key: edits the query, moves the selection (keeping it on a screen of `rows`
  /// results), or sets ``outcome``.
  mutating func handle(_ key: TerminalKey, rows: Int) {
    notice = nil
    switch key {
    case .text(let text):
      query += text
      selection = 0
      refresh()
    case .backspace:
      guard !query.isEmpty else { return }
      query.removeLast()
      selection = 0
      refresh()
    case .clearQuery:
      query = ""
      selection = 0
      refresh()
    case .deleteWord:
      while query.last == " " { query.removeLast() }
      while let last = query.last, last != " " { query.removeLast() }
      selection = 0
      refresh()
    case .up: selection = max(0, selection - 1)
    case .down: selection = min(max(0, matches.count - 1), selection + 1)
    case .pageUp: selection = max(0, selection - max(1, rows))
    case .pageDown: selection = min(max(0, matches.count - 1), selection + max(1, rows))
    case .enter:
      guard selection < matches.count else { return }
      let entry = matches[selection].entry
      // A disabled command cannot run now, as a disabled menu item: say so and stay.
      guard entry.isEnabled else {
        notice = "\(entry.title) is disabled"
        return
      }
      outcome = .chosen(entry)
    case .cancel: outcome = .cancelled
    case .endOfInput: if query.isEmpty { outcome = .cancelled }
    }
    if selection < scroll { scroll = selection }
    if selection >= scroll + rows { scroll = selection - rows + 1 }
    if matches.count >= fetchLimit - 1 && selection > matches.count - 100 { refresh() }
  }

  /// The rows of results shown on a screen of `height` lines: the prompt and the count line
  /// take two.
  static func resultRows(height: Int) -> Int { max(1, height - 2) }

  /// The whole screen as ANSI text: the prompt line, a count line, then one line per result
  /// (the selected one in reverse video, matched characters bold, the path and disabled
  /// commands dim, the shortcut right-aligned); the cursor ends after the query.
  func render(width: Int, height: Int, color: Bool = true) -> String {
    let width = max(20, width)
    let rows = Self.resultRows(height: height)
    func style(_ code: String) -> String { color ? "\u{1B}[" + code + "m" : "" }
    var lines: [String] = []
    let query = self.query.escapingControlCharacters
    lines.append(style("1") + "> " + style("0") + Self.clip(query, to: width - 3))
    let count = "  \(matches.count)/\(index.entries.count)"
    let notice =
      self.notice.map {
        "  " + Self.clip($0.escapingControlCharacters, to: max(0, width - 3 - count.count))
      } ?? ""
    lines.append(style("2") + count + style("0") + notice)
    let end = min(matches.count, scroll + rows, scroll + max(0, height - 2))
    for position in scroll..<max(scroll, end) {
      let match = matches[position]
      let entry = match.entry
      let selected = position == selection
      let base = (selected ? style("7") : "") + (entry.isEnabled ? "" : style("2"))
      // Text from menu files is drawn with its control characters escaped; a title that has
      // any is drawn without highlights, whose ranges are in the title as written.
      let shortcut = (entry.shortcutLabel ?? "").escapingControlCharacters
      let suffix = entry.isEnabled ? "" : " (disabled)"
      let marker = selected ? "> " : "  "
      // Title, then the path, then the shortcut right-aligned.
      let room = width - 1 - marker.count - (shortcut.isEmpty ? 0 : shortcut.count + 2)
      let safeTitle = entry.title.escapingControlCharacters
      let title = Self.clip(safeTitle, to: max(1, room))
      let titleRanges =
        safeTitle == entry.title
        ? match.highlights.first { $0.field == .title }?.ranges ?? [] : []
      var line = base + marker
      line += Self.highlighted(
        title, in: safeTitle, ranges: titleRanges, on: style("1"), off: style("22"))
      var used = marker.count + title.count
      let pathText = entry.pathText.escapingControlCharacters
      let path = pathText.isEmpty ? "" : "  " + pathText
      let rest = Self.clip(path + suffix, to: max(0, room - title.count))
      if !rest.isEmpty {
        line += style("2") + rest + style("22") + (entry.isEnabled ? "" : style("2"))
        used += rest.count
      }
      if !shortcut.isEmpty {
        line += String(repeating: " ", count: max(2, width - 1 - used - shortcut.count))
        line += shortcut
        used = max(used + 2, width - 1 - shortcut.count) + shortcut.count
      }
      if selected { line += String(repeating: " ", count: max(0, width - 1 - used)) }
      lines.append(line + style("0"))
    }
    // No line break after the last line, so a full screen does not scroll.
    var screen = "\u{1B}[H"
    screen += lines.map { $0 + "\u{1B}[K" }.joined(separator: "\r\n")
    screen += "\u{1B}[J"
    let column = min(width, 3 + Self.clip(query, to: width - 3).count)
    screen += "\u{1B}[1;\(column)H"
    return screen
  }

  /// The text cut to `count` characters, with `…` as the last when it was cut.
  static func clip(_ text: String, to count: Int) -> String {
    guard count > 0 else { return "" }
    guard text.count > count else { return text }
    return String(text.prefix(count - 1)) + "…"
  }

  /// `shown` (a prefix of `text`, maybe clipped) with the ranges of `text` wrapped in the
  /// on and off styles.
  static func highlighted(
    _ shown: String, in text: String, ranges: [Range<String.Index>], on: String, off: String
  ) -> String {
    guard !on.isEmpty, !ranges.isEmpty else { return shown }
    var result = ""
    var position = text.startIndex
    var remaining = shown.count
    for range in ranges where remaining > 0 {
      let before = text[position..<range.lowerBound].prefix(remaining)
      result += before
      remaining -= before.count
      let inside = text[range].prefix(remaining)
      if !inside.isEmpty { result += on + inside + off }
      remaining -= inside.count
      position = range.upperBound
    }
    if remaining > 0 { result += String(text[position...].prefix(remaining)) }
    if shown.count < text.count, shown.last == "…" {
      result = String(result.dropLast()) + "…"
    }
    return result
  }
}

// MARK: - Terminal I/O

/// The terminal state to restore, kept where a signal handler can reach it.
///
/// These two globals are the tool's only `nonisolated(unsafe)` state, and on purpose: a signal
/// handler runs on no actor and may only touch plain memory. They are written on the main
/// actor (`Terminal.open()`, from the interactive palette) before the handlers are installed, and
/// only read in the handler.
///
/// Heap memory of `termios`'s full size: the storage of a global `termios` variable is only 57
/// of its 60 bytes, and `tcgetattr` wrote past it (found by AddressSanitizer,
/// docs/development/hardening.md).
nonisolated(unsafe) private let savedAttributes: UnsafeMutablePointer<termios> = {
  let attributes = UnsafeMutablePointer<termios>.allocate(capacity: 1)
  attributes.initialize(to: termios())
  return attributes
}()
nonisolated(unsafe) private var terminalDescriptor: Int32 = -1
/// Leaves the alternate screen and shows the cursor.
private let leaveScreen: [UInt8] = Array("\u{1B}[?1049l\u{1B}[?25h".utf8)

/// Restores the terminal from a signal handler: async-signal-safe calls only.
private func restoreTerminalAndExit(_ signal: Int32) {
  if terminalDescriptor >= 0 {
    _ = leaveScreen.withUnsafeBufferPointer { write(terminalDescriptor, $0.baseAddress, $0.count) }
    tcsetattr(terminalDescriptor, TCSANOW, savedAttributes)
  }
  _exit(128 + signal)
}

/// The controlling terminal in raw mode, restored by ``restore()`` or on a fatal signal.
struct Terminal {
  let descriptor: Int32

  /// Opens `/dev/tty` in raw mode on the alternate screen; nil when there is no terminal.
  static func open() -> Terminal? {
    let descriptor = Glibc.open("/dev/tty", O_RDWR | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    guard tcgetattr(descriptor, savedAttributes) == 0 else {
      close(descriptor)
      return nil
    }
    _ = leaveScreen.count  // initialize the global before a signal handler can read it
    terminalDescriptor = descriptor
    for signal in [SIGTERM, SIGHUP, SIGINT, SIGQUIT] {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { restoreTerminalAndExit($0) }
      sigemptyset(&action.sa_mask)
      sigaction(signal, &action, nil)
    }
    // SIGWINCH interrupts the blocking read (no SA_RESTART), so the screen is redrawn.
    var winch = sigaction()
    winch.__sigaction_handler.sa_handler = { _ in }
    sigemptyset(&winch.sa_mask)
    winch.sa_flags = 0
    sigaction(SIGWINCH, &winch, nil)

    var raw = savedAttributes.pointee
    raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
    raw.c_oflag &= ~tcflag_t(OPOST)
    raw.c_cflag |= tcflag_t(CS8)
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
    withUnsafeMutableBytes(of: &raw.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    tcsetattr(descriptor, TCSANOW, &raw)
    let terminal = Terminal(descriptor: descriptor)
    terminal.write("\u{1B}[?1049h\u{1B}[H\u{1B}[2J")
    return terminal
  }

  /// Leaves the alternate screen and restores the saved attributes.
  func restore() {
    _ = leaveScreen.withUnsafeBufferPointer { Glibc.write(descriptor, $0.baseAddress, $0.count) }
    tcsetattr(descriptor, TCSANOW, savedAttributes)
    for signal in [SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGWINCH] { Glibc.signal(signal, SIG_DFL) }
    terminalDescriptor = -1
    close(descriptor)
  }

  /// The terminal's size in columns and rows; 80×24 when it cannot be read.
  var size: (width: Int, height: Int) {
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0
    else { return (80, 24) }
    return (Int(size.ws_col), Int(size.ws_row))
  }

  func write(_ text: String) {
    let bytes = Array(text.utf8)
    var written = 0
    while written < bytes.count {
      let result = bytes.withUnsafeBufferPointer {
        Glibc.write(descriptor, $0.baseAddress! + written, $0.count - written)
      }
      if result < 0 && errno == EINTR { continue }
      guard result > 0 else { return }
      written += result
    }
  }

  /// Waits for input; nil when interrupted by a resize, empty at end of input.
  func read() -> [UInt8]? {
    var buffer = [UInt8](repeating: 0, count: 256)
    let count = buffer.withUnsafeMutableBufferPointer {
      Glibc.read(descriptor, $0.baseAddress, $0.count)
    }
    if count < 0 { return errno == EINTR ? nil : [] }
    return Array(buffer.prefix(count))
  }

  /// Whether more input arrives within `milliseconds`.
  func hasInput(within milliseconds: Int32) -> Bool {
    var descriptor = pollfd(fd: self.descriptor, events: Int16(POLLIN), revents: 0)
    return poll(&descriptor, 1, milliseconds) > 0
  }
}

extension Palette {
  /// `--interactive`: the palette in the terminal; prints the chosen identifier.
  @MainActor
  static func interactive(_ setup: Setup, options: Options, output: inout some OutputSink)
    -> ToolExitStatus
  {
    guard let terminal = Terminal.open() else {
      output.error("menu-dump palette: error: '--interactive' needs a terminal (/dev/tty)\n")
      return .failure
    }
    var screen = PaletteScreen(index: setup.index, history: setup.history)
    var pending: [UInt8] = []
    while screen.outcome == nil {
      let size = terminal.size
      terminal.write(screen.render(width: size.width, height: size.height))
      guard let bytes = terminal.read() else { continue }  // resized: draw again
      if bytes.isEmpty { break }
      pending += bytes
      // A lone Escape is the Escape key only if nothing follows it quickly.
      let flush = !(pending.last == 0x1B && terminal.hasInput(within: 50))
      for key in TerminalKey.decode(&pending, flush: flush) {
        screen.handle(key, rows: PaletteScreen.resultRows(height: size.height))
        if screen.outcome != nil { break }
      }
    }
    terminal.restore()
    guard case .chosen(let entry) = screen.outcome else { return .failure }
    output.write(entry.identifier + "\n")
    if let path = options.history {
      var history = setup.history
      history.recordUse(of: entry.identifier)
      do {
        try history.write(toFile: path)
      } catch {
        // The choice is printed, but a history that was not saved is a failure.
        output.error("menu-dump palette: error: \(error)\n")
        return .failure
      }
    }
    return .success
  }
}
