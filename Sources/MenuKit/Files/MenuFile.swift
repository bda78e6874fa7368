import FoundationEssentials
import MenuKitJSON

#if canImport(Glibc)
  import Glibc
#endif

/// A loaded menu file: an optional whole main menu and a list of edits to apply, in order.
///
/// Menu files are described in `docs/formats/menu-files.md`. Loading reports *every* problem it finds
/// as a ``Diagnostic`` with a stable code and a position, never only the first, and gives no
/// file at all when any of them is an error, so partial data is never used by mistake.
/// ``apply(to:)`` then replaces the builder's menu (if the file has one) and performs the edits;
/// ``jsonText(platform:)`` writes a file back.
///
/// ```swift
/// let result = MenuFile.load(contentsOf: "menus/app.json")
/// for diagnostic in result.diagnostics { print(diagnostic) }
/// if let file = result.file {
///   var builder = MenuBuilder(menu: mainMenu)
///   let problems = file.apply(to: &builder)
///   mainMenu = builder.menu
/// }
/// ```
public struct MenuFile: Hashable, Sendable {
  /// The schema version this library reads and writes.
  public static let schemaVersion = 1

  /// The path the file was loaded from, as given; copied into every diagnostic's location.
  public var path: String
  /// The root menu that replaces the current main menu, if the file defines one.
  public var menu: Menu?
  /// The edits to apply, in order, after the root menu (if any) is in place.
  public var edits: [MenuEdit]

  /// Creates a file from its parts.
  public init(path: String = "", menu: Menu? = nil, edits: [MenuEdit] = []) {
    self.path = path
    self.menu = menu
    self.edits = edits
  }
}

/// What loading a menu file produced: the file, if it has no errors, and every diagnostic.
///
/// ```swift
/// let result = MenuFile.load(contentsOf: "menus/app.json")
/// for diagnostic in result.diagnostics { print(diagnostic) }  // app.json:3:14: error[MK…]: …
/// if let file = result.file { _ = file.apply(to: &builder) }
/// ```
public struct MenuFileLoadResult: Hashable, Sendable {
  /// The file; `nil` when any diagnostic is an error.
  public var file: MenuFile?
  /// Every problem found, sorted by position; problems without a position come first. A file
  /// with more than 100 problems lists the first 100, then one `MK105` diagnostic that says how
  /// many more there are (docs/development/hardening.md).
  public var diagnostics: [Diagnostic]

  /// Creates a result.
  public init(file: MenuFile?, diagnostics: [Diagnostic]) {
    self.file = file
    self.diagnostics = diagnostics
  }
}

// MARK: - API

extension MenuFile {
  /// Reads and loads the menu file at a path.
  ///
  /// A file that cannot be read, or is not UTF-8, gives one `MK103` diagnostic; otherwise the
  /// text is loaded as by ``parse(_:path:)``, with `path` in every location.
  ///
  /// ```swift
  /// let result = MenuFile.load(contentsOf: "menus/app.json")
  /// guard let file = result.file else {
  ///   result.diagnostics.forEach { print($0) }  // menus/app.json:7:9: error[MK110]: …
  ///   return
  /// }
  /// ```
  public static func load(contentsOf path: String) -> MenuFileLoadResult {
    switch SourceFile.readText(at: path, kind: "menu file") {
    case .success(let text): parse(text, path: path)
    case .failure(let failure): MenuFileLoadResult(file: nil, diagnostics: [failure.diagnostic])
    }
  }

  /// Loads a menu file from its text.
  ///
  /// The text is read as JSON with comments, trailing commas, single-quoted strings and
  /// unquoted keys, then decoded; every syntax, type, value and shortcut problem is reported.
  ///
  /// ```swift
  /// let result = MenuFile.parse(#"{ "schemaVersion": 1, "edits": [{ "remove": "format" }] }"#)
  /// result.file?.edits  // [MenuEdit(.remove(.menu("format")))]
  /// ```
  ///
  /// - Parameters:
  ///   - text: The file's contents.
  ///   - path: The file's path for diagnostics; empty when the text has no file.
  public static func parse(_ text: String, path: String = "") -> MenuFileLoadResult {
    let root: JSONNode
    switch SourceFile.parseJSON(text, path: path) {
    case .success(let node): root = node
    case .failure(let failure):
      return MenuFileLoadResult(file: nil, diagnostics: [failure.diagnostic])
    }
    var decoder = MenuFileDecoder(text: text)
    let decoded = decoder.decodeFile(root)
    let diagnostics = decoder.sortedDiagnostics
    let hasErrors = diagnostics.containsErrors
    return MenuFileLoadResult(
      file: hasErrors ? nil : MenuFile(path: path, menu: decoded.menu, edits: decoded.edits),
      diagnostics: diagnostics)
  }

