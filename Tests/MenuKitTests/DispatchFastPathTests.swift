import Foundation
import MenuKitTestSupport
import Testing

@testable import MenuKit

// MARK: - Support

/// The lines responders write as presses reach them, in order.
@MainActor
private final class DeliveryLog {
  var entries: [String] = []
}

/// A responder that writes `name:phase:characters` to a log when a press reaches it, then
/// (unless told not to) calls `super`, which forwards the press up the chain.
private class Hop: Responder {
  let name: String
  let log: DeliveryLog
  /// Whether the overrides call `super` (forward the press).
  var callsSuper = true
  /// Whether the overrides write `name:after:characters` once `super` returned.
  var worksAfterSuper = false
  /// Runs when a press begins here, before `super` is called.
  var beforeSuper: (@MainActor () -> Void)?

  init(_ name: String, log: DeliveryLog) {
    self.name = name
    self.log = log
    super.init()
  }

  override var canBecomeFirstResponder: Bool { true }

  private func record(_ phase: String, _ presses: [Press]) {
    log.entries.append("\(name):\(phase):\(presses.first?.key?.characters ?? "")")
  }

  private func recordAfter(_ presses: [Press]) {
    if worksAfterSuper { record("after", presses) }
  }

  override func pressesBegan(_ presses: [Press], with event: PressesEvent) {
    record("began", presses)
    beforeSuper?()
    if callsSuper { super.pressesBegan(presses, with: event) }
    recordAfter(presses)
  }

  override func pressesChanged(_ presses: [Press], with event: PressesEvent) {
    record("changed", presses)
    if callsSuper { super.pressesChanged(presses, with: event) }
    recordAfter(presses)
  }

  override func pressesEnded(_ presses: [Press], with event: PressesEvent) {
    record("ended", presses)
    if callsSuper { super.pressesEnded(presses, with: event) }
    recordAfter(presses)
  }

  override func pressesCancelled(_ presses: [Press], with event: PressesEvent) {
    record("cancelled", presses)
    if callsSuper { super.pressesCancelled(presses, with: event) }
    recordAfter(presses)
  }
}

/// A hop whose next responder is an overridden `next`, as a view with a superview has.
private final class LinkedHop: Hop {
  var link: Responder?
  override var next: Responder? { link }
}

/// An application whose key window's first responder is the first of a row of hops:
/// hop 0 → hop 1 → … → window → application.
@MainActor
private struct HopChain {
  let app = Application()
  let window: Window
  let log: DeliveryLog
  let hops: [Hop]

  init(count: Int, log: DeliveryLog = DeliveryLog(), names: String = "h") {
    self.log = log
    window = Window(application: app)
    app.keyWindow = window
    hops = (0..<count).map { Hop("\(names)\($0)", log: log) }
    for (hop, next) in zip(hops, hops.dropFirst()) { hop.setNext(next) }
    hops.last?.setNext(window)
    hops.first?.becomeFirstResponder()
  }

  func dispatcher(_ mainMenu: Menu = Menu()) -> KeyDispatcher {
    KeyDispatcher(application: app, mainMenu: mainMenu, platform: .linux)
  }

  /// The log lines of a press reaching the given hops, in order.
  func expected(_ phase: String, _ characters: String, _ reached: [Hop]? = nil) -> [String] {
    (reached ?? hops).map { "\($0.name):\(phase):\(characters)" }
  }
}

/// A press of a key with a keysym (an ASCII character unless told otherwise).
private func press(
  _ characters: String, phase: Press.Phase = .began, flags: KeyModifierFlags = [],
  keysym: UInt32? = nil, code: Int = 45
) -> Press {
  let value = keysym ?? characters.unicodeScalars.first.map(\.value) ?? 0
  let key = Key(
    keyCode: nil, evdevCode: code, characters: characters,
    charactersIgnoringModifiers: characters, modifierFlags: flags,
    keysym: Keysym(rawValue: value), keysymIgnoringModifiers: Keysym(rawValue: value))
  return Press(phase: phase, timestamp: 0, key: key, isRepeat: phase == .changed)
}

private func event(_ press: Press) -> PressesEvent {
  PressesEvent(timestamp: 0, allPresses: [press])
}

private func menu(_ keyCommands: KeyCommand...) -> Menu {
  Menu(children: [.menu(Menu(title: "File", children: keyCommands.map(MenuElement.keyCommand)))])
}

/// A second application whose key window's first responder is a hop named `name` that leads
/// into `shared` (a responder of another chain), with a dispatcher for that application.
@MainActor
private func innerScene(
  _ name: String, leadingTo shared: Responder, log: DeliveryLog
) -> (first: Hop, dispatcher: KeyDispatcher) {
  let app = Application()
  let window = Window(application: app)
  app.keyWindow = window
  let first = Hop(name, log: log)
  first.setNext(window)
  #expect(first.becomeFirstResponder())
  first.setNext(shared)
  return (first, KeyDispatcher(application: app, mainMenu: Menu(), platform: .linux))
}

