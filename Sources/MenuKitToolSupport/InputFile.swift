import MenuKit

/// The files a tool reads, where `-` is standard input (docs/command-line.md).
///
/// ```swift
/// InputFile.name(of: "-")           // "<stdin>", the name diagnostics give it
/// InputFile.readText("-", kind: "menu file")  // standard input, at most 16 MiB
/// ```
package enum InputFile {
  /// The argument that names standard input.
  package static let standardInputArgument = "-"
  /// The name standard input has in diagnostics.
  package static let standardInputName = "<stdin>"

  /// The name a file argument has in diagnostics: the path, or `<stdin>` for `-`.
  ///
  /// - Parameter argument: The file argument.
  /// - Returns: The name.
  package static func name(of argument: String) -> String {
    argument == standardInputArgument ? standardInputName : argument
  }

  /// The path to open for a file argument: the path, or `/dev/stdin` for `-`.
  ///
  /// - Parameter argument: The file argument.
  /// - Returns: The path.
  package static func path(of argument: String) -> String {
    argument == standardInputArgument ? "/dev/stdin" : argument
  }

  /// The UTF-8 text of a file argument, through MenuKit's one limited reader (16 MiB).
  ///
  /// - Parameters:
  ///   - argument: The file argument; `-` reads standard input.
  ///   - kind: What the file is, for the message: "menu file", "keymap file".
  /// - Returns: The text, or the `MK103`/`MK104` diagnostic of why it cannot be read.
  package static func readText(_ argument: String, kind: String) -> Result<
    String, SourceFile.Failure
  > {
    SourceFile.readText(at: path(of: argument), kind: kind)
  }

  /// Loads a menu file argument (`-` for standard input) as ``MenuFile/load(contentsOf:)``
  /// does.
  ///
  /// - Parameter argument: The file argument.
  /// - Returns: The file and its diagnostics.
  package static func loadMenuFile(_ argument: String) -> MenuFileLoadResult {
    switch readText(argument, kind: "menu file") {
    case .success(let text): MenuFile.parse(text, path: name(of: argument))
    case .failure(let failure): MenuFileLoadResult(file: nil, diagnostics: [failure.diagnostic])
    }
  }

  /// Loads a MenuKit keymap file argument (`-` for standard input) as
  /// ``KeymapFile/load(contentsOf:source:)`` does.
  ///
  /// - Parameters:
  ///   - argument: The file argument.
  ///   - source: The layer the keymap is.
  /// - Returns: The keymap, nil when it cannot be read, and its diagnostics.
  package static func loadKeymapFile(_ argument: String, source: KeymapSource) -> (
    keymap: Keymap?, diagnostics: [Diagnostic]
  ) {
    switch readText(argument, kind: "keymap file") {
    case .success(let text): KeymapFile.load(text: text, path: name(of: argument), source: source)
    case .failure(let failure): (nil, [failure.diagnostic])
    }
  }

  /// Whether diagnostics say a file could not be used at all: it is missing or unreadable
  /// (`MK103`), too large (`MK104`) or not JSON (`MK101`, `MK102`) — a data error, exit 65.
  ///
  /// - Parameter diagnostics: A loader's diagnostics.
  /// - Returns: Whether one of them is such an error.
  package static func isUnusable(_ diagnostics: [Diagnostic]) -> Bool {
    diagnostics.contains { diagnostic in
      diagnostic.severity == .error
        && [.unreadableFile, .fileTooLarge, .syntaxError, .nestingTooDeep].contains(diagnostic.code)
    }
  }
}
