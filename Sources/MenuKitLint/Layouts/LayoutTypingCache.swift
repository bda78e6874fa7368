import FoundationEssentials
import MenuKit

#if canImport(Glibc)
  import Glibc
#endif

/// Where keymap-lint keeps what the layout rules found per layout, so that a sweep over
/// layouts it has seen before compiles none of them.
///
/// An entry holds one layout's answers (``LayoutProblem``s, or the reason it does not compile)
/// to the questions asked so far, one file per layout. Entries live in a directory named by the
/// identity of everything the answers depend on: the XKB data (the path, size, modification
/// time and inode of every file of its `rules`, `keycodes`, `types`, `compat` and `symbols`
/// directories, in each include path), the platform profile, and the
/// running executable (its size, modification time and inode, so a rebuilt or upgraded tool
/// never reads an older engine's answers). Any change gives a new directory.
///
/// Entries are written atomically (``MenuKit``'s atomic file routine) and carry a checksum of
/// their contents; an entry that is truncated, altered or for another layout is ignored and
/// rewritten, never trusted.
///
/// ```swift
/// let analyzer = LayoutAnalyzer()
/// analyzer.typingCache = LayoutTypingCache.userDirectory().map(LayoutTypingCache.init)
/// ```
package struct LayoutTypingCache: Hashable, Sendable {
  /// The cache's root directory, such as `~/.cache/menukit`.
  package var directory: String

  /// Creates a cache in a directory (created on first write).
  ///
  /// - Parameter directory: The root directory; entries go under `layout-typing/`.
  package init(directory: String) {
    self.directory = directory
  }

  /// The user's cache directory for MenuKit: `$XDG_CACHE_HOME/menukit`, or
  /// `$HOME/.cache/menukit` when `XDG_CACHE_HOME` is unset, empty or not absolute.
  ///
  /// - Parameter environment: The environment to read.
  /// - Returns: The directory, or nil when neither variable gives an absolute path.
  package static func userDirectory(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String? {
    if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
      return cache + "/menukit"
    }
    if let home = environment["HOME"], home.hasPrefix("/") {
      return home + "/.cache/menukit"
    }
    return nil
  }
}

// MARK: - Entries

extension LayoutTypingCache {
  /// The format's first line; a new format changes it, so older entries are ignored.
  static let header = "menukit-layout-typing 1"

  /// One layout's answers: whether it compiles, and the problems of each question asked.
  struct Entry: Hashable, Sendable {
    /// libxkbcommon's reason when the layout does not compile.
    var failure: String?
    /// The problems of each question, by ``LayoutQuery/cacheKey``; an empty list is an answer.
    var answers: [String: [LayoutProblem]] = [:]
  }

  /// The identity of the answers: a hash of the data, the platform and the executable.
  ///
  /// - Parameters:
  ///   - includePaths: The XKB include paths, searched in this order.
  ///   - platform: The platform profile.
  /// - Returns: 32 hexadecimal digits.
  static func identity(includePaths: [String], platform: PlatformProfile) -> String {
    var text = header + "\nplatform \(platform)\n"
    text += "executable " + fileIdentity("/proc/self/exe") + "\n"
    for root in includePaths {
      text += "include \(root)\n"
      for component in components {
        let directory = root + "/" + component
        text += "\(component) " + fileIdentity(directory) + "\n"
        let files = (try? FileManager.default.subpathsOfDirectory(atPath: directory)) ?? []
        for file in files.sorted() {
          text += "\(component)/\(file) " + fileIdentity(directory + "/" + file) + "\n"
        }
      }
    }
    let bytes = Array(text.utf8)
    return hex(fnv1a(bytes)) + hex(fnv1a(bytes, basis: 0x6c62_272e_07bb_0142))
  }

  /// The directories of XKB data that a keymap is compiled from (not `geometry`).
  static let components = ["rules", "keycodes", "types", "compat", "symbols"]

  /// The size, modification time and inode of a file (following links), or `missing`.
  static func fileIdentity(_ path: String) -> String {
    var status = stat()
    guard stat(path, &status) == 0 else { return "missing" }
    return "\(status.st_size) \(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec) \(status.st_ino)"
  }

  /// The path of a layout's entry.
  func path(of layout: LayoutName, identity: String) -> String {
    "\(directory)/layout-typing/\(identity)/\(layout.description).table"
  }

  /// Whether a layout has an entry file, intact or not; cheaper than ``read(_:identity:)``.
  func hasEntry(for layout: LayoutName, identity: String) -> Bool {
    var status = stat()
    return stat(path(of: layout, identity: identity), &status) == 0
  }