/// The phases a press is delivered in, with the name the hops log them by.
private let deliveredPhases: [(Press.Phase, String)] = [
  (.began, "began"), (.changed, "changed"), (.ended, "ended"), (.cancelled, "cancelled"),
]

// MARK: - Delivery

@Suite("Dispatch fast paths")
@MainActor
struct DispatchFastPathTests {
  @Test("a press nobody handles reaches each of twelve responders once, in order, through send")
  func twelveResponders() {
    let chain = HopChain(count: 12)
    let dispatcher = chain.dispatcher()
    for round in 0..<2 {
      for (phase, name) in deliveredPhases {
        chain.log.entries = []
        #expect(!dispatcher.send(event(press("x", phase: phase)), layout: nil))
        #expect(chain.log.entries == chain.expected(name, "x"), "round \(round), \(name)")
      }
    }
  }

  @Test("dispatch delivers along the twelve responders as send does and reports the first")
  func twelveRespondersDispatch() {
    let chain = HopChain(count: 12)
    let dispatcher = chain.dispatcher()
    for (phase, name) in deliveredPhases {
      chain.log.entries = []
      let results = dispatcher.dispatch(event(press("x", phase: phase)), layout: nil)
      #expect(results.count == 1)
      #expect(results.first?.deliveredTo === chain.hops[0])
      #expect(results.first?.action == nil)
      #expect(chain.log.entries == chain.expected(name, "x"), "\(name)")
    }
  }

  @Test("a responder whose override does not call super stops the press")
  func overrideStops() {
    let chain = HopChain(count: 12)
    chain.hops[5].callsSuper = false
    let dispatcher = chain.dispatcher()
    for (phase, name) in deliveredPhases {
      chain.log.entries = []
      dispatcher.send(event(press("x", phase: phase)), layout: nil)
      #expect(chain.log.entries == chain.expected(name, "x", Array(chain.hops[...5])))
    }
    chain.log.entries = []
    _ = dispatcher.dispatch(event(press("y")), layout: nil)
    #expect(chain.log.entries == chain.expected("began", "y", Array(chain.hops[...5])))
  }

  @Test("work after super happens once the responders above received the press")
  func workAfterSuper() {
    let chain = HopChain(count: 12)
    chain.hops[3].worksAfterSuper = true
    chain.hops[8].worksAfterSuper = true
    let dispatcher = chain.dispatcher()
    for (phase, name) in deliveredPhases {
      chain.log.entries = []
      dispatcher.send(event(press("x", phase: phase)), layout: nil)
      #expect(chain.log.entries == chain.expected(name, "x") + ["h8:after:x", "h3:after:x"])
    }
  }

  @Test("a press follows a changed chain at once, without setNeedsUpdateKeyCommands")
  func changedChain() {
    let chain = HopChain(count: 4)
    let dispatcher = chain.dispatcher()
    dispatcher.send(event(press("x")), layout: nil)
    #expect(chain.log.entries == chain.expected("began", "x"))

    // h0 → h1 → extra → window: h2 and h3 leave the chain.
    let extra = Hop("extra", log: chain.log)
    extra.setNext(chain.window)
    chain.hops[1].setNext(extra)
    chain.log.entries = []
    dispatcher.send(event(press("y")), layout: nil)
    #expect(chain.log.entries == ["h0:began:y", "h1:began:y", "extra:began:y"])

    // Back to the whole chain, through dispatch.
    chain.hops[1].setNext(chain.hops[2])
    chain.log.entries = []
    _ = dispatcher.dispatch(event(press("z")), layout: nil)
    #expect(chain.log.entries == chain.expected("began", "z"))
  }

  @Test("a responder that overrides next is followed, and its new next at the next press")
  func overriddenNext() {
    let log = DeliveryLog()
    let chain = HopChain(count: 3, log: log)
    let linked = LinkedHop("linked", log: log)
    let above = Hop("above", log: log)
    let other = Hop("other", log: log)
    above.setNext(chain.window)
    other.setNext(chain.window)
    linked.link = above
    chain.hops[2].setNext(linked)
    let dispatcher = chain.dispatcher()
    dispatcher.send(event(press("x")), layout: nil)
    #expect(log.entries == chain.expected("began", "x") + ["linked:began:x", "above:began:x"])

    // The override answers differently; nothing tells the dispatcher.
    linked.link = other
    log.entries = []
    dispatcher.send(event(press("y")), layout: nil)
    #expect(log.entries == chain.expected("began", "y") + ["linked:began:y", "other:began:y"])
  }

