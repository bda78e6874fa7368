import Synchronization
import Testing

@testable import MenuKit

/// Counts provider calls from @Sendable closures.
private final class ProviderCounter: Sendable {
  private let count = Mutex(0)
  func increment() { count.withLock { $0 += 1 } }
  var value: Int { count.withLock { $0 } }
}

/// Keeps a completion without calling it, as an asynchronous provider does.
private final class CompletionStore: Sendable {
  let completions = Mutex<[@Sendable ([MenuElement]) -> Void]>([])
}

/// Performs a fixed set of actions and validates commands through a closure.
@MainActor
private final class Validator: Responder {
  var actions: Set<ActionName>
  var onValidate: (inout Command) -> Void = { _ in }
  var validated: [ActionName] = []
  init(_ actions: Set<ActionName>) {
    self.actions = actions
    super.init()
  }
  override func canPerformAction(_ action: ActionName, withSender sender: Any?) -> Bool {
    actions.contains(action)
  }
  override func validate(_ command: inout Command) {
    validated.append(command.action)
    onValidate(&command)
  }
}

@MainActor
@Suite("Validated menus")
struct ValidatedMenuTests {
  private func root(_ children: [MenuElement], options: Menu.Options = []) -> Menu {
    Menu(
      identifier: .root,
      children: [.menu(Menu(title: "Edit", options: options, children: children))])
  }

  private func leaves(_ validated: ValidatedMenu) -> [MenuElement] {
    var result: [MenuElement] = []
    validated.menu.forEachElement { element, _ in
      if case .menu = element { return }
      result.append(element)
    }
    return result
  }

  @Test("a command no responder performs is disabled and not validated")
  func noTarget() {
    let responder = Validator(["copy:"])
    let menu = root([
      .command(Command(title: "Copy", action: "copy:")),
      .keyCommand(KeyCommand(title: "Cut", action: "cut:", input: "x", modifierFlags: .command)),
    ])
    let validated = MenuValidation(firstResponder: responder).validate(menu)
    #expect(validated.isEnabled(CommandKey(action: "copy:")))
    #expect(!validated.isEnabled(CommandKey(action: "cut:")))
    #expect(responder.validated == ["copy:"])
    #expect(validated.unresolvedDeferredElements.isEmpty)
  }

  @Test("with no first responder every command is disabled but actions are not")
  func noFirstResponder() {
    let menu = root([
      .command(Command(title: "Copy", action: "copy:")),
      .action(Action(title: "Refresh", identifier: "refresh") { _, _ in }),
      .action(Action(title: "Off", identifier: "off", attributes: .disabled) { _, _ in }),
    ])
    let elements = leaves(MenuValidation(firstResponder: nil).validate(menu))
    #expect(elements.map { $0.attributes.contains(.disabled) } == [true, false, true])
  }

  @Test("validate(_:) may change state, attributes, title, image and discoverability title")
  func mutableCommand() throws {
    let responder = Validator(["toggle:"])
    responder.onValidate = { command in
      command.state = .mixed
      command.title = "Toggled"
      command.image = "checkmark"
      command.discoverabilityTitle = "Toggle Everything"
      command.attributes.insert(.destructive)
    }
    let validated = MenuValidation(firstResponder: responder).validate(
      root([.command(Command(title: "Toggle", action: "toggle:"))]))
    let command = try #require(validated.command(for: CommandKey(action: "toggle:")))
    #expect(command.state == .mixed)
    #expect(command.title == "Toggled")
    #expect(command.image == "checkmark")
    #expect(command.discoverabilityTitle == "Toggle Everything")
    #expect(command.attributes == .destructive)
    #expect(validated.isEnabled(CommandKey(action: "toggle:")))
  }

  @Test("validate(_:) can disable a command")
  func validateDisables() {
    let responder = Validator(["save:"])
    responder.onValidate = { $0.attributes = .disabled }
    let validated = MenuValidation(firstResponder: responder).validate(
      root([.command(Command(title: "Save", action: "save:"))]))
    #expect(!validated.isEnabled(CommandKey(action: "save:")))
  }

  @Test("a command disabled by its definition stays disabled")
  func disabledByDefinition() {
    let responder = Validator(["save:"])
    responder.onValidate = { command in
      command.attributes = []
      command.state = .on
    }
    let validated = MenuValidation(firstResponder: responder).validate(
      root([.command(Command(title: "Save", action: "save:", attributes: .disabled))]))
    #expect(!validated.isEnabled(CommandKey(action: "save:")))
    #expect(validated.state(of: CommandKey(action: "save:")) == .on)
  }

