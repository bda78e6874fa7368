import MenuKit
import MenuKitJSON

/// What the importers of other editors' keymaps share: reading the JSON, reading keys in a
/// dialect, and collecting diagnostics with positions.
struct ForeignKeymapDecoder {
  /// The menu-file decoder whose field helpers and diagnostics are shared.
  var base: MenuFileDecoder
  /// The dialect keys are written in.
  let dialect: ShortcutDialect
  /// The platform the file was written for.
  let platform: PlatformProfile

  /// Creates a decoder for a file's text.
  init(text: String, dialect: ShortcutDialect, platform: PlatformProfile) {
    self.base = MenuFileDecoder(text: text)
    // Unknown fields are only warnings in a keymap.
    self.base.unknownFieldSeverity = .warning
    self.dialect = dialect
    self.platform = platform
  }

  /// The number of errors so far; unknown fields are only warnings in a keymap.
  var errorCount: Int { base.diagnostics.errorCount }

  /// The diagnostics sorted by position, unknown fields as warnings.
  var diagnostics: [Diagnostic] { base.sortedDiagnostics }

  /// Reads `text`, the string value of `node`, as keys in the dialect; reports `MK551` (or
  /// `MK559` for keys MenuKit cannot express) at the offending character.
  mutating func keySequence(_ text: String, at node: JSONNode) -> KeySequence? {
    do {
      return try KeySequence(parsing: text, dialect: dialect, platform: platform)
    } catch {
      let location = base.location(in: node, text: text, offset: error.column - 1)
      switch error.kind {
      case .unsupportedModifier, .unsupportedKey, .physicalKey:
        base.report(
          .unsupportedForeignKeys,
          "\(dialect.displayName) keys \(text.quotedForMessage) have no MenuKit equivalent: \(error.message); "
            + "the binding is skipped",
          at: location)
      default:
        base.report(
          .badForeignKeys,
          "bad \(dialect.displayName) keys \(text.quotedForMessage): \(error.message); expected "
            + "\(error.expected); the binding is skipped",
          at: location)
      }
      return nil
    }
  }

  /// Reads a foreign keymap whose top level is an array (VS Code's bindings, Zed's sections):
  /// parses the JSON, checks that the top level is an array, and hands each element to
  /// `decode` with the keymap it fills.
  ///
  /// - Parameters:
  ///   - expected: What the top level should be, for the error when it is not, such as `an
  ///     array of keymap sections at the top level of a Zed keymap`.
  /// - Returns: The keymap (nil on a JSON syntax error or a top level that is not an array),
  ///   and every problem found, sorted by position.
  static func decodeArray(
    text: String, path: String, dialect: ShortcutDialect, platform: PlatformProfile,
    source: KeymapSource, expected: String,
    decode: (inout ForeignKeymapDecoder, JSONNode, inout Keymap) -> Void
  ) -> (keymap: Keymap?, diagnostics: [Diagnostic]) {
    let root: JSONNode
    switch SourceFile.parseJSON(text, path: path) {
    case .success(let node): root = node
    case .failure(let failure): return (nil, [failure.diagnostic])
    }
    var decoder = ForeignKeymapDecoder(text: text, dialect: dialect, platform: platform)
    guard let elements = root.value.arrayValue else {
      decoder.report(
        .wrongType, "expected \(expected), found \(root.value.typeNameWithArticle)",
        at: root.location)
      return (nil, decoder.diagnostics)
    }
    var keymap = Keymap(source: source, path: path.isEmpty ? nil : path)
    for element in elements { decode(&decoder, element, &keymap) }
    return (keymap, decoder.diagnostics)
  }

  /// Records a problem.
  mutating func report(
    _ code: DiagnosticCode, _ message: @autoclosure () -> String, at location: SourceLocation
  ) {
    base.report(code, message(), at: location)
  }
}

/// Collects what an exporter cannot write, one diagnostic per left-out binding.
struct ExportReport {
  /// The format's name for messages, such as `VS Code keybindings`.
  let format: String
  /// The problems so far.
  var diagnostics: [Diagnostic] = []

  /// Reports that `binding` is left out because a key has no name in `dialect`: a physical
  /// key (``KeyInput/physicalKey(_:)``) when the keys have one the dialect cannot write, else
  /// `reason`.
  mutating func leaveOutKeys(of binding: KeyBinding, dialect: ShortcutDialect, reason: String) {
    let physical = binding.keys.strokes.first {
      $0.input.physicalKey != nil && $0.text(in: dialect, platform: .linux) == nil
    }
    guard let physical else { return leaveOut(binding, reason) }
    leaveOut(
      binding,
      "\(dialect.displayName) has no notation for the physical key "
        + "'\(physical.input.canonicalName)' (a key position)")
  }

  /// Reports that `binding` is left out because of `reason`.
  mutating func leaveOut(_ binding: KeyBinding, _ reason: String) {
    diagnostics.append(
      Diagnostic(
        .notExportable,
        "the binding of '\(binding.keys.canonicalText)' cannot be written in \(format): "
          + "\(reason); it is left out",
        at: binding.location))
  }
}