  @Test("pressesBegan called outside a dispatch forwards through next, before and after one")
  func directCallsReadNext() {
    let chain = HopChain(count: 4)
    let direct = press("d")
    chain.hops[0].pressesBegan([direct], with: event(direct))
    #expect(chain.log.entries == chain.expected("began", "d"))

    let dispatcher = chain.dispatcher()
    dispatcher.send(event(press("x")), layout: nil)
    // The chain changes after a dispatch: a direct call reads the responders' next.
    let extra = Hop("extra", log: chain.log)
    extra.setNext(chain.window)
    chain.hops[1].setNext(extra)
    for (phase, name) in deliveredPhases {
      chain.log.entries = []
      let direct = press("d", phase: phase)
      let presses = [direct]
      let hop = chain.hops[0]
      switch phase {
      case .began: hop.pressesBegan(presses, with: event(direct))
      case .changed: hop.pressesChanged(presses, with: event(direct))
      case .ended: hop.pressesEnded(presses, with: event(direct))
      default: hop.pressesCancelled(presses, with: event(direct))
      }
      #expect(chain.log.entries == ["h0:\(name):d", "h1:\(name):d", "extra:\(name):d"])
    }
  }

  @Test("a responder's direct call during a delivery reaches a responder of another chain")
  func directCallDuringDelivery() {
    let chain = HopChain(count: 3)
    let side = HopChain(count: 2, log: chain.log, names: "side")
    chain.hops[1].beforeSuper = {
      let direct = press("d")
      side.hops[0].pressesBegan([direct], with: event(direct))
    }
    chain.dispatcher().send(event(press("x")), layout: nil)
    #expect(
      chain.log.entries == [
        "h0:began:x", "h1:began:x", "side0:began:d", "side1:began:d", "h2:began:x",
      ]
    )
  }

  @Test("a dispatch nested in a delivery, over a chain sharing responders, delivers both once")
  func nestedDispatch() {
    let log = DeliveryLog()
    // Outer: a0 → x → s1 → s2 → window. Inner: b0 → s1 → s2 → window.
    let outer = HopChain(count: 0, log: log)
    let a0 = Hop("a0", log: log)
    let x = Hop("x", log: log)
    let s1 = Hop("s1", log: log)
    let s2 = Hop("s2", log: log)
    a0.setNext(x)
    x.setNext(s1)
    s1.setNext(s2)
    s2.setNext(outer.window)
    #expect(a0.becomeFirstResponder())
    let (_, innerDispatcher) = innerScene("b0", leadingTo: s1, log: log)

    let outerDispatcher = outer.dispatcher()
    x.beforeSuper = { innerDispatcher.send(event(press("i")), layout: nil) }
    let expected = [
      "a0:began:o", "x:began:o", "b0:began:i", "s1:began:i", "s2:began:i", "s1:began:o",
      "s2:began:o",
    ]
    // The inner dispatcher reads its chain during the outer delivery, then both are cached.
    for round in 0..<3 {
      log.entries = []
      outerDispatcher.send(event(press("o")), layout: nil)
      #expect(log.entries == expected, "round \(round)")
    }
    // The outer chain compiled again after the inner one; then traced with dispatch.
    outerDispatcher.setNeedsUpdateKeyCommands()
    log.entries = []
    let results = outerDispatcher.dispatch(event(press("o")), layout: nil)
    #expect(results.first?.deliveredTo === a0)
    #expect(log.entries == expected)

    // The inner chain alone still delivers.
    x.beforeSuper = nil
    log.entries = []
    innerDispatcher.send(event(press("i")), layout: nil)
    #expect(log.entries == ["b0:began:i", "s1:began:i", "s2:began:i"])
  }

  @Test("a dispatch nested in a shared responder reaches it again and the outer press goes on")
  func nestedDispatchFromSharedResponder() {
    let log = DeliveryLog()
    let outer = HopChain(count: 0, log: log)
    let a0 = Hop("a0", log: log)
    let s1 = Hop("s1", log: log)
    let s2 = Hop("s2", log: log)
    a0.setNext(s1)
    s1.setNext(s2)
    s2.setNext(outer.window)
    #expect(a0.becomeFirstResponder())
    let (_, innerDispatcher) = innerScene("b0", leadingTo: s1, log: log)
    let outerDispatcher = outer.dispatcher()
    // The inner chain is read first this time.
    innerDispatcher.send(event(press("i")), layout: nil)
    var inside = false
    s1.beforeSuper = {
      guard !inside else { return }
      inside = true
      defer { inside = false }
      innerDispatcher.send(event(press("i")), layout: nil)
    }
    for round in 0..<2 {
      log.entries = []
      outerDispatcher.send(event(press("o")), layout: nil)
      #expect(
        log.entries == [
          "a0:began:o", "s1:began:o", "b0:began:i", "s1:began:i", "s2:began:i", "s2:began:o",
        ], "round \(round)")
    }
  }

  @Test("a looping chain delivers a press to each responder once and returns")
  func loopingChain() {
    let log = DeliveryLog()
    let chain = HopChain(count: 3, log: log)
    chain.hops[2].setNext(chain.hops[0])  // h0 → h1 → h2 → h0
    let dispatcher = chain.dispatcher()
    for (phase, name) in deliveredPhases {
      log.entries = []
      dispatcher.send(event(press("x", phase: phase)), layout: nil)
      #expect(log.entries == chain.expected(name, "x"))
    }
    log.entries = []
    let result = dispatcher.dispatch(event(press("y")), layout: nil).first
    #expect(result?.loop?.length == 3)
    #expect(result?.deliveredTo === chain.hops[0])
    #expect(log.entries == chain.expected("began", "y"))
  }

  @Test("a press that fires a key command through send is not delivered")
  func firedIsNotDelivered() {
    let chain = HopChain(count: 3)
    var performed = 0
    chain.hops[2].handle("openDocument:") { _ in performed += 1 }
    let open = KeyCommand(
      title: "Open", action: "openDocument:", input: "o", modifierFlags: .command)
    let dispatcher = chain.dispatcher(menu(open))
    #expect(dispatcher.send(event(press("o", flags: .control, code: 24)), layout: nil))
    #expect(performed == 1)
    #expect(chain.log.entries.isEmpty)
    #expect(!dispatcher.send(event(press("o", phase: .ended, code: 24)), layout: nil))
    #expect(chain.log.entries.isEmpty)
    #expect(!dispatcher.send(event(press("o", code: 24)), layout: nil))
    #expect(chain.log.entries == chain.expected("began", "o"))
  }

  @Test("setNext changes the chain a dispatcher delivers along, without an explicit update")
  func setNextInvalidatesKeptChains() {
    let chain = HopChain(count: 4)
    let dispatcher = chain.dispatcher()
    dispatcher.send(event(press("x")), layout: nil)
    #expect(chain.log.entries == chain.expected("began", "x"))

    // h0 → h1 → extra → window; no setNeedsUpdateKeyCommands().
    let extra = Hop("extra", log: chain.log)
    extra.setNext(chain.window)
    chain.hops[1].setNext(extra)
    chain.log.entries = []
    dispatcher.send(event(press("y")), layout: nil)
    #expect(chain.log.entries == ["h0:began:y", "h1:began:y", "extra:began:y"])
  }

  @Test("setNext makes a dispatcher read the new chain's key commands too")
  func setNextRefreshesKeyCommands() {
    let chain = HopChain(count: 2)
    let dispatcher = chain.dispatcher()
    var performed: [String] = []
    let extra = KeyCommandHop("extra", log: chain.log)
    extra.commands = [
      KeyCommand(title: "Extra", action: "extra:", input: "e", modifierFlags: .command)
    ]
    extra.handle("extra:") { _ in performed.append("extra") }
    #expect(!dispatcher.send(event(press("e", flags: .control, code: 18)), layout: nil))
    extra.setNext(chain.window)
    chain.hops[1].setNext(extra)
    #expect(dispatcher.send(event(press("e", flags: .control, code: 18)), layout: nil))
    #expect(performed == ["extra"])
  }

  @Test("dispatch called from a responder inside send lists every candidate")
  func dispatchInsideSendRecordsCandidates() {
    let chain = HopChain(count: 2)
    var performed = 0
    chain.hops[1].handle("openDocument:") { _ in performed += 1 }
    let open = KeyCommand(
      title: "Open", action: "openDocument:", input: "o", modifierFlags: .command)
    let dispatcher = chain.dispatcher(menu(open))
    var inner: [DispatchResult] = []
    chain.hops[0].beforeSuper = {
      // Only for the plain press that send delivers: dispatch Ctrl+O from inside it.
      if inner.isEmpty {
        inner = dispatcher.dispatch(event(press("o", flags: .control, code: 24)), layout: nil)
      }
    }
    dispatcher.send(event(press("x")), layout: nil)
    #expect(inner.count == 1)
    #expect(inner.first?.action == "openDocument:")
    #expect(inner.first?.match?.candidates.count == 1)
    #expect(performed == 1)
    // And send still does without them afterwards: the flag is restored, not forced.
    #expect(dispatcher.send(event(press("o", flags: .control, code: 24)), layout: nil))
    #expect(performed == 2)
  }

  @Test("key commands on canonically equivalent inputs fire on the composed press")
  func canonicallyEquivalentInputs() {
    let chain = HopChain(count: 1)
    var performed: [ActionName] = []
    chain.hops[0].handle("accent:") { _ in performed.append("accent:") }
    chain.hops[0].handle("greekQuestion:") { _ in performed.append("greekQuestion:") }
    let accent = KeyCommand(
      title: "Accent", action: "accent:", input: KeyInput("e\u{301}"), modifierFlags: .command)
    let greek = KeyCommand(
      title: "Greek question mark", action: "greekQuestion:", input: KeyInput("\u{37E}"),
      modifierFlags: .command)
    let dispatcher = chain.dispatcher(menu(accent, greek))
    // é (keysym 0xe9) and ; (keysym 0x3b) with Ctrl.
    #expect(dispatcher.send(event(press("é", flags: .control, keysym: 0xe9)), layout: nil))
    #expect(dispatcher.send(event(press(";", flags: .control, keysym: 0x3b)), layout: nil))
    #expect(performed == ["accent:", "greekQuestion:"])
    let traced = dispatcher.dispatch(event(press("é", flags: .control, keysym: 0xe9)), layout: nil)
    #expect(traced.first?.action == "accent:")
  }
}