  /// Reads a layout's entry; nil when there is none, or when it is not intact (a wrong
  /// header, identity, layout or checksum, or a line that does not parse).
  func read(_ layout: LayoutName, identity: String) -> Entry? {
    let bytes: [UInt8]?
    do throws(AtomicFile.Failure) {
      bytes = try AtomicFile.resolve(
        path(of: layout, identity: identity), creatingDirectories: false
      )
      .read()
    } catch {
      return nil
    }
    guard let bytes else { return nil }
    return Self.decode(bytes, layout: layout, identity: identity)
  }

  /// Writes a layout's entry atomically; a failure (a read-only home) only costs the next
  /// run the work again.
  func write(_ entry: Entry, for layout: LayoutName, identity: String) {
    let bytes = Self.encode(entry, layout: layout, identity: identity)
    do throws(AtomicFile.Failure) {
      try AtomicFile.resolve(path(of: layout, identity: identity), creatingDirectories: true)
        .write(bytes)
    } catch {
      return
    }
  }

  /// An entry as text: the header, the identity, the layout, a checksum of the body, then the
  /// body, one answer per line group (`query`, then its `problem` lines) and `failure`.
  static func encode(_ entry: Entry, layout: LayoutName, identity: String) -> [UInt8] {
    var body = ""
    if let failure = entry.failure { body += "failure\t\(escape(failure))\n" }
    for key in entry.answers.keys.sorted() {
      body += "query\t\(escape(key))\n"
      for problem in entry.answers[key] ?? [] {
        body += "problem\t\(problem.code.rawValue)\t\(escape(problem.note))\n"
      }
    }
    let bodyBytes = Array(body.utf8)
    let head =
      "\(header)\nidentity \(identity)\nlayout \(layout)\nchecksum \(hex(fnv1a(bodyBytes)))\n"
    return Array(head.utf8) + bodyBytes
  }

  /// Reads an entry's text; nil unless every check passes.
  static func decode(_ bytes: [UInt8], layout: LayoutName, identity: String) -> Entry? {
    var lines = bytes.split(
      separator: UInt8(ascii: "\n"), maxSplits: 4, omittingEmptySubsequences: false)
    guard lines.count >= 4,
      String(decoding: lines[0], as: UTF8.self) == header,
      String(decoding: lines[1], as: UTF8.self) == "identity \(identity)",
      String(decoding: lines[2], as: UTF8.self) == "layout \(layout)"
    else { return nil }
    let body = lines.count == 5 ? Array(lines.removeLast()) : []
    guard String(decoding: lines[3], as: UTF8.self) == "checksum \(hex(fnv1a(body)))",
      String(validating: body, as: UTF8.self) != nil
    else { return nil }
    // Fields are read as bytes: a warm sweep reads every layout's entry.
    func field(_ bytes: ArraySlice<UInt8>) -> String {
      let text = String(decoding: bytes, as: UTF8.self)
      return bytes.contains(UInt8(ascii: "\\")) ? unescape(text) : text
    }
    var entry = Entry()
    var current: String?
    for line in body.split(separator: UInt8(ascii: "\n")) {
      let fields = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
      switch (String(decoding: fields[0], as: UTF8.self), fields.count) {
      case ("failure", 2):
        entry.failure = field(fields[1])
      case ("query", 2):
        let key = field(fields[1])
        guard entry.answers[key] == nil else { return nil }
        entry.answers[key] = []
        current = key
      case ("problem", 3):
        let raw = String(decoding: fields[1], as: UTF8.self)
        guard let key = current, let code = LayoutCheck.codes.first(where: { $0.rawValue == raw })
        else { return nil }
        entry.answers[key, default: []].append(LayoutProblem(code: code, note: field(fields[2])))
      default:
        return nil
      }
    }
    return entry
  }

  /// A field with `\`, tab and line feed escaped: the bytes that separate fields and lines.
  static func escape(_ text: String) -> String {
    guard text.utf8.contains(where: { $0 == 0x5C || $0 == 0x09 || $0 == 0x0A }) else {
      return text
    }
    var escaped = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": escaped += "\\\\"
      case "\t": escaped += "\\t"
      case "\n": escaped += "\\n"
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }

  /// The field an ``escape(_:)`` made.
  static func unescape(_ text: String) -> String {
    var result = ""
    var escaping = false
    for scalar in text.unicodeScalars {
      if escaping {
        switch scalar {
        case "t": result += "\t"
        case "n": result += "\n"
        default: result.unicodeScalars.append(scalar)
        }
        escaping = false
      } else if scalar == "\\" {
        escaping = true
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// The 64-bit FNV-1a hash of bytes: stable across runs and machines, unlike `Hasher`.
  static func fnv1a(_ bytes: [UInt8], basis: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64 {
    var hash = basis
    for byte in bytes {
      hash ^= UInt64(byte)
      hash &*= 0x0000_0100_0000_01b3
    }
    return hash
  }

  /// 16 hexadecimal digits.
  static func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
