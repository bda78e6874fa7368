import Foundation
import Testing

@testable import MenuKit

/// Regressions of issue 15 (docs/hardening.md): inputs and values of sizes that crashed,
/// took quadratic time or unbounded memory, or put control characters on the terminal. The
/// sizes are the ones that failed; none of these tests measures time.
@Suite("Hostile input")
struct HostileInputTests {}

// MARK: - Deep and long values

extension HostileInputTests {
  @Test("a menu 30,000 levels deep, built in code, is released without a stack overflow")
  func deepMenuIsReleased() {
    var menu = Menu(title: "leaf")
    for level in 0..<30_000 {
      menu = Menu(
        title: "level \(level)",
        children: [.menu(menu), .command(Command(title: "c", action: "c:"))])
    }
    #expect(menu.children.count == 2)
    // A copy shares the tree; releasing one keeps the other whole.
    var copy: Menu? = menu
    menu = Menu()
    #expect(copy?.children.first?.menu?.title == "level 29998")
    copy = nil
    #expect(copy == nil)
  }

  @Test("editing a shared menu changes only the edited copy")
  func menusStayValues() {
    let original = Menu(
      title: "File", children: [.command(Command(title: "Open", action: "open:"))])
    var edited = original
    edited.children.append(.command(Command(title: "Close", action: "close:")))
    #expect(original.children.count == 1)
    #expect(edited.children.count == 2)
    #expect(original != edited)
    #expect(
      original == Menu(title: "File", children: [.command(Command(title: "Open", action: "open:"))])
    )
    #expect(Set([original, edited, original]).count == 2)
  }

  @Test("a chain of 100,000 responders linked with setNext is released without recursion")
  @MainActor
  func longResponderChainIsReleased() {
    var head: Responder? = Responder()
    var tail = head!
    for _ in 1..<100_000 {
      let next = Responder()
      tail.setNext(next)
      tail = next
    }
    weak let last = tail
    tail = Responder()
    #expect(last != nil)
    head = nil
    #expect(last == nil)
  }

  @Test("windows and applications release their first responders, delegates and key windows")
  @MainActor
  func windowLinksAreReleased() {
    weak var delegate: Responder?
    weak var window: Window?
    do {
      let application = Application()
      let appDelegate = Responder()
      application.delegate = appDelegate
      delegate = appDelegate
      let keyWindow = Window(application: application)
      application.keyWindow = keyWindow
      window = keyWindow
    }
    #expect(delegate == nil)
    #expect(window == nil)
  }
}