/// A hop with key commands of its own.
private final class KeyCommandHop: Hop {
  var commands: [KeyCommand] = []
  override var keyCommands: [KeyCommand] { commands }
}

// MARK: - Key codes, index codes, chords and layout identities

@Suite("Dispatch fast paths: key codes and chord indexes")
@MainActor
struct DispatchFastPathIndexTests {
  private static let codes = [0, 63, 64, 767, 768, 100_000, -1]

  @Test("KeyCodeSet inserts, finds and removes each code, and says whether it was there")
  func keyCodeSet() {
    for code in Self.codes {
      let set = KeyCodeSet()
      #expect(!set.contains(code))
      do {
        let removed = set.remove(code)
        #expect(!removed, "\(code)")
      }
      set.insert(code)
      #expect(set.contains(code), "\(code)")
      set.insert(code)
      do {
        let removed = set.remove(code)
        #expect(removed, "\(code)")
      }
      #expect(!set.contains(code), "\(code)")
      do {
        let removed = set.remove(code)
        #expect(!removed, "\(code) removed twice")
      }
    }
  }

  @Test("KeyCodeSet keeps codes apart: neighbours and other codes are not touched")
  func keyCodeSetNeighbours() {
    let set = KeyCodeSet()
    for code in Self.codes { set.insert(code) }
    for code in Self.codes { #expect(set.contains(code), "\(code)") }
    for code in [1, 62, 65, 127, 128, 766, 769, 99_999, -2, 832] {
      #expect(!set.contains(code), "\(code)")
    }
    do {
      let removed = set.remove(64)
      #expect(removed)
    }
    #expect(set.contains(63))
    #expect(!set.contains(64))
    do {
      let removed = set.remove(-1)
      #expect(removed)
    }
    #expect(set.contains(768))
    #expect(set.contains(100_000))
    for code in Self.codes where code != 64 && code != -1 {
      let removed = set.remove(code)
      #expect(removed, "\(code)")
    }
    for code in Self.codes { #expect(!set.contains(code), "\(code)") }
  }

  @Test("KeyCodeSet answers as a Set of the same codes through 20,000 seeded changes")
  func keyCodeSetMatchesASet() {
    // Every code Linux defines and some beyond, inserted and removed in a seeded order: each
    // answer and each removal's result must be the Set's (the bits are kept inline, one
    // word per 64 codes; a wrong word or bit shows up here).
    var generator = SplitMix64(seed: 0x6b65_7973)
    let set = KeyCodeSet()
    var model = Set<Int>()
    for step in 0..<20_000 {
      let code = generator.next(840) - 20
      switch generator.next(3) {
      case 0:
        set.insert(code)
        model.insert(code)
      case 1:
        let removed = set.remove(code)
        #expect(removed == (model.remove(code) != nil), "step \(step), code \(code)")
      default:
        #expect(set.contains(code) == model.contains(code), "step \(step), code \(code)")
      }
    }
    for code in -20..<820 {
      #expect(set.contains(code) == model.contains(code), "code \(code)")
    }
  }

  @Test("lowercasedIndexCode agrees with KeyInput(keysym:) for every keysym up to 0xffff")
  func lowercasedIndexCodeAgrees() {
    var mismatches: [String] = []
    for value in UInt32(0)...0xffff {
      let fast = KeyInput.lowercasedIndexCode(forKeysym: value)
      let input = KeyInput(keysym: Keysym(rawValue: value))
      // Fast for ASCII characters and the special keys of page 0xff; nil (build the input)
      // for everything else.
      let shouldBeFast =
        (0x20...0x7e).contains(value)
        || ((0xff00...0xffff).contains(value) && input?.specialKey != nil)
      if let fast {
        if fast != input?.lowercased.indexCode {
          mismatches.append("\(value): fast \(fast), input \(String(describing: input))")
        }
        if KeyInput.isCasedIndexCode(fast) != (input?.isCasedCharacter == true) {
          mismatches.append("\(value): isCasedIndexCode disagrees")
        }
      }
      if (fast != nil) != shouldBeFast {
        mismatches.append("\(value): fast is \(fast == nil ? "nil" : "set")")
      }
      if mismatches.count > 20 { break }
    }
    #expect(mismatches == [])
  }

  @Test("lowercasedIndexCode spot checks: letters, space, arrows, modifiers, Latin-1")
  func lowercasedIndexCodeSpotChecks() {
    #expect(KeyInput.lowercasedIndexCode(forKeysym: 0x41) == KeyInput("a").indexCode)
    #expect(KeyInput.lowercasedIndexCode(forKeysym: 0x61) == KeyInput("a").indexCode)
    #expect(KeyInput.lowercasedIndexCode(forKeysym: 0x20) == KeyInput.space.indexCode)
    #expect(KeyInput.lowercasedIndexCode(forKeysym: 0x5b) == KeyInput("[").indexCode)
    #expect(KeyInput.lowercasedIndexCode(forKeysym: 0xff52) == KeyInput.upArrow.indexCode)
    #expect(KeyInput.lowercasedIndexCode(forKeysym: 0xff0d) == KeyInput.return.indexCode)
    #expect(KeyInput.lowercasedIndexCode(forKeysym: 0xffbe) == KeyInput.function(1).indexCode)
    #expect(KeyInput.lowercasedIndexCode(forKeysym: 0xffe1) == nil)  // Shift_L
    #expect(KeyInput.lowercasedIndexCode(forKeysym: 0xe9) == nil)  // é: not ASCII
    #expect(KeyInput.lowercasedIndexCode(forKeysym: 0) == nil)  // NoSymbol
    #expect(KeyInput.lowercasedIndexCode(forKeysym: 0x7f) == nil)
    #expect(KeyInput.isCasedIndexCode(0x61))
    #expect(!KeyInput.isCasedIndexCode(0x5b))
    #expect(!KeyInput.isCasedIndexCode(KeyInput.upArrow.indexCode ?? 0x61))
  }

  @Test("indexCode is equal exactly when the inputs are, and nil for several scalars")
  func indexCodeEquality() {
    let samples: [KeyInput] = [
      "a", "b", "z", "A", "[", "{", "0", "ü", "ф", "ĳ", "e\u{301}", "é", ";", "\u{37E}", "ab",
      "u\u{308}\u{301}", "ǘ", " ", .space, .tab,
      .return, .enter, .escape, .upArrow, .downArrow, .function(1), .function(24), .keypad(0),
      .keypad(9), .deleteForward, KeyInput.modifierKey(.shift), KeyInput.modifierKey(.control),
      KeyInput.modifierKey(.alternate), KeyInput.modifierKey(.command),
    ].compactMap { $0 }
    // Canonically equivalent inputs are equal, and share the composed form's code.
    #expect(KeyInput("e\u{301}").indexCode == 0xe9)
    #expect(KeyInput("é").indexCode == 0xe9)
    #expect(KeyInput("\u{37E}").indexCode == 0x3b)
    #expect(KeyInput("ab").indexCode == nil)
    #expect(KeyInput("ĳ").indexCode == 0x133)
    for left in samples {
      for right in samples {
        switch (left.indexCode, right.indexCode) {
        case (let a?, let b?):
          #expect((a == b) == (left == right), "\(left) and \(right)")
        case (nil, nil):
          break
        default:
          #expect(left != right, "\(left) and \(right): one has a code")
        }
      }
    }
  }

  @Test("Every scalar indexCode takes without normalizing is its own composed form")
  func composedAloneMatchesFoundation() {
    var mismatches: [UInt32] = []
    for value in UInt32(0)...0xFFFF where KeyInput.isComposedAlone(value) {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let composed = String(scalar).precomposedStringWithCanonicalMapping.unicodeScalars
      if composed.count != 1 || composed.first?.value != value { mismatches.append(value) }
    }
    #expect(mismatches == [])
    // Outside the blocks, normalization still decides: U+2126 OHM SIGN is Ω (U+03A9).
    #expect(!KeyInput.isComposedAlone(0x2126))
    #expect(KeyInput("\u{2126}").indexCode == 0x3A9)
    #expect(KeyInput("\u{387}").indexCode == 0xB7)
    #expect(KeyInput("ф").indexCode == 0x444)
  }

  @Test("A scalar that does not change when lowercased lowercases to itself")
  func lowercasingFastPathMatchesString() {
    var mismatches: [UInt32] = []
    for value in UInt32(0x80)...0xFFFF {
      guard let scalar = Unicode.Scalar(value), !scalar.properties.changesWhenLowercased
      else { continue }
      let text = String(scalar)
      let lowered = text.lowercased()
      let expected = lowered.count == 1 ? lowered : text
      if KeyInput.lowercasedCharacter(text) != expected || expected != text {
        mismatches.append(value)
      }
    }
    #expect(mismatches == [])
    #expect(KeyInput.lowercasedCharacter("Ф") == "ф")
    #expect(KeyInput.lowercasedCharacter("ф") == "ф")
  }

  @Test("ChordIndex returns positions in filing order, for coded and multi-scalar inputs")
  func chordIndex() {
    var index = ChordIndex()
    #expect(index.isEmpty)
    #expect(index.positions(input: "o", modifiers: .control) == nil)
    index.add(3, input: "o", modifiers: .control)
    #expect(!index.isEmpty)
    index.add(1, input: "o", modifiers: .control)
    index.add(7, input: "o", modifiers: .control)
    index.add(2, input: "o", modifiers: [.control, .shift])
    index.add(4, input: "e\u{301}", modifiers: .control)
    index.add(0, input: "e\u{301}", modifiers: .control)
    index.add(5, input: .upArrow, modifiers: [])
    index.add(6, input: KeyInput.modifierKey(.shift) ?? "x", modifiers: [])

    #expect(index.positions(input: "o", modifiers: .control) == [3, 1, 7])
    let code = KeyInput("o").indexCode ?? 0
    #expect(index.positions(code: code, modifiers: .control) == [3, 1, 7])
    #expect(index.positions(input: "o", modifiers: [.control, .shift]) == [2])
    #expect(index.positions(input: "o", modifiers: []) == nil)
    #expect(index.positions(input: "o", modifiers: .alternate) == nil)
    #expect(index.positions(input: "p", modifiers: .control) == nil)
    #expect(index.positions(input: "e\u{301}", modifiers: .control) == [4, 0])
    #expect(index.positions(input: "é", modifiers: .control) == [4, 0])
    #expect(index.positions(code: 0xe9, modifiers: .control) == [4, 0])
    index.add(8, input: "ab", modifiers: .control)
    #expect(index.positions(input: "ab", modifiers: .control) == [8])
    #expect(index.positions(input: "e\u{301}", modifiers: .shift) == nil)
    #expect(index.positions(input: .upArrow, modifiers: []) == [5])
    #expect(index.positions(input: .downArrow, modifiers: []) == nil)
    #expect(index.positions(input: KeyInput.modifierKey(.shift) ?? "x", modifiers: []) == [6])
    #expect(index.positions(input: KeyInput.modifierKey(.control) ?? "x", modifiers: []) == nil)

    var multiOnly = ChordIndex()
    multiOnly.add(0, input: "ab", modifiers: [])
    #expect(!multiOnly.isEmpty)
  }

  @Test("ChordIndex keys tell every shortcut modifier set apart")
  func chordIndexModifiers() {
    let flags: [KeyModifierFlags] = [.shift, .control, .alternate, .command]
    let sets = (0..<16).map { bits in
      KeyModifierFlags(flags.indices.filter { bits & (1 << $0) != 0 }.map { flags[$0] })
    }
    var index = ChordIndex()
    for (position, modifiers) in sets.enumerated() {
      index.add(position, input: "k", modifiers: modifiers)
    }
    for (position, modifiers) in sets.enumerated() {
      #expect(index.positions(input: "k", modifiers: modifiers) == [position])
    }
    #expect(index.positions(input: "k", modifiers: .alphaShift) == nil)
  }

  @Test("LayoutIdentity is equal for the same object and state only")
  func layoutIdentity() {
    final class Owner {}
    let first = Owner()
    let second = Owner()
    #expect(LayoutIdentity(first, state: 0) == LayoutIdentity(first, state: 0))
    #expect(LayoutIdentity(first, state: 0).hashValue == LayoutIdentity(first, state: 0).hashValue)
    #expect(LayoutIdentity(first, state: 0) != LayoutIdentity(first, state: 1))
    #expect(LayoutIdentity(first, state: 0) != LayoutIdentity(second, state: 0))
    let identities: Set = [
      LayoutIdentity(first, state: 0), LayoutIdentity(first, state: 1),
      LayoutIdentity(second, state: 0), LayoutIdentity(first, state: 0),
    ]
    #expect(identities.count == 3)
    withExtendedLifetime((first, second)) {}
  }
}

// MARK: - Relocations by layout identity

/// A layout whose relocation of `[` depends on a state number, identified by it.
private final class SwitchingLayout: KeyboardLayoutProviding {
  var state = 0
  var identifies = true

  func consumedModifiers(for key: Key) -> KeyModifierFlags { [] }
  func latinKeysyms(for key: Key) -> [Keysym] { [] }
  func relocatedKey(for input: KeyInput) -> ShortcutLocation? {
    guard input == "[" else { return nil }
    return state == 0
      ? ShortcutLocation(evdevCode: 26, level: 1, keysym: Keysym(rawValue: 0xfc), input: "ü")
      : ShortcutLocation(evdevCode: 27, level: 1, keysym: Keysym(rawValue: 0x2b), input: "+")
  }
  var relocationIdentity: LayoutIdentity? {
    identifies ? LayoutIdentity(self, state: state) : nil
  }
}

/// A layout with many identified states: in even states `[` moves to `ü`, in odd ones it
/// stays where it is (nothing moves).
private final class ManyStatesLayout: KeyboardLayoutProviding {
  var state = 0

  func consumedModifiers(for key: Key) -> KeyModifierFlags { [] }
  func latinKeysyms(for key: Key) -> [Keysym] { [] }
  func relocatedKey(for input: KeyInput) -> ShortcutLocation? {
    guard input == "[", state % 2 == 0 else { return nil }
    return ShortcutLocation(evdevCode: 26, level: 1, keysym: Keysym(rawValue: 0xfc), input: "ü")
  }
  var relocationIdentity: LayoutIdentity? { LayoutIdentity(self, state: state) }
}

@Suite("Dispatch fast paths: relocations by layout identity")
@MainActor
struct DispatchFastPathRelocationTests {
  @Test("relocations follow states met again after many others, and states where none moves")
  func manyStates() {
    let chain = HopChain(count: 1)
    var performed = 0
    chain.hops[0].handle("goBack:") { _ in performed += 1 }
    let back = KeyCommand(title: "Back", action: "goBack:", input: "[", modifierFlags: .command)
    let dispatcher = chain.dispatcher(menu(back))
    let layout = ManyStatesLayout()
    let umlaut = event(press("ü", flags: .control, keysym: 0xfc, code: 26))
    let bracket = event(press("[", flags: .control, code: 26))
    // More states than the dispatcher keeps indexes for, then the first ones again: each
    // press is matched where the key command is in that state.
    for state in Array(0..<40) + Array(0..<6) {
      layout.state = state
      let moved = state % 2 == 0
      #expect(dispatcher.send(umlaut, layout: layout) == moved, "state \(state)")
      #expect(dispatcher.send(bracket, layout: layout) == !moved, "state \(state)")
      #expect(
        dispatcher.dispatch(moved ? umlaut : bracket, layout: layout).first?.action == "goBack:")
    }
    #expect(performed == 46 * 2)
  }

  @Test("a relocated key command follows the layout's state, through send and dispatch")
  func followsState() {
    let chain = HopChain(count: 1)
    var performed: [String] = []
    chain.hops[0].handle("goBack:") { _ in performed.append("back") }
    let back = KeyCommand(title: "Back", action: "goBack:", input: "[", modifierFlags: .command)
    let dispatcher = chain.dispatcher(menu(back))
    let layout = SwitchingLayout()
    let umlaut = event(press("ü", flags: .control, keysym: 0xfc, code: 26))
    let plus = event(press("+", flags: .control, code: 27))

    #expect(dispatcher.send(umlaut, layout: layout))
    #expect(!dispatcher.send(plus, layout: layout))
    #expect(dispatcher.dispatch(umlaut, layout: layout).first?.action == "goBack:")
    #expect(dispatcher.dispatch(plus, layout: layout).first?.action == nil)
    #expect(dispatcher.send(umlaut, layout: layout))

    layout.state = 1
    #expect(!dispatcher.send(umlaut, layout: layout))
    #expect(dispatcher.send(plus, layout: layout))
    let result = dispatcher.dispatch(plus, layout: layout).first
    #expect(result?.action == "goBack:")
    #expect(result?.match?.kind == .localized)

    layout.state = 0
    #expect(dispatcher.send(umlaut, layout: layout))
    #expect(!dispatcher.send(plus, layout: layout))
    #expect(performed.count == 6)
    #expect(
      chain.log.entries.filter { $0.hasSuffix(":began:+") || $0.hasSuffix(":began:ü") }
        .count == 4)
  }

