/// What a scripted responder does: the actions it performs and the key commands it offers, as
/// a ``ChainFile`` describes them.
package struct ResponderScript: Hashable, Sendable {
  /// The responder's identifier, as tools print it.
  package var identifier: String
  /// The actions the responder performs.
  package var performs: Set<ActionName>
  /// The responder's key commands.
  package var keyCommands: [KeyCommand]
  /// Whether the responder can become the first responder.
  package var canBecomeFirstResponder: Bool
  /// Whether the responder consumes text input.
  package var isTextInput: Bool

  /// Creates a script.
  package init(
    identifier: String, performs: Set<ActionName> = [], keyCommands: [KeyCommand] = [],
    canBecomeFirstResponder: Bool = false, isTextInput: Bool = false
  ) {
    self.identifier = identifier
    self.performs = performs
    self.keyCommands = keyCommands
    self.canBecomeFirstResponder = canBecomeFirstResponder
    self.isTextInput = isTextInput
  }

  init(_ description: ChainFile.ResponderDescription) {
    self.init(
      identifier: description.id, performs: Set(description.performs),
      keyCommands: description.keyCommands,
      canBecomeFirstResponder: description.canBecomeFirstResponder,
      isTextInput: description.isTextInput)
  }
}

/// A responder that follows a ``ResponderScript``: it performs its listed actions by recording
/// them in ``performedActions``, and offers the script's key commands.
///
/// ```swift
/// let view = ScriptedResponder(ResponderScript(identifier: "view", performs: ["copy:"]))
/// view.perform("copy:", withSender: nil)  // true
/// view.performedActions                   // ["copy:"]
/// ```
@MainActor
package final class ScriptedResponder: Responder {
  /// What the responder does.
  package let script: ResponderScript
  /// The actions performed so far, in order.
  package var performedActions: [ActionName] { log.actions }
  private let log = ActionLog()

  /// Creates a responder that follows a script.
  package init(_ script: ResponderScript) {
    self.script = script
    super.init()
    script.install(on: self, log: log)
  }

  package override var canBecomeFirstResponder: Bool { script.canBecomeFirstResponder }
  package override var isTextInput: Bool { script.isTextInput }
  package override var keyCommands: [KeyCommand] { script.keyCommands }
  /// The context the responder contributes to keymap bindings (`menu-dump trace --context`).
  package var scriptedContext: KeyContext?
  package override var keyContext: KeyContext? { scriptedContext }
}

/// A window that follows a ``ResponderScript``; its next responder is ``scriptedNext`` when
/// set, else its application.
@MainActor
package final class ScriptedWindow: Window {
  /// What the window does.
  package let script: ResponderScript
  /// The actions performed so far, in order.
  package var performedActions: [ActionName] { log.actions }
  private let log = ActionLog()
  /// The next responder, replacing the application when set.
  package var scriptedNext: Responder? {
    get { scriptedNextStorage }
    set { scriptedNextStorage = newValue }
  }
  /// The storage of ``scriptedNext``, which the teardown takes out
  /// (``Responder/releaseLinks(_:)``).
  private var scriptedNextStorage: Responder?

  /// Creates a window of an application that follows a script.
  package init(_ script: ResponderScript, application: Application?) {
    self.script = script
    super.init(application: application)
    script.install(on: self, log: log)
  }

  override func detachLinks(into links: inout [Responder]) {
    if let scriptedNextStorage { links.append(scriptedNextStorage) }
    scriptedNextStorage = nil
    super.detachLinks(into: &links)
  }

  package override var next: Responder? { scriptedNext ?? super.next }
  package override var canBecomeFirstResponder: Bool { script.canBecomeFirstResponder }
  package override var isTextInput: Bool { script.isTextInput }
  package override var keyCommands: [KeyCommand] { script.keyCommands }
  /// The context the responder contributes to keymap bindings (`menu-dump trace --context`).
  package var scriptedContext: KeyContext?
  package override var keyContext: KeyContext? { scriptedContext }
}

/// An application that follows a ``ResponderScript``; its next responder is ``scriptedNext``
/// when set, else its delegate.
@MainActor
package final class ScriptedApplication: Application {
  /// What the application does.
  package let script: ResponderScript
  /// The actions performed so far, in order.
  package var performedActions: [ActionName] { log.actions }
  private let log = ActionLog()
  /// The next responder, replacing the delegate when set.
  package var scriptedNext: Responder? {
    get { scriptedNextStorage }
    set { scriptedNextStorage = newValue }
  }
  /// The storage of ``scriptedNext``, which the teardown takes out
  /// (``Responder/releaseLinks(_:)``).
  private var scriptedNextStorage: Responder?

  /// Creates an application that follows a script.
  package init(_ script: ResponderScript) {
    self.script = script
    super.init()
    script.install(on: self, log: log)
  }

  override func detachLinks(into links: inout [Responder]) {
    if let scriptedNextStorage { links.append(scriptedNextStorage) }
    scriptedNextStorage = nil
    super.detachLinks(into: &links)
  }

  package override var next: Responder? { scriptedNext ?? super.next }
  package override var canBecomeFirstResponder: Bool { script.canBecomeFirstResponder }
  package override var isTextInput: Bool { script.isTextInput }
  package override var keyCommands: [KeyCommand] { script.keyCommands }
  /// The context the responder contributes to keymap bindings (`menu-dump trace --context`).
  package var scriptedContext: KeyContext?
  package override var keyContext: KeyContext? { scriptedContext }
}

