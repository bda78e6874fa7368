import MenuKit
import MenuKitInterop
import Synchronization

/// The files a tool reads, where `-` is standard input (docs/tools/command-line.md).
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
  /// Standard input is read once: a tool that looks at a `-` file's contents to tell its
  /// format, then loads it, gets the same text both times.
  ///
  /// - Parameters:
  ///   - argument: The file argument; `-` reads standard input.
  ///   - kind: What the file is, for the message: "menu file", "keymap file".
  /// - Returns: The text, or the `MK103`/`MK104` diagnostic of why it cannot be read.
  package static func readText(_ argument: String, kind: String) -> Result<
    String, SourceFile.Failure
  > {
    guard argument == standardInputArgument else {
      return SourceFile.readText(at: argument, kind: kind)
    }
    return standardInput.withLock { cached in
      if let cached { return cached }
      let result = SourceFile.readText(at: path(of: argument), kind: kind)
      cached = result
      return result
    }
  }

  /// Standard input's text once it was read.
  private static let standardInput = Mutex<Result<String, SourceFile.Failure>?>(nil)

  /// Whether a file argument is a keymap — a MenuKit keymap, a VS Code `keybindings.json` or
  /// extension `package.json`, a Zed keymap or GTK accelerators — rather than a menu file,
  /// told by its contents (``KeymapFormat/detect(path:text:)``): the one detector of every
  /// tool. A `*.keymap.json` name decides without reading; a file that cannot be read is not
  /// a keymap here, so its menu-file loader reports why.
  ///
  /// - Parameter argument: The file argument; `-` reads standard input (once).
  /// - Returns: Whether to load it with ``loadKeymapFile(_:source:platform:)``.
  package static func isKeymapFile(_ argument: String) -> Bool {
    if argument.hasSuffix(".keymap.json") { return true }
    guard case .success(let text) = readText(argument, kind: "file") else { return false }
    switch KeymapFormat.detect(path: name(of: argument), text: text) {
    case .menuKitKeymap?, .vscode?, .zed?, .gtk?, .gtkBuilder?, .sublime?: return true
    case .menuKitMenu?, nil: return false
    }
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

  /// Loads a keymap file argument (`-` for standard input) of any format MenuKit reads — a
  /// MenuKit keymap, VS Code's `keybindings.json` or an extension's `package.json`, a Zed
  /// keymap, GTK accelerators — told by its contents, with the one loader of every tool
  /// (``KeymapFormat/loadKeymap(text:path:platform:source:)``).
  ///
  /// - Parameters:
  ///   - argument: The file argument.
  ///   - source: The layer the keymap is.
  ///   - platform: The profile that reads other editors' platform-specific keys and `Cmd`.
  /// - Returns: The keymap, nil when it cannot be used, and its diagnostics.
  package static func loadKeymapFile(
    _ argument: String, source: KeymapSource, platform: PlatformProfile = .linux
  ) -> (keymap: Keymap?, diagnostics: [Diagnostic]) {
    let path = name(of: argument)
    switch readText(argument, kind: "keymap file") {
    case .success(let text):
      let format = KeymapFormat.detect(path: path, text: text) ?? .menuKitKeymap
      if let loaded = format.loadKeymap(
        text: text, path: path, platform: platform, source: source)
      {
        return loaded
      }
      return (
        nil,
        [
          Diagnostic(
            .unknownInputFormat,
            "\(path.quotedForMessage) is a menu file, not a keymap; give it as a menu file",
            at: SourceLocation(file: path, line: 1, column: 1))
        ]
      )
    case .failure(let failure): return (nil, [failure.diagnostic])
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
