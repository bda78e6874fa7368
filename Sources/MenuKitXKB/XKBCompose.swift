internal import CXKBCommon
internal import Glibc
public import MenuKit

// MARK: - Compose table

/// A compiled Compose table: the sequences of keysyms that compose into a character.
///
/// Compose sequences are how dead keys and the Compose (`Multi_key`) key type characters that
/// no key produces directly: `<dead_acute> <e>` gives "é", `<Multi_key> <o> <c>` gives "©".
/// The table is compiled from text in the libX11 Compose format, described in `Compose(5)`:
///
/// ```
/// <dead_acute> <e>      : "é" eacute     # LATIN SMALL LETTER E WITH ACUTE
/// <Multi_key> <o> <c>   : "©" copyright  # COPYRIGHT SIGN
/// ```
///
/// Load the table a desktop would use with ``init(context:)``, or a specific file or text
/// for tests. Then feed keysyms to an ``XKBComposeState``:
///
/// ```swift
/// let context = XKBContext.hermetic()
/// let table = try XKBComposeTable(context: context, string: """
///   <dead_acute> <e> : "é" eacute
///   """)
/// let state = XKBComposeState(table: table)
/// state.feed(Keysym(named: "dead_acute")!)  // state.status == .composing
/// state.feed(Keysym(named: "e")!)           // state.status == .composed
/// state.composedText                        // "é"
/// ```
///
/// Lines that do not parse, such as an unterminated string or an unknown keysym, are skipped:
/// the table still compiles, and the context's ``XKBContext/logLines`` name each skipped line.
/// Sequences that repeat or extend an earlier one override it, with a logged warning.
/// Compilation fails only when libxkbcommon gives up on the whole text: after more than ten
/// bad lines, or when an `include` statement names a file that cannot be read.
///
/// A table never changes once compiled, but it is not thread-safe, and so not `Sendable`:
/// libxkbcommon counts its references without atomics. Use a table, the states built on it
/// and its context from one thread or task at a time. A table keeps what it needs of its
/// context alive, so it may outlive the `XKBContext` object.
public final class XKBComposeTable {
  /// The libxkbcommon Compose table; this object owns one reference to it.
  let pointer: OpaquePointer

  /// The log buffer of the context the table was compiled in.
  ///
  /// The C table keeps the C context alive, and the C context points at this buffer, so the
  /// table keeps the buffer alive too.
  let log: LogCapture

  /// Loads the Compose table that applications use for a locale.
  ///
  /// libxkbcommon compiles the first of these files that it can open, in this order:
  ///
  /// 1. The file that the `XCOMPOSEFILE` environment variable names.
  /// 2. `$XDG_CONFIG_HOME/XCompose`, or `$HOME/.config/XCompose` when `XDG_CONFIG_HOME` is
  ///    unset or not an absolute path. (This step is a libxkbcommon extension; libX11 skips it.)
  /// 3. `$HOME/.XCompose`.
  /// 4. The system table for the locale: the locale is first looked up in
  ///    `locale.alias` (so `POSIX` becomes `C`), then `C` is taken as `en_US.UTF-8`, and then
  ///    `compose.dir` names the file. Both files are in `$XLOCALEDIR`, or by default
  ///    `/usr/share/X11/locale`, which Debian's `libx11-data` package installs.
  ///
  /// A user's file replaces the system table rather than adding to it, unless it says
  /// `include "%L"`, which includes the locale's system table. The environment is read with
  /// `secure_getenv`, so a setuid or setgid program ignores it. The context's
  /// ``XKBContext/Options`` do not matter here: even a hermetic context reads these
  /// variables and the user's files. Compile from ``init(context:string:locale:)`` or
  /// ``init(context:contentsOf:locale:)`` to depend on nothing else.
  ///
  /// ```swift
  /// let table = try XKBComposeTable(context: XKBContext(), locale: "de_DE.UTF-8")
  /// ```
  ///
  /// - Parameters:
  ///   - context: The context whose log receives libxkbcommon's messages.
  ///   - locale: A locale name as in `locale(7)`, such as `en_US.UTF-8`, `C` or `POSIX`.
  /// - Throws: ``XKBError`` for `xkb_compose_table_new_from_locale` when no file is found,
  ///   as for a locale the system does not know, such as `xx_XX.UTF-8`, or when the file
  ///   does not compile; the log lines give the locale and the reason.
  public init(context: XKBContext, locale: String) throws(XKBError) {
    pointer = try context.log.capture(
      "xkb_compose_table_new_from_locale",
      failure: "could not load a Compose table for the locale '\(locale)'"
    ) {
      xkb_compose_table_new_from_locale(context.pointer, locale, XKB_COMPOSE_COMPILE_NO_FLAGS)
    }
    log = context.log
  }