  @Test("without an identity every relocatable key command is matched at its relocation")
  func withoutIdentity() {
    let chain = HopChain(count: 1)
    chain.hops[0].handle("goBack:") { _ in }
    let back = KeyCommand(title: "Back", action: "goBack:", input: "[", modifierFlags: .command)
    let dispatcher = chain.dispatcher(menu(back))
    let layout = SwitchingLayout()
    layout.identifies = false
    let umlaut = event(press("ü", flags: .control, keysym: 0xfc, code: 26))
    let plus = event(press("+", flags: .control, code: 27))
    #expect(dispatcher.send(umlaut, layout: layout))
    #expect(!dispatcher.send(plus, layout: layout))
    layout.state = 1
    #expect(!dispatcher.send(umlaut, layout: layout))
    #expect(dispatcher.send(plus, layout: layout))
    #expect(dispatcher.dispatch(plus, layout: layout).first?.action == "goBack:")
  }
}

@Suite("Dispatch fast paths: chord sets")
struct ChordSetTests {
  @Test("a chord set holds exactly the keys it was made of")
  func membership() {
    var generator = SystemRandomNumberGenerator()
    for count in [0, 1, 7, 8, 9, 100, 1_000] {
      let keys = (0..<count).map { _ in
        ChordIndex.key(
          code: UInt32.random(in: 0...0x10_FFFF, using: &generator),
          modifiers: KeyModifierFlags(rawValue: Int.random(in: 0...0x3F, using: &generator) << 16))
      }
      let set = ChordSet(keys + keys)  // repeats are kept once
      #expect(set.isEmpty == keys.isEmpty)
      for key in keys { #expect(set.contains(key)) }
      let members = Set(keys)
      for _ in 0..<2_000 {
        let probe = ChordIndex.key(
          code: UInt32.random(in: 0...0x10_FFFF, using: &generator),
          modifiers: KeyModifierFlags(rawValue: Int.random(in: 0...0x3F, using: &generator) << 16))
        #expect(set.contains(probe) == members.contains(probe))
      }
    }
  }

  @Test("a full run of regular keys is found, and a key between them is not")
  func regularKeys() {
    // Keys that differ only in a few code bits, as a keymap's letters and digits do.
    let keys = (0..<64).map { ChordIndex.key(code: UInt32($0 * 64), modifiers: .control) }
    let set = ChordSet(keys)
    for key in keys { #expect(set.contains(key)) }
    #expect(!set.contains(ChordIndex.key(code: 1, modifiers: .control)))
  }
}