/// A live responder chain built from a ``ChainFile``: an application, its key window and the
/// first responder, each responder known by its identifier.
///
/// Building reports what makes the chain odd but usable: a loop from the first responder
/// (`MK402`) and a first responder that cannot become one (`MK404`, the key window takes its
/// place). Without a window or an application in the file, an unnamed one is made.
///
/// ```swift
/// let chain = ScriptedChain(file: file)
/// let dispatcher = KeyDispatcher(
///   application: chain.application, mainMenu: menu, platform: .linux)
/// chain.identifier(of: result.performer)  // "appDelegate"
/// ```
@MainActor
package struct ScriptedChain {
  /// The application; presses start at its ``Application/firstResponderForEvents``.
  package let application: Application
  /// The responders of the file, by identifier.
  package let responders: [String: Responder]
  /// Warnings about the chain, with the file's positions.
  package let diagnostics: [Diagnostic]
  private let identifiers: [ObjectIdentifier: String]

  /// The responder presses and actions start at.
  package var firstResponder: Responder { application.firstResponderForEvents }

  /// The identifier of a responder of the chain; nil for other responders and for nil.
  package func identifier(of responder: Responder?) -> String? {
    responder.flatMap { identifiers[ObjectIdentifier($0)] }
  }

  /// A chain whose first responder (`firstResponder`) leads to a window (`window`) and an
  /// application (`application`) that performs `actions`: every command on them is enabled.
  package static func standard(performing actions: some Sequence<ActionName>) -> ScriptedChain {
    ScriptedChain(file: .standard(performing: actions))
  }

  /// The first window along the chain from a responder.
  private static func firstWindow(from responder: Responder) -> Window? {
    ResponderChain(startingAt: responder).responders.lazy.compactMap { $0 as? Window }.first
  }

  /// Builds the chain a file describes. The file should have loaded without errors; unknown
  /// identifiers are ignored.
  package init(file: ChainFile) {
    var diagnostics: [Diagnostic] = []
    let descriptions = Dictionary(
      file.responders.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let application: Application
    var responders: [String: Responder] = [:]
    if let description = file.responders.first(where: { $0.kind == .application }) {
      let scripted = ScriptedApplication(ResponderScript(description))
      application = scripted
      responders[description.id] = scripted
    } else {
      application = Application()
    }
    for description in file.responders where responders[description.id] == nil {
      switch description.kind {
      case .window:
        responders[description.id] = ScriptedWindow(
          ResponderScript(description), application: application)
      case .responder, .application:
        responders[description.id] = ScriptedResponder(ResponderScript(description))
      }
    }
    for (id, responder) in responders {
      guard let description = descriptions[id] else { continue }
      let next = description.next.flatMap { responders[$0] }
      switch responder {
      case let window as ScriptedWindow: window.scriptedNext = next
      case let app as ScriptedApplication:
        app.scriptedNext = next
        app.delegate = description.delegate.flatMap { responders[$0] }
      default: if description.next != nil { responder.setNext(next) }
      }
    }

    // The first responder, and the key window: the first window along its chain.
    var first = file.firstResponder.flatMap { responders[$0] }
    if let candidate = first, !(candidate is Window), !(candidate is Application),
      !candidate.canBecomeFirstResponder
    {
      let id = file.firstResponder ?? ""
      diagnostics.append(
        Diagnostic(
          .cannotBecomeFirstResponder,
          "responder '\(id)' cannot become the first responder (its 'canBecomeFirstResponder' "
            + "is false); presses go to the key window instead",
          at: file.firstResponderLocation))
      first = nil
    }
    let windows = file.responders.compactMap { responders[$0.id] as? Window }
    let keyWindow: Window?
    if first is Application {
      keyWindow = nil  // presses go to the application
    } else if let window = first.flatMap({ Self.firstWindow(from: $0) }) ?? windows.first {
      keyWindow = window
    } else {
      keyWindow = Window(application: application)
    }
    application.keyWindow = keyWindow
    if let first, let keyWindow, first !== keyWindow, !(first is Application) {
      _ = keyWindow.makeFirstResponder(first)
    }

    var identifiers: [ObjectIdentifier: String] = [:]
    for (id, responder) in responders { identifiers[ObjectIdentifier(responder)] = id }
    if let loop = ResponderChain(startingAt: application.firstResponderForEvents).loop {
      let from = identifiers[ObjectIdentifier(loop.from)] ?? "\(type(of: loop.from))"
      let back = identifiers[ObjectIdentifier(loop.backTo)] ?? "\(type(of: loop.backTo))"
      let description = descriptions[from]
      diagnostics.append(
        Diagnostic(
          .chainLoop,
          "the responder chain loops: after \(loop.length) responders, '\(from)' leads back to "
            + "'\(back)'; dispatch walks each responder once",
          at: description?.nextLocation ?? description?.delegateLocation
            ?? description?.location))
    }
    self.application = application
    self.responders = responders
    self.identifiers = identifiers
    self.diagnostics = diagnostics
  }
}

extension ResponderScript {
  /// Makes `responder` perform the script's actions, recording each in `log`.
  @MainActor
  func install(on responder: Responder, log: ActionLog) {
    for action in performs {
      responder.handle(action) { _ in log.actions.append(action) }
    }
  }
}

/// The actions a scripted responder performed, in order.
@MainActor
final class ActionLog {
  var actions: [ActionName] = []
}
