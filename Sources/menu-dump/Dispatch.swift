import MenuKit
import MenuKitInterop
import MenuKitToolSupport

/// What `menu-dump trace` and `menu-dump --discoverability` share: the main menu built from
/// menu files, and the responder chain from a chain file (or the default chain).
enum DispatchSetup {
  /// The standard main menu of `platform` with `files` applied, or nil after printing the
  /// errors. Warnings are printed too.
  static func mainMenu(
    files: [String], platform: PlatformProfile, output: inout some OutputSink
  ) -> Menu? {
    var builder = MenuBuilder(menu: StandardMenus.mainMenu(for: platform))
    var diagnostics: [Diagnostic] = []
    for path in files {
      let result = InputFile.loadMenuFile(path)
      diagnostics += result.diagnostics
      guard let file = result.file, !result.diagnostics.containsErrors else { continue }
      diagnostics += file.apply(to: &builder)
    }
    for diagnostic in diagnostics { output.error("\(diagnostic)\n") }
    return diagnostics.containsErrors ? nil : builder.menu
  }

  /// Keymap files of any format MenuKit reads (a MenuKit keymap, VS Code `keybindings.json`,
  /// a Zed keymap, GTK accelerators; ``KeymapFormat/detect(path:text:)``), as user keymaps in
  /// order, or nil after printing the errors. Bad entries are reported and skipped.
  static func keymaps(
    files: [String], platform: PlatformProfile, output: inout some OutputSink
  ) -> [Keymap]? {
    var keymaps: [Keymap] = []
    var failed = false
    for argument in files {
      let loaded = InputFile.loadKeymapFile(argument, source: .user, platform: platform)
      for diagnostic in loaded.diagnostics { output.error("\(diagnostic)\n") }
      if let keymap = loaded.keymap { keymaps.append(keymap) } else { failed = true }
    }
    return failed ? nil : keymaps
  }

  /// Every action a keymap's bindings perform.
  static func actions(in keymaps: [Keymap]) -> Set<ActionName> {
    var actions = Set<ActionName>()
    for binding in keymaps.flatMap(\.bindings) {
      if case .perform(let action, _) = binding.effect { actions.insert(action) }
    }
    return actions
  }

  /// Every action a menu's commands, key commands and alternates send.
  static func actions(in menu: Menu) -> Set<ActionName> {
    var actions = Set<ActionName>()
    menu.forEachElement { element, _ in
      guard let command = element.command else { return }
      actions.insert(command.action)
      for alternate in command.alternates { actions.insert(alternate.action) }
    }
    return actions
  }

  /// The chain a chain file describes, or the default chain (`firstResponder` → `window` →
  /// `application`, which performs every action of `menu`); nil after printing the errors.
  ///
  /// - Parameter firstResponder: Replaces the file's first responder; `--first-responder`.
  @MainActor
  static func chain(
    path: String?, firstResponder: String?, menu: Menu, alsoPerforming extra: Set<ActionName> = [],
    output: inout some OutputSink
  ) -> Result<ScriptedChain, ToolExitStatus> {
    var file: ChainFile
    var loadDiagnostics: [Diagnostic] = []
    if let path {
      let result: ChainFileLoadResult
      switch InputFile.readText(path, kind: "chain file") {
      case .success(let text): result = ChainFile.parse(text, path: InputFile.name(of: path))
      case .failure(let failure):
        result = ChainFileLoadResult(file: nil, diagnostics: [failure.diagnostic])
      }
      loadDiagnostics = result.diagnostics
      guard let loaded = result.file else {
        for diagnostic in loadDiagnostics { output.error("\(diagnostic)\n") }
        return .failure(.dataError)
      }
      file = loaded
    } else {
      file = .standard(performing: actions(in: menu).union(extra))
    }
    if let firstResponder {
      let ids = file.responders.map(\.id)
      guard ids.contains(firstResponder) else {
        output.error(
          "menu-dump: unknown responder '\(firstResponder)' for '--first-responder'; expected "
            + "one of: \(ids.joined(separator: ", "))\n")
        return .failure(.usage)
      }
      file.firstResponder = firstResponder
      file.firstResponderLocation = nil
    }
    let chain = ScriptedChain(file: file)
    for diagnostic in loadDiagnostics + chain.diagnostics { output.error("\(diagnostic)\n") }
    return .success(chain)
  }