  /// Loads the Compose table that applications use for the user's locale.
  ///
  /// The locale is the first of the `LC_ALL`, `LC_CTYPE` and `LANG` environment variables
  /// that is set and not empty, or `C` when none is, as `locale(7)` and libxkbcommon's
  /// documentation describe. This does not call `setlocale`. libxkbcommon loads the
  /// `en_US.UTF-8` table for `C`, so this finds a table even when no locale is set.
  /// ``init(context:locale:)`` describes the files that are searched.
  ///
  /// ```swift
  /// let table = try XKBComposeTable(context: XKBContext())
  /// ```
  ///
  /// - Parameter context: The context whose log receives libxkbcommon's messages.
  /// - Throws: ``XKBError`` for `xkb_compose_table_new_from_locale` when no file is found
  ///   or the file does not compile.
  public convenience init(context: XKBContext) throws(XKBError) {
    try self.init(context: context, locale: Self.environmentLocale())
  }

  /// Compiles a Compose table from a file in the libX11 Compose format.
  ///
  /// The file's `include` statements may use `%L` (the locale's system table), `%S` (the
  /// system's X locale directory) and `%H` (`$HOME`). The file should end in a newline:
  /// libxkbcommon 1.5.0 skips a last line that ends in a string without one, logging
  /// "unexpected token".
  ///
  /// - Parameters:
  ///   - context: The context whose log receives libxkbcommon's messages.
  ///   - path: The path of the Compose file.
  ///   - locale: The locale that `%L` in `include` statements refers to.
  /// - Throws: ``XKBError`` for `fopen` when the file cannot be opened, or for
  ///   `xkb_compose_table_new_from_file` when it does not compile.
  public init(
    context: XKBContext, contentsOf path: String, locale: String = "C"
  ) throws(XKBError) {
    guard let file = fopen(path, "r") else {
      let reason = String(cString: strerror(errno))
      throw XKBError(operation: "fopen", message: "could not open '\(path)': \(reason)")
    }
    defer { fclose(file) }
    pointer = try context.log.capture(
      "xkb_compose_table_new_from_file",
      failure: "could not compile the Compose file '\(path)'"
    ) {
      xkb_compose_table_new_from_file(
        context.pointer, file, locale, XKB_COMPOSE_FORMAT_TEXT_V1, XKB_COMPOSE_COMPILE_NO_FLAGS)
    }
    log = context.log
  }

  /// Compiles a Compose table from text in the libX11 Compose format.
  ///
  /// The text need not end in a newline; one is added when it is missing. (libxkbcommon
  /// 1.5.0 rejects a last line that ends in a string, such as `<Multi_key> <s> : "ß"`, with
  /// "unexpected token" unless a newline follows it, and Swift's multi-line string literals
  /// end without one.)
  ///
  /// ```swift
  /// let table = try XKBComposeTable(
  ///   context: .hermetic(), string: #"<Multi_key> <o> <c> : "©" copyright"#)
  /// ```
  ///
  /// - Parameters:
  ///   - context: The context whose log receives libxkbcommon's messages.
  ///   - string: The Compose text, one sequence per line.
  ///   - locale: The locale that `%L` in `include` statements refers to.
  /// - Throws: ``XKBError`` for `xkb_compose_table_new_from_buffer` when the text does not
  ///   compile; its log lines give libxkbcommon's line, column and reason.
  public init(context: XKBContext, string: String, locale: String = "C") throws(XKBError) {
    let text = string.utf8.last == UInt8(ascii: "\n") ? string : string + "\n"
    pointer = try context.log.capture(
      "xkb_compose_table_new_from_buffer", failure: "could not compile the Compose text"
    ) {
      text.withCString { buffer in
        xkb_compose_table_new_from_buffer(
          context.pointer, buffer, text.utf8.count, locale, XKB_COMPOSE_FORMAT_TEXT_V1,
          XKB_COMPOSE_COMPILE_NO_FLAGS)
      }
    }
    log = context.log
  }

  deinit {
    xkb_compose_table_unref(pointer)
  }

  /// The user's locale from the environment, as `locale(7)` resolves `LC_CTYPE`.
  static func environmentLocale(
    reading variable: (String) -> String? = { getenv($0).map { String(cString: $0) } }
  ) -> String {
    for name in ["LC_ALL", "LC_CTYPE", "LANG"] {
      if let value = variable(name), !value.isEmpty { return value }
    }
    return "C"
  }
}

// MARK: - Compose state