  /// Applies the file to a builder: replaces its menu with ``menu``, if the file has one, then
  /// performs each edit in order.
  ///
  /// An edit that fails (an unknown identifier, an identifier already in use, an edit of the
  /// root) is reported and skipped, and the next edit is still tried, so one run reports every
  /// failing edit: the first 100 by position, then one `MK105` that counts the others. Each
  /// diagnostic has the ``MenuBuilderError``'s code and description and the location of the
  /// edit's target.
  ///
  /// ```swift
  /// var builder = MenuBuilder(menu: StandardMenus.mainMenu(for: .linux))
  /// let diagnostics = file.apply(to: &builder)
  /// // menus/app.json:4:25: error[MK201]: no menu has the identifier 'fiel'; did you mean 'file'?
  /// ```
  ///
  /// - Returns: One diagnostic per failed edit, in edit order; empty when all succeeded.
  public func apply(to builder: inout MenuBuilder) -> [Diagnostic] {
    if let menu {
      builder = MenuBuilder(menu: menu, system: builder.system)
    }
    var diagnostics = DiagnosticList()
    let suggests = builder.suggestsIdentifiers
    defer { builder.suggestsIdentifiers = suggests }
    for edit in edits {
      // A failure that the list will not keep needs no "did you mean".
      builder.suggestsIdentifiers = suggests && diagnostics.wouldKeep(edit.location)
      do {
        try edit.apply(to: &builder)
      } catch {
        diagnostics.report(error.code, error.description, at: edit.location)
      }
    }
    return diagnostics.sorted
  }
}

// MARK: - Reading

extension MenuFile {
  /// The largest file MenuKit reads: 16 MiB.
  ///
  /// Every MenuKit file reader checks a file's size before reading it — menu files, keymap
  /// files, chain files, other editors' keymaps, the palette history, and `menu-dump trace`'s
  /// evemu recordings — so a huge or endless file (a 1 GB file by mistake, `/dev/zero`) is
  /// rejected at once with an `MK104` diagnostic instead of being read into memory. The largest
  /// real keymaps are far smaller: VS Code's default keybindings are about 230 KB.
  ///
  /// ```swift
  /// MenuFile.load(contentsOf: "huge.json").diagnostics
  /// // error[MK104]: cannot read the menu file 'huge.json': it is 1 GiB, and MenuKit reads
  /// // files of at most 16 MiB
  /// ```
  public static let maximumFileSize = 16 << 20
}

