import Testing

@testable import MenuKit

/// A responder that provides the items of the `selection` element, and performs `rename:`.
@MainActor
private final class ListView: Responder {
  let title: String
  var renamed = 0
  init(_ title: String) {
    self.title = title
    super.init()
    handle("rename:") { [unowned self] _ in renamed += 1 }
  }
  override var canBecomeFirstResponder: Bool { true }
  override func provider(for deferredElement: DeferredElement) -> DeferredElement.Provider? {
    guard deferredElement.identifier == "selection" else { return nil }
    let title = title
    return { completion in
      completion([
        .keyCommand(
          KeyCommand(title: title, action: "rename:", input: "r", modifierFlags: .command))
      ])
    }
  }
}

/// The titles of a validated tree's leaves, and the identifiers of unresolved elements.
@MainActor
private func titles(_ menu: Menu, for responder: Responder?) -> [String] {
  let validated = MenuValidation(firstResponder: responder).validate(menu)
  var result: [String] = []
  validated.menu.forEachElement { element, _ in
    if element.menu == nil { result.append(element.title) }
  }
  return result + validated.unresolvedDeferredElements.map { "unresolved \($0)" }
}

@Suite("Focus-based deferred elements (UIDeferredMenuElement.usingFocus)")
@MainActor
struct FocusDeferredElementTests {
  private let menu = Menu(children: [
    .menu(
      Menu(
        title: "Edit", identifier: "edit",
        children: [
          .command(Command(title: "Copy", action: "copy:")),
          .deferred(.usingFocus(identifier: "selection")),
        ]))
  ])

  @Test("the first responder on the chain with a provider fills the element, each time it is asked")
  func providedByFocus() {
    let window = Window(application: Application())
    let files = ListView("Rename File")
    let tags = ListView("Rename Tag")
    files.setNext(window)
    tags.setNext(files)  // a tag list inside the file view: it answers first
    #expect(titles(menu, for: files) == ["Copy", "Rename File"])
    #expect(titles(menu, for: tags) == ["Copy", "Rename Tag"])
    // Nothing provides it: it shows nothing, and is not left unresolved.
    #expect(titles(menu, for: window) == ["Copy"])
    #expect(titles(menu, for: nil) == ["Copy"])
  }

  @Test("with shouldCacheItems the first items provided are kept")
  func cached() {
    let cachedMenu = Menu(children: [
      .deferred(.usingFocus(identifier: "selection", shouldCacheItems: true))
    ])
    #expect(titles(cachedMenu, for: ListView("First")) == ["First"])
    #expect(titles(cachedMenu, for: ListView("Second")) == ["First"])
    #expect(
      DeferredElement.usingFocus(identifier: "selection")
        != DeferredElement(identifier: "selection", caching: .uncached) { $0([]) })
  }

  @Test("the key commands of a focus-based element fire for the responder that provides them")
  func dispatched() {
    let app = Application()
    let window = Window(application: app)
    app.keyWindow = window
    let list = ListView("Rename File")
    list.setNext(window)
    let dispatcher = KeyDispatcher(application: app, mainMenu: menu, platform: .linux)
    let key = Key(
      keyCode: .keyboardR, evdevCode: 19, characters: "\u{12}", charactersIgnoringModifiers: "r",
      modifierFlags: .control, keysym: Keysym(rawValue: 0x72),
      keysymIgnoringModifiers: Keysym(rawValue: 0x72))
    let event = PressesEvent(
      timestamp: 0, allPresses: [Press(phase: .began, timestamp: 0, key: key)])
    #expect(!dispatcher.send(event, layout: nil))  // the window has no provider
    #expect(list.becomeFirstResponder())
    #expect(dispatcher.send(event, layout: nil))
    #expect(list.renamed == 1)
  }
}