  /// The discoverability text of the key commands available from the chain's first
  /// responder, with responder groups titled by their identifiers.
  @MainActor
  static func discoverabilityText(
    chain: ScriptedChain, menu: Menu, platform: PlatformProfile,
    keyBindings: KeyBindingResolver? = nil, contexts: [KeyContext]? = nil
  ) -> String {
    let first = chain.firstResponder
    var groups = Discoverability.keyCommands(
      from: first, mainMenu: menu, platform: platform, keyBindings: keyBindings,
      contexts: contexts)
    // The responder groups come first, one per responder with a titled, visible key command.
    var index = 0
    for responder in ResponderChain(startingAt: first).responders {
      let shown = responder.keyCommands.contains { keyCommand in
        !keyCommand.command.attributes.contains(.hidden)
          && !(keyCommand.command.discoverabilityTitle ?? keyCommand.command.title).isEmpty
      }
      guard shown, index < groups.count else { continue }
      if let id = chain.identifier(of: responder) { groups[index].title = id }
      index += 1
    }
    return Discoverability.text(for: groups)
  }
}

/// The `"dispatch"` member of a trace line: what the key dispatcher did with the press.
struct DispatchRecord: Codable, Equatable {
  /// A key command as the trace prints it.
  struct KeyCommandRecord: Codable, Equatable {
    var title: String
    var action: String
    var shortcut: String
  }

  /// A key command that matched the press's key and modifiers.
  struct CandidateRecord: Codable, Equatable {
    var title: String
    var action: String
    var shortcut: String
    /// The responder identifier the key command came from, or `"mainMenu"`.
    var source: String
    /// Why it lost, or nil for the winner.
    var lost: String?

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(title, forKey: .title)
      try container.encode(action, forKey: .action)
      try container.encode(shortcut, forKey: .shortcut)
      try container.encode(source, forKey: .source)
      try container.encode(lost, forKey: .lost)
    }
  }

  /// A keymap binding that fired (or matched but was disabled), with `--keymap`.
  struct BindingRecord: Codable, Equatable {
    var keys: String
    var command: String?
    var source: String
    var location: String?
  }

  var keyCommand: KeyCommandRecord?
  var keyBinding: BindingRecord?
  var match: String?
  var performedBy: String?
  var action: String?
  var deliveredTo: String?
  var candidates: [CandidateRecord] = []
  var yieldedToTextInput: [String] = []

  init(
    keyCommand: KeyCommandRecord? = nil, match: String? = nil, performedBy: String? = nil,
    action: String? = nil, deliveredTo: String? = nil, candidates: [CandidateRecord] = [],
    yieldedToTextInput: [String] = []
  ) {
    self.keyCommand = keyCommand
    self.match = match
    self.performedBy = performedBy
    self.action = action
    self.deliveredTo = deliveredTo
    self.candidates = candidates
    self.yieldedToTextInput = yieldedToTextInput
  }

  /// Records a dispatch result, naming responders by their identifiers in `chain`.
  @MainActor
  init(_ result: DispatchResult, chain: ScriptedChain) {
    func name(_ source: DispatchResult.Source?) -> String {
      switch source {
      case .responder(let responder)?:
        chain.identifier(of: responder) ?? "\(type(of: responder))"
      case .mainMenu?, nil: "mainMenu"
      }
    }
    keyCommand = result.match?.keyCommand.map(Self.record)
    keyBinding = result.keyBinding.map { binding in
      var command: String?
      if case .perform(let action, _) = binding.effect { command = action.rawValue }
      return BindingRecord(
        keys: binding.keys.canonicalText, command: command, source: binding.source.rawValue,
        location: binding.location?.description)
    }
    match = result.match?.kind?.rawValue
    performedBy = chain.identifier(of: result.performer)
    action = result.action?.rawValue
    deliveredTo = chain.identifier(of: result.deliveredTo)
    candidates = (result.match?.candidates ?? []).map { candidate in
      let keyCommand = Self.record(candidate.keyCommand)
      return CandidateRecord(
        title: keyCommand.title, action: keyCommand.action, shortcut: keyCommand.shortcut,
        source: name(
          candidate.index < result.candidateSources.count
            ? result.candidateSources[candidate.index] : nil),
        lost: candidate.lossReason?.rawValue)
    }
    yieldedToTextInput = result.yieldedToTextInput.map(\.command.title)
  }

  static func record(_ keyCommand: KeyCommand) -> KeyCommandRecord {
    KeyCommandRecord(
      title: keyCommand.command.title, action: keyCommand.command.action.rawValue,
      shortcut: keyCommand.shortcut.canonicalText)
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(keyCommand, forKey: .keyCommand)
    // Only with --keymap: the lines of a trace without keymaps are unchanged.
    try container.encodeIfPresent(keyBinding, forKey: .keyBinding)
    try container.encode(match, forKey: .match)
    try container.encode(performedBy, forKey: .performedBy)
    try container.encode(action, forKey: .action)
    try container.encode(deliveredTo, forKey: .deliveredTo)
    try container.encode(candidates, forKey: .candidates)
    try container.encode(yieldedToTextInput, forKey: .yieldedToTextInput)
  }
}