/// The progress of a Compose sequence as keysyms are typed, over an ``XKBComposeTable``.
///
/// Feed the keysym of every key press, after the keymap has applied the modifiers, and look
/// at ``status`` after each one. While it is ``Status/composing``, show nothing; when it
/// becomes ``Status/composed``, insert ``composedText`` instead of the key's own text:
///
/// ```swift
/// let state = XKBComposeState(table: table)
/// for name in ["Multi_key", "o", "c"] {
///   state.feed(Keysym(named: name)!)
/// }
/// state.status        // .composed
/// state.composedText  // "©"
/// state.composedKeysym?.name  // "copyright"
/// ```
///
/// A keysym that continues no sequence cancels it: the status becomes ``Status/cancelled``,
/// and libX11 then drops that keysym. Modifier keysyms, such as `Shift_L`, are ignored, so
/// typing Shift in the middle of a sequence does not cancel it. The next keysym after a
/// composed or cancelled sequence starts afresh.
///
/// A state is not thread-safe, and so not `Sendable`: use it from one thread or task at a
/// time, together with its table. It keeps its table alive.
public final class XKBComposeState {
  /// What feeding one keysym did.
  public enum FeedResult: Sendable {
    /// The keysym had no effect on the state, as for a modifier keysym such as `Shift_L`.
    case ignored
    /// The keysym was considered: it started, advanced, completed or cancelled a sequence,
    /// or it began none, leaving the status ``Status/nothing``.
    case accepted
  }

  /// Where the state is in matching a sequence.
  public enum Status: Sendable {
    /// No sequence is in progress: nothing was fed yet, the state was reset, or the last
    /// keysym began no sequence.
    case nothing
    /// A sequence is in progress; the keysyms so far begin at least one sequence.
    case composing
    /// The last keysym completed a sequence; see ``composedText`` and ``composedKeysym``.
    case composed
    /// The last keysym continued none of the sequences in progress, which are abandoned.
    case cancelled
  }

  /// The libxkbcommon Compose state; this object owns one reference to it.
  let pointer: OpaquePointer

  /// The table the state matches against; the C state references the C table too.
  let table: XKBComposeTable

  /// Creates a state over a table, with no sequence in progress.
  ///
  /// - Parameter table: The Compose table whose sequences the state matches.
  public init(table: XKBComposeTable) {
    guard let pointer = xkb_compose_state_new(table.pointer, XKB_COMPOSE_STATE_NO_FLAGS) else {
      // With no flags, creation fails only when memory runs out.
      fatalError("libxkbcommon could not allocate a Compose state (xkb_compose_state_new)")
    }
    self.pointer = pointer
    self.table = table
  }

  deinit {
    xkb_compose_state_unref(pointer)
  }

  /// Feeds the keysym of one key press to the state.
  ///
  /// Feed ``Keysym/noSymbol`` for a key that produces several keysyms at once; Compose
  /// sequences are made of single keysyms.
  ///
  /// - Parameter keysym: The keysym the key press produced.
  /// - Returns: Whether the keysym was considered or ignored; see ``FeedResult``.
  @discardableResult
  public func feed(_ keysym: Keysym) -> FeedResult {
    switch xkb_compose_state_feed(pointer, keysym.rawValue) {
    case XKB_COMPOSE_FEED_IGNORED: .ignored
    default: .accepted
    }
  }

  /// Where the state is in matching a sequence.
  public var status: Status {
    switch xkb_compose_state_get_status(pointer) {
    case XKB_COMPOSE_COMPOSING: .composing
    case XKB_COMPOSE_COMPOSED: .composed
    case XKB_COMPOSE_CANCELLED: .cancelled
    default: .nothing
    }
  }

  /// The text the completed sequence produces, such as "é".
  ///
  /// This is the sequence's string, or, when the table gives only a keysym, that keysym's
  /// character. The text is read whole; libxkbcommon 1.5.0 accepts result strings of up to
  /// 254 bytes of UTF-8 and skips, with a logged error, a line whose string is longer.
  ///
  /// - Returns: The text, or `nil` unless ``status`` is ``Status/composed``, and `nil` when
  ///   the sequence gives neither a string nor a keysym with a character, as for a result
  ///   of `dead_grave`.
  public var composedText: String? {
    guard status == .composed else { return nil }
    let length = Int(xkb_compose_state_get_utf8(pointer, nil, 0))
    guard length > 0 else { return nil }
    return withUnsafeTemporaryAllocation(of: CChar.self, capacity: length + 1) { buffer in
      guard let base = buffer.baseAddress else { return nil }
      let written = Int(xkb_compose_state_get_utf8(pointer, base, buffer.count))
      guard written > 0 else { return nil }
      let bytes = UnsafeRawBufferPointer(start: base, count: min(written, length))
      return String(decoding: bytes, as: UTF8.self)
    }
  }

  /// The keysym the completed sequence produces, such as `eacute`.
  ///
  /// - Returns: The keysym, or `nil` unless ``status`` is ``Status/composed``, and `nil` when
  ///   the sequence gives only a string.
  public var composedKeysym: Keysym? {
    guard status == .composed else { return nil }
    let value = xkb_compose_state_get_one_sym(pointer)
    return value == XKB_KEY_NoSymbol ? nil : Keysym(rawValue: value)
  }

  /// Abandons any sequence in progress, setting ``status`` to ``Status/nothing``.
  ///
  /// Call this when focus moves to another window or the keyboard is reset, so that a
  /// half-typed sequence does not carry over.
  public func reset() {
    xkb_compose_state_reset(pointer)
  }
}