  @Test("hidden elements are kept and validated")
  func hiddenKept() throws {
    let responder = Validator(["secret:"])
    responder.onValidate = { $0.state = .on }
    let validated = MenuValidation(firstResponder: responder).validate(
      root([.command(Command(title: "Secret", action: "secret:", attributes: .hidden))]))
    let command = try #require(validated.command(for: CommandKey(action: "secret:")))
    #expect(command.attributes == .hidden)
    #expect(command.state == .on)
  }

  @Test("alternates are left as they are")
  func alternates() throws {
    let alternate = CommandAlternate(
      title: "Close All", action: "closeAll:", modifierFlags: .alternate)
    let validated = MenuValidation(firstResponder: Validator(["close:"])).validate(
      root([.command(Command(title: "Close", action: "close:", alternates: [alternate]))]))
    #expect(
      try #require(validated.command(for: CommandKey(action: "close:"))).alternates == [alternate])
  }

  @Test("a cached deferred element calls its provider once over two validations")
  func deferredCached() {
    let counter = ProviderCounter()
    let deferred = DeferredElement(identifier: "recent", caching: .cached) { completion in
      counter.increment()
      completion([.command(Command(title: "Recent \(counter.value)", action: "openRecent:"))])
    }
    let menu = root([.deferred(deferred)])
    let validation = MenuValidation(firstResponder: Validator(["openRecent:"]))
    let first = validation.validate(menu)
    let second = validation.validate(menu)
    #expect(counter.value == 1)
    #expect(leaves(first).map(\.title) == ["Recent 1"])
    #expect(leaves(second).map(\.title) == ["Recent 1"])
    #expect(first.isEnabled(CommandKey(action: "openRecent:")))
  }

  @Test("an uncached deferred element calls its provider at each validation")
  func deferredUncached() {
    let counter = ProviderCounter()
    let deferred = DeferredElement(identifier: "clock", caching: .uncached) { completion in
      counter.increment()
      completion([.command(Command(title: "Tick \(counter.value)", action: "tick:"))])
    }
    let menu = root([.deferred(deferred)])
    let validation = MenuValidation(firstResponder: nil)
    #expect(leaves(validation.validate(menu)).map(\.title) == ["Tick 1"])
    #expect(leaves(validation.validate(menu)).map(\.title) == ["Tick 2"])
    #expect(counter.value == 2)
    #expect(!validation.validate(menu).isEnabled(CommandKey(action: "tick:")))
  }

  @Test("a provider that does not complete synchronously is left in place and reported")
  func deferredAsynchronous() {
    let store = CompletionStore()
    let deferred = DeferredElement(identifier: "remote", caching: .uncached) { completion in
      store.completions.withLock { $0.append(completion) }
    }
    let validated = MenuValidation(firstResponder: nil).validate(root([.deferred(deferred)]))
    #expect(validated.unresolvedDeferredElements == ["remote"])
    #expect(leaves(validated) == [.deferred(deferred)])
    // A late completion does not affect the snapshot.
    for completion in store.completions.withLock({ $0 }) { completion([]) }
    #expect(leaves(validated) == [.deferred(deferred)])
  }

  @Test("a single-selection menu keeps only the first element turned on")
  func singleSelection() {
    let responder = Validator(["pick:"])
    responder.onValidate = { $0.state = .on }
    let menu = root(
      [
        .command(Command(title: "A", action: "pick:", propertyList: "a")),
        .command(Command(title: "B", action: "pick:", propertyList: "b")),
        .keyCommand(KeyCommand(title: "C", action: "pick:", input: "c", propertyList: "c")),
      ], options: .singleSelection)
    let validated = MenuValidation(firstResponder: responder).validate(menu)
    #expect(leaves(validated).map(\.state) == [.on, .off, .off])

    let plain = MenuValidation(firstResponder: responder).validate(
      Menu(children: [
        .command(Command(title: "A", action: "pick:", propertyList: "a")),
        .command(Command(title: "B", action: "pick:", propertyList: "b")),
      ]))
    #expect(leaves(plain).map(\.state) == [.on, .on])
  }