/// The first two steps of loading any MenuKit file: reading its text, and reading that text as
/// JSON with positions. Each failure is one diagnostic.
package enum SourceFile {
  /// A failed step, as the one diagnostic that explains it.
  package struct Failure: Error {
    /// The diagnostic: `MK101`, `MK102`, `MK103` or `MK104`.
    package let diagnostic: Diagnostic
    init(_ diagnostic: Diagnostic) { self.diagnostic = diagnostic }
  }

  /// The UTF-8 text of a file, or an `MK103` or `MK104` diagnostic naming the file and the
  /// reason.
  ///
  /// - Parameter kind: What the file is, for the message: "menu file", "chain file".
  package static func readText(at path: String, kind: String) -> Result<String, SourceFile.Failure>
  {
    let data: Data
    switch readData(at: path, kind: kind) {
    case .success(let contents): data = contents
    case .failure(let failure): return .failure(failure)
    }
    guard let text = String(validating: data, as: UTF8.self) else {
      return .failure(
        Failure(unreadable(path, kind: kind, reason: "the file is not valid UTF-8 text")))
    }
    return .success(text)
  }

  /// The bytes of a file of at most ``MenuFile/maximumFileSize`` bytes.
  ///
  /// The size of a regular file is checked with `fstat` before anything is read, so a larger
  /// file costs no memory and no time; a pipe or device is read until it passes the limit.
  ///
  /// - Parameters:
  ///   - path: The file's path.
  ///   - kind: What the file is, for the message: "menu file", "evemu recording".
  ///   - maximumSize: The limit; ``MenuFile/maximumFileSize`` unless a test sets a smaller one.
  /// - Returns: The bytes, or an `MK103` (cannot read) or `MK104` (too large) diagnostic.
  package static func readData(
    at path: String, kind: String, maximumSize: Int = MenuFile.maximumFileSize
  ) -> Result<Data, SourceFile.Failure> {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return .failure(Failure(unreadable(path, kind: kind))) }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      return .failure(Failure(unreadable(path, kind: kind)))
    }
    if (status.st_mode & S_IFMT) == S_IFDIR {
      return .failure(
        Failure(unreadable(path, kind: kind, reason: systemReason(EISDIR))))
    }
    let isRegular = (status.st_mode & S_IFMT) == S_IFREG
    if isRegular, Int(status.st_size) > maximumSize {
      return .failure(
        Failure(
          tooLarge(
            path, kind: kind, size: "is \(byteCount(Int(status.st_size)))",
            maximumSize: maximumSize)))
    }
    // One byte more than the limit tells a pipe or device that is too long.
    let capacity = isRegular ? Int(status.st_size) + 1 : min(maximumSize + 1, 1 << 16)
    guard let read = readToEnd(descriptor, capacity: capacity, maximumSize: maximumSize) else {
      return .failure(Failure(unreadable(path, kind: kind)))
    }
    let (buffer, count) = read
    guard count <= maximumSize else {
      return .failure(
        Failure(
          tooLarge(
            path, kind: kind, size: "has more than \(byteCount(maximumSize))",
            maximumSize: maximumSize)))
    }
    return .success(Data(buffer[..<count]))
  }

  /// Reads a descriptor to its end, into a buffer of `capacity` bytes that grows as needed,
  /// but stops one byte past `maximumSize`: the one read loop of the files MenuKit reads whole.
  ///
  /// - Parameters:
  ///   - descriptor: An open descriptor.
  ///   - capacity: The bytes expected, plus one (a regular file's size), or a first chunk.
  ///   - maximumSize: The limit; a count above it tells the caller the file is too large.
  /// - Returns: The buffer and how many of its bytes were read, or nil when a read failed
  ///   (`errno` tells why).
  package static func readToEnd(_ descriptor: Int32, capacity: Int, maximumSize: Int)
    -> (bytes: [UInt8], count: Int)?
  {
    var buffer = [UInt8](repeating: 0, count: max(capacity, 1))
    var count = 0
    while true {
      if count == buffer.count {
        // Past the limit: stop reading (the caller reports it).
        if count > maximumSize { break }
        buffer.append(
          contentsOf: repeatElement(0, count: min(buffer.count, maximumSize + 1 - buffer.count)))
      }
      let read = buffer.withUnsafeMutableBytes { bytes in
        Glibc.read(descriptor, bytes.baseAddress! + count, bytes.count - count)
      }
      if read < 0 {
        if errno == EINTR { continue }
        return nil
      }
      if read == 0 { break }
      count += read
    }
    return (buffer, count)
  }

  /// Calls `body` with the bytes of a file of at most ``MenuFile/maximumFileSize`` bytes,
  /// without copying a regular file: it is mapped into memory. The limit is checked as
  /// ``readData(at:kind:maximumSize:)`` checks it, which reads a pipe or device.
  ///
  /// - Parameters:
  ///   - path: The file's path (`/dev/stdin` for standard input).
  ///   - kind: What the file is, for the message: "lines file".
  ///   - body: Receives the bytes; called once, unless the file cannot be read.
  /// - Returns: Nothing, or an `MK103` (cannot read) or `MK104` (too large) diagnostic.
  package static func withContents(
    at path: String, kind: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void
  ) -> Result<Void, SourceFile.Failure> {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    if descriptor >= 0 {
      defer { close(descriptor) }
      var status = stat()
      if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG,
        case let size = Int(status.st_size), size > 0, size <= MenuFile.maximumFileSize,
        let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), mapped != MAP_FAILED
      {
        defer { munmap(mapped, size) }
        body(UnsafeBufferPointer(start: mapped.assumingMemoryBound(to: UInt8.self), count: size))
        return .success(())
      }
    }
    // Not a regular file that can be mapped: read it within the limit (or report why not).
    switch readData(at: path, kind: kind) {
    case .success(let data):
      data.withUnsafeBytes { body($0.bindMemory(to: UInt8.self)) }
      return .success(())
    case .failure(let failure):
      return .failure(failure)
    }
  }

  /// The JSON tree of a text, or an `MK101` (syntax) or `MK102` (nesting) diagnostic.
  package static func parseJSON(_ text: String, path: String) -> Result<
    JSONNode, SourceFile.Failure
  > {
    do {
      return .success(try JSONReader.parse(text, file: path))
    } catch {
      let code: DiagnosticCode = error.isNestingTooDeep ? .nestingTooDeep : .syntaxError
      return .failure(Failure(Diagnostic(code, error.message, at: error.location)))
    }
  }

  /// A size for messages: `812 bytes`, `16 MiB`, `1.0 GiB`.
  package static func byteCount(_ bytes: Int) -> String {
    guard bytes >= 1024 else { return bytes == 1 ? "1 byte" : "\(bytes) bytes" }
    let units = ["KiB", "MiB", "GiB", "TiB", "PiB", "EiB"]
    var value = Double(bytes) / 1024
    var unit = 0
    while value >= 1024, unit < units.count - 1 {
      value /= 1024
      unit += 1
    }
    let tenths = (value * 10).rounded()
    let number =
      tenths.truncatingRemainder(dividingBy: 10) == 0
      ? String(Int(tenths / 10)) : String(value, fractionDigits: 1)
    return "\(number) \(units[unit])"
  }

  private static func unreadable(_ path: String, kind: String, reason: String? = nil)
    -> Diagnostic
  {
    Diagnostic(
      .unreadableFile,
      "cannot read the \(kind) \(path.quotedForMessage): \(reason ?? systemReason(errno))")
  }

  private static func tooLarge(_ path: String, kind: String, size: String, maximumSize: Int)
    -> Diagnostic
  {
    Diagnostic(
      .fileTooLarge,
      "cannot read the \(kind) \(path.quotedForMessage): it \(size), and MenuKit reads files of at most "
        + byteCount(maximumSize))
  }

  /// The operating system's reason for an error number, such as "no such file or directory".
  private static func systemReason(_ code: Int32) -> String {
    let reason = String(cString: strerror(code))
    return reason.prefix(1).lowercased() + reason.dropFirst()
  }
}