  @Test("single selection spans the menu's inline sections and submenus, in tree order")
  func singleSelectionAcrossSections() {
    let responder = Validator(["pick:"])
    responder.onValidate = { $0.state = .on }
    func pick(_ name: String) -> MenuElement {
      .command(Command(title: name, action: "pick:", propertyList: .string(name)))
    }
    let sections = root(
      [
        .menu(Menu(options: .displayInline, children: [pick("A"), pick("B")])),
        .menu(Menu(options: .displayInline, children: [pick("C")])),
        .menu(Menu(title: "More", children: [pick("D")])),
      ], options: .singleSelection)
    let validated = MenuValidation(firstResponder: responder).validate(sections)
    #expect(leaves(validated).map(\.state) == [.on, .off, .off, .off])

    // A single-selection section inside a plain menu is its own group.
    let nested = root([
      .menu(Menu(options: [.displayInline, .singleSelection], children: [pick("A"), pick("B")])),
      .menu(Menu(options: [.displayInline, .singleSelection], children: [pick("C")])),
    ])
    let separate = MenuValidation(firstResponder: responder).validate(nested)
    #expect(leaves(separate).map(\.state) == [.on, .off, .on])
  }

  @Test("menus deeper than the maximum depth are left unvalidated without crashing")
  func tooDeep() {
    var menu = Menu(title: "Deepest", children: [.command(Command(title: "Deep", action: "deep:"))])
    for level in 0..<(MenuValidator.maximumDepth + 5) {
      menu = Menu(title: "Level \(level)", children: [.menu(menu)])
    }
    let validated = MenuValidation(firstResponder: nil).validate(menu)
    #expect(validated.command(for: CommandKey(action: "deep:"))?.attributes == [])
    let shallow = MenuValidation(firstResponder: nil).validate(
      Menu(children: [
        .menu(Menu(title: "One", children: [.command(Command(title: "Deep", action: "deep:"))]))
      ]))
    #expect(!shallow.isEnabled(CommandKey(action: "deep:")))
  }

  @Test("a looping responder chain still validates")
  func loopingChain() {
    let a = Responder()
    let b = Responder()
    a.setNext(b)
    b.setNext(a)
    let validated = MenuValidation(firstResponder: a).validate(
      root([.command(Command(title: "Copy", action: "copy:"))]))
    #expect(!validated.isEnabled(CommandKey(action: "copy:")))
  }

  @Test("MenuSystem validates when asked: a changed answer shows at once, with no call")
  func systemValidatesWhenShown() {
    let responder = Validator(["copy:"])
    let system = MenuSystem(
      kind: .main, baseMenu: root([.command(Command(title: "Copy", action: "copy:"))]))
    #expect(system.validatedMenu(for: responder).isEnabled(CommandKey(action: "copy:")))
    responder.actions = []
    #expect(!system.validatedMenu(for: responder).isEnabled(CommandKey(action: "copy:")))
    #expect(responder.validated.count == 1, "validate(_:) runs only for enabled commands")
    responder.actions = ["copy:"]
    #expect(system.validatedMenu(for: responder).isEnabled(CommandKey(action: "copy:")))
    #expect(responder.validated.count == 2)
  }

  @Test("MenuSystem follows a changed next responder at once")
  func systemFollowsChangedChain() {
    let first = Responder()
    let copier = Validator(["copy:"])
    let system = MenuSystem(
      kind: .main, baseMenu: root([.command(Command(title: "Copy", action: "copy:"))]))
    #expect(!system.validatedMenu(for: first).isEnabled(CommandKey(action: "copy:")))
    first.setNext(copier)
    #expect(system.validatedMenu(for: first).isEnabled(CommandKey(action: "copy:")))
  }

  @Test("MenuSystem validates for each first responder")
  func systemPerResponder() {
    let enabled = Validator(["copy:"])
    let disabled = Validator([])
    let system = MenuSystem(
      kind: .main, baseMenu: root([.command(Command(title: "Copy", action: "copy:"))]))
    #expect(system.validatedMenu(for: enabled).isEnabled(CommandKey(action: "copy:")))
    #expect(!system.validatedMenu(for: disabled).isEnabled(CommandKey(action: "copy:")))
    #expect(!system.validatedMenu(for: nil).isEnabled(CommandKey(action: "copy:")))
    #expect(system.validatedMenu(for: enabled).isEnabled(CommandKey(action: "copy:")))
    #expect(enabled.validated.count == 2, "asked again each time the menu is shown")
  }
}
