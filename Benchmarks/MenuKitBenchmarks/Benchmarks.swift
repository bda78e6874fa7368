import CXKBReference
import MenuKit
import MenuKitXKB

/// Benchmarks for MenuKit: `swift run -c release menukit-benchmarks`.
///
/// Each figure is measured in this run next to a baseline measured in the same run, so the
/// ratios stay meaningful on a busy machine. See docs/performance/benchmarks.md.
@main
struct Benchmarks {
  static func main() {
    print(
      "MenuKit benchmarks (\(isDebugBuild ? "DEBUG build: figures are not meaningful" : "release"))"
    )
    print("")
    // `menukit-benchmarks tree translation dispatch keymap adversarial` runs the named ones;
    // none runs all.
    let chosen = Set(CommandLine.arguments.dropFirst())
    // `menukit-benchmarks adversarial-files FOLDER`: the adversarial benchmark's files.
    if CommandLine.arguments.count == 3, CommandLine.arguments[1] == "adversarial-files" {
      writeAdversarialFiles(to: CommandLine.arguments[2])
      return
    }
    // `menukit-benchmarks dispatch-profile [ROUNDS]`: dispatch rounds alone, for `perf`.
    if CommandLine.arguments.count >= 2, CommandLine.arguments[1] == "dispatch-profile" {
      MainActor.assumeIsolated { dispatchProfile(Array(CommandLine.arguments.dropFirst(2))) }
      return
    }
    // `menukit-benchmarks palette-profile [QUERY...]`: searches repeated for `perf record`.
    if CommandLine.arguments.count >= 2, CommandLine.arguments[1] == "palette-profile" {
      paletteProfile(Array(CommandLine.arguments.dropFirst(2)))
      return
    }
    // `menukit-benchmarks report`: all of them, then one summary table (Report.swift).
    if chosen.contains("report") {
      report()
      return
    }
    let run = { (name: String) in chosen.isEmpty || chosen.contains(name) }
    if run("tree") { treeBenchmark() }
    if run("translation") { translationBenchmark() }
    if run("dispatch") { MainActor.assumeIsolated { dispatchBenchmark() } }
    if run("palette") { paletteBenchmark() }
    // `palette-search` and `palette-lines`: the two halves of `palette`, alone.
    if chosen.contains("palette-search") { paletteIndexBenchmark() }
    if chosen.contains("palette-lines") { paletteLinesBenchmark() }
    if run("keymap") { keymapBenchmark() }
    // `sweep`: the `keymap-lint --all-layouts` rows of `report` (issue 22), alone.
    if chosen.contains("sweep") { _ = lintSweepRows() }
    if run("adversarial") { adversarialBenchmark() }
  }

  /// Presses through a chain of 10 responders holding 1,000 key commands in total: key
  /// translation, matching and the action, beside the plain C libxkbcommon loop.
  ///
  /// The dispatcher asks every responder for its key commands on every press, as UIKit does.
  /// The first responder answers from its state (`isEditing ? editing : browsing`, two stored
  /// arrays, the flag flipped every ``flipInterval`` events); the others answer a stored
  /// array. A second line has the first responder build its array on every call instead.
  @MainActor
  static func dispatchBenchmark() {
    print("Key dispatch: evdev events → press events → 10 responders, 1,000 key commands → action")
    guard let fixture = DispatchFixture() else {
      print("us: cannot compile the keymap; skipped")
      return
    }
    let (keymap, names, events) = (fixture.keymap, fixture.names, fixture.events)
    let (editor, naive, dispatcher) = (fixture.editor, fixture.naive, fixture.dispatcher)
    guard editor.becomeFirstResponder() else { return }
    let codes = events.map { Int32($0.evdevCode) }
    let downs = events.map { $0.direction == .down ? Int32(1) : 0 }
    // The loops take turns, round by round, so that each sees the machine in the same state (a
    // busy neighbour slows all of them, not one); the best round of each is kept.
    let keymapText = names.asString()
    var checksum: UInt64 = 0
    var cNanoseconds = Double.infinity
    var translationOnly = Double.infinity
    var best = Double.infinity
    var performed = 0
    func dispatchRound() -> (nanoseconds: Double, performed: Int) { fixture.round() }
    for _ in 0..<20 {
      if let c = cRound(keymapText, codes, downs, checksum: &checksum) {
        cNanoseconds = min(cNanoseconds, c)
      }

      // The same events through XKBKeyboard alone: the share of translation in the figure.
      let translator = XKBKeyboard(
        keymap: keymap, repeatSettings: KeyRepeatSettings(isEnabled: false))
      var count = 0
      let translated = measure {
        for event in events {
          if let pressesEvent = translator.handle(event) {
            count &+= pressesEvent.allPresses.count
          }
        }
      }
      blackHole(count)
      translationOnly = min(translationOnly, translated.nanoseconds / Double(events.count))

      let round = dispatchRound()
      best = min(best, round.nanoseconds)
      performed = round.performed
    }
    blackHole(checksum)
    print(
      pad("events", 9) + pad("C loop", 14) + pad("dispatch", 14) + "ratio   actions performed")
    print(
      pad("\(events.count)", 9) + pad(String(format1: cNanoseconds) + " ns", 14)
        + pad(String(format1: best) + " ns", 14) + pad(String(format2: best / cNanoseconds), 8)
        + "\(performed)")
    print(
      "of which translation (XKBKeyboard alone) \(String(format1: translationOnly)) ns, "
        + "dispatch \(String(format1: best - translationOnly)) ns")
    print(
      "(ns per event, best of 20 interleaved rounds; target ratio ≤ 2; the first responder's "
        + "key commands flip between two stored arrays every \(flipInterval) events)")

    // The floor: the same events with only the calls UIKit's semantics require (every
    // responder's `keyCommands` and `next` on each key going down, `pressesBegan` and
    // `pressesEnded` through `next`, the chord's action), made directly, without a
    // dispatcher. Rounds interleaved with the C loop again.
    var floorBest = Double.infinity
    var cFloor = Double.infinity
    // As many rounds as the dispatcher's, so that both have the same chances of a quiet moment.
    for _ in 0..<20 {
      if let c = cRound(keymapText, codes, downs, checksum: &checksum) { cFloor = min(cFloor, c) }
      floorBest = min(floorBest, fixture.floorRound().nanoseconds)
    }
    blackHole(checksum)
    print(
      "UIKit's calls alone, without a dispatcher: \(String(format1: floorBest)) ns per event, "
        + "C loop \(String(format1: cFloor)) ns, ratio \(String(format2: floorBest / cFloor))")

    // The naive getter: the first responder builds its 100 key commands on every call. Rounds
    // interleaved with the C loop again.
    guard naive.becomeFirstResponder() else { return }
    var naiveBest = Double.infinity
    var cNaive = Double.infinity
    var naivePerformed = 0
    for _ in 0..<5 {
      if let c = cRound(keymapText, codes, downs, checksum: &checksum) { cNaive = min(cNaive, c) }
      let round = dispatchRound()
      naiveBest = min(naiveBest, round.nanoseconds)
      naivePerformed = round.performed
    }
    blackHole(checksum)
    print(
      "first responder building its array on every call: \(String(format1: naiveBest)) ns per "
        + "event, C loop \(String(format1: cNaive)) ns, ratio "
        + "\(String(format2: naiveBest / cNaive)) (\(naivePerformed) actions performed)")

    // Again with keymaps set (none bound), from the stored-array first responder: what the
    // keymap layer adds to presses no key command takes.
    guard editor.becomeFirstResponder() else { return }
    dispatcher.keymaps = []
    var withKeymaps = Double.infinity
    var cAgain = Double.infinity
    for _ in 0..<20 {
      if let c = cRound(keymapText, codes, downs, checksum: &checksum) { cAgain = min(cAgain, c) }
      withKeymaps = min(withKeymaps, dispatchRound().nanoseconds)
    }
    blackHole(checksum)
    print(
      "with keymaps set (no binding): \(String(format1: withKeymaps)) ns per event, "
        + "C loop \(String(format1: cAgain)) ns, ratio \(String(format2: withKeymaps / cAgain))")
    print("")
  }

  /// How many events pass between two flips of the dispatch benchmark's editing state.
  static let flipInterval = 100

  /// One round of the plain C libxkbcommon loop (Benchmarks/CXKBReference) over key events
  /// given as evdev codes and down flags: ns per event, or nil when the keymap did not compile.
  /// Its checksum is added to `checksum`, so the work cannot be optimised away.
  static func cRound(
    _ keymapText: String, _ codes: [Int32], _ downs: [Int32], checksum: inout UInt64
  ) -> Double? {
    var roundChecksum: UInt64 = 0
    let nanoseconds = menukit_reference_translate(
      keymapText, codes, downs, Int32(codes.count), 1, &roundChecksum)
    checksum &+= roundChecksum
    return nanoseconds > 0 ? nanoseconds : nil
  }

  /// Translates typing through `XKBKeyboard` and, in the same run, through the same
  /// libxkbcommon calls in a plain C loop (Benchmarks/CXKBReference).
  static func translationBenchmark() {
    print("Key translation: evdev key events → press events (us and de layouts)")
    print(
      pad("layout", 8) + pad("events", 9) + pad("C loop", 14) + pad("XKBKeyboard", 14) + "ratio")
    for layout in ["us", "de"] {
      let context = XKBContext(options: [.noEnvironmentNames])
      guard let names = try? XKBKeymap(context: context, names: .init(layout: layout)) else {
        print("\(layout): cannot compile the keymap; skipped")
        continue
      }
      let keymapText = names.asString()
      let events = typingEvents(count: 20_000)
      let codes = events.map { Int32($0.evdevCode) }
      let downs = events.map { $0.direction == .down ? Int32(1) : 0 }
      var checksum: UInt64 = 0
      guard let keymap = try? XKBKeymap(context: XKBContext.hermetic(), string: keymapText)
      else {
        print("\(layout): cannot compile the keymap; skipped")
        continue
      }
      // The C loop and XKBKeyboard take turns, round by round (see dispatchBenchmark).
      var cNanoseconds = Double.infinity
      var best = Double.infinity
      var sum = 0
      for _ in 0..<20 {
        if let c = cRound(keymapText, codes, downs, checksum: &checksum) {
          cNanoseconds = min(cNanoseconds, c)
        }
        let keyboard = XKBKeyboard(
          keymap: keymap, repeatSettings: KeyRepeatSettings(isEnabled: false))
        let elapsed = measure {
          for event in events {
            if let pressesEvent = keyboard.handle(event),
              let key = pressesEvent.allPresses.first?.key
            {
              sum &+= Int(key.keysym.rawValue) &+ key.characters.utf8.count
            }
          }
        }
        best = min(best, elapsed.nanoseconds / Double(events.count))
      }
      blackHole(sum &+ Int(truncatingIfNeeded: checksum))
      guard cNanoseconds.isFinite else {
        print("\(layout): the C baseline failed; skipped")
        continue
      }
      print(
        pad(layout, 8) + pad("\(events.count)", 9) + pad(String(format1: cNanoseconds) + " ns", 14)
          + pad(String(format1: best) + " ns", 14) + String(format2: best / cNanoseconds))
    }
    print("(ns per event, best of 20 interleaved rounds; target ratio ≤ 1.5)")
    print("")
  }

  /// Typing: letters, digits and punctuation, one in eight with Shift held, each key down
  /// then up.
  static func typingEvents(count: Int) -> [KeyEvent] {
    let keys = [
      30, 48, 46, 32, 18, 33, 34, 35, 23, 36, 37, 38, 50, 49, 24, 25, 16, 19, 31, 20,
      22, 47, 17, 45, 21, 44, 2, 3, 4, 5, 57, 51, 52, 12, 13, 26, 27,
    ]
    var events: [KeyEvent] = []
    events.reserveCapacity(count + 4)
    var index = 0
    var time = 0.0
    while events.count < count {
      let key = keys[(index &* 7) % keys.count]
      let shifted = index % 8 == 0
      time += 0.01
      if shifted { events.append(KeyEvent(evdevCode: 42, direction: .down, timestamp: time)) }
      events.append(KeyEvent(evdevCode: key, direction: .down, timestamp: time))
      events.append(KeyEvent(evdevCode: key, direction: .up, timestamp: time))
      if shifted { events.append(KeyEvent(evdevCode: 42, direction: .up, timestamp: time)) }
      index += 1
    }
    return events
  }

  /// Builds, validates and renders generated trees of 10,000, 25,000, 50,000 and 100,000
  /// elements.
  static func treeBenchmark() {
    print("Build (MenuBuilder ingest + 100 edits + materialise), validate, render a generated tree")
    print(
      pad("elements", 10) + pad("baseline walk", 15) + pad("build", 11) + pad("validate", 11)
        + pad("render text", 13) + pad("write json", 12) + pad("total", 11) + "ns/element")
    var perElement: [Int: Double] = [:]
    for size in [10_000, 25_000, 50_000, 100_000] {
      let tree = generatedTree(elements: size)
      // Warm up once, then take the best of three runs of each step.
      var timings: [String: Duration] = [:]
      for _ in 0..<3 {
        let baseline = measure {
          var count = 0
          tree.forEachElement { element, _ in count &+= element.title.utf8.count }
          blackHole(count)
        }
        var built = tree
        let build = measure {
          var builder = MenuBuilder(menu: tree)
          for index in 0..<100 {
            builder.insertElements(
              [
                .command(
                  Command(
                    title: "Inserted \(index)", action: "inserted:",
                    propertyList: .number(Double(index))))
              ],
              atEndOfMenu: MenuIdentifier("menu\(index % 10)"))
          }
          built = builder.menu
        }
        var diagnostics: [Diagnostic] = []
        let validate = measure { diagnostics = MenuValidator(platform: .linux).validate(built) }
        var text = ""
        let render = measure { text = TextMenuRenderer(platform: .linux).render(built) }
        var json = ""
        let write = measure {
          json = MenuFile(path: "", menu: built, edits: []).jsonText(platform: .linux)
        }
        blackHole(diagnostics.count + text.utf8.count + json.utf8.count)
        for (name, value) in [
          ("baseline", baseline), ("build", build), ("validate", validate), ("render", render),
          ("write", write),
        ] {
          timings[name] = min(timings[name] ?? value, value)
        }
      }
      let total = timings["build"]! + timings["validate"]! + timings["render"]! + timings["write"]!
      let nsPerElement = total.nanoseconds / Double(size)
      perElement[size] = nsPerElement
      print(
        pad("\(size)", 10) + pad(timings["baseline"]!.ms, 15) + pad(timings["build"]!.ms, 11)
          + pad(timings["validate"]!.ms, 11) + pad(timings["render"]!.ms, 13)
          + pad(timings["write"]!.ms, 12) + pad(total.ms, 11)
          + String(format1: nsPerElement))
    }
    if let small = perElement[25_000], let large = perElement[100_000] {
      print(
        "growth: ns/element at 100,000 ÷ ns/element at 25,000 = \(String(format1: large / small))"
          + " (1.0 is perfectly linear)")
    }
    print("")
  }

  /// A tree of about `elements` elements: 10 top-level menus, each with inline groups of
  /// commands; one command in 100 has a unique shortcut.
  static func generatedTree(elements: Int) -> Menu {
    let menus = 10
    let groupsPerMenu = 10
    let perGroup = max(1, elements / (menus * groupsPerMenu))
    var shortcutPool = uniqueShortcuts()[...]
    var serial = 0
    let children: [MenuElement] = (0..<menus).map { menuIndex in
      let groups: [MenuElement] = (0..<groupsPerMenu).map { groupIndex in
        let items: [MenuElement] = (0..<perGroup).map { _ in
          serial += 1
          let command = Command(
            title: "Command \(serial)", action: ActionName("action\(serial % 97):"),
            propertyList: .number(Double(serial)))
          if serial % 100 == 0, let shortcut = shortcutPool.popFirst() {
            return .keyCommand(
              KeyCommand(command, input: shortcut.input, modifierFlags: shortcut.modifierFlags))
          }
          return .command(command)
        }
        return .menu(
          Menu(
            identifier: MenuIdentifier("group\(menuIndex).\(groupIndex)"),
            options: .displayInline, children: items))
      }
      return .menu(
        Menu(
          title: "Menu \(menuIndex)", identifier: MenuIdentifier("menu\(menuIndex)"),
          children: groups))
    }
    return Menu(identifier: .root, children: children)
  }

  static func uniqueShortcuts() -> [KeyboardShortcut] {
    let keys: [KeyInput] =
      "abcdefghijklmnopqrstuvwxyz0123456789".map { KeyInput(String($0)) }
      + (1...24).map { KeyInput.function($0) }
    let modifierSets: [KeyModifierFlags] = [
      [.command], [.command, .shift], [.command, .alternate], [.command, .alternate, .shift],
      [.alternate], [.alternate, .shift], [], [.shift],
    ]
    return modifierSets.flatMap { flags in keys.map { KeyboardShortcut($0, modifierFlags: flags) } }
  }
}

/// The dispatch benchmark's keyboard, responders and events: shared by `dispatch` and
/// `dispatch-profile`.
@MainActor
struct DispatchFixture {
  /// The us keymap as XKB names compiled it, and as the hermetic context compiled its text.
  let names: XKBKeymap
  let keymap: XKBKeymap
  /// Ctrl+letter chords (which fire key commands) and plain typing (which is delivered).
  let events: [KeyEvent]
  /// The first responder that picks one of two stored arrays by its state.
  let editor: EditingBenchmarkResponder
  /// The first responder that builds its array on every call.
  let naive: NaiveBenchmarkResponder
  /// The application, which holds the key window (whose link to it is weak).
  let application: Application
  let dispatcher: KeyDispatcher

  /// Builds the fixture; nil when the us keymap does not compile.
  init?() {
    let context = XKBContext(options: [.noEnvironmentNames])
    guard let names = try? XKBKeymap(context: context, names: .init(layout: "us")),
      let keymap = try? XKBKeymap(context: XKBContext.hermetic(), string: names.asString())
    else { return nil }
    self.names = names
    self.keymap = keymap
    // Ten responders, each with 100 key commands: letters and digits with four modifier sets,
    // plus F-keys; every responder performs its own actions. The first responder has a second
    // set on the same keys with other actions, for when it is editing.
    let app = Application()
    let window = Window(application: app)
    app.keyWindow = window
    application = app
    let inputs: [KeyInput] =
      "abcdefghijklmnopqrstuvwxyz0123456789".map { KeyInput(String($0)) }
      + (1...12).map { KeyInput.function($0) }
    let modifierSets: [KeyModifierFlags] = [
      [.command], [.command, .shift], [.command, .alternate], [.alternate],
    ]
    let shortcuts = modifierSets.flatMap { flags in inputs.map { (input: $0, flags: flags) } }
    func commands(level: Int, prefix: String) -> [KeyCommand] {
      (0..<100).map { index -> KeyCommand in
        let shortcut = shortcuts[(level * 100 + index) % shortcuts.count]
        return KeyCommand(
          title: "Command \(level).\(index)", action: ActionName("\(prefix)\(level)_\(index):"),
          input: shortcut.input, modifierFlags: shortcut.flags)
      }
    }
    var previous: Responder = window
    for level in 0..<9 {
      let responder = BenchmarkResponder(keyCommands: commands(level: level, prefix: "action"))
      responder.setNext(previous)
      previous = responder
    }
    editor = EditingBenchmarkResponder(
      browsing: commands(level: 9, prefix: "action"), editing: commands(level: 9, prefix: "edit"))
    editor.setNext(previous)
    naive = NaiveBenchmarkResponder(keyCommands: commands(level: 9, prefix: "action"))
    naive.setNext(previous)
    dispatcher = KeyDispatcher(application: app, mainMenu: Menu(), platform: .linux)

    var events: [KeyEvent] = []
    let letters = [30, 48, 46, 32, 18, 33, 34, 35, 23, 36, 37, 38, 50, 49, 24, 25, 16, 19, 31, 20]
    for index in 0..<5_000 {
      let key = letters[index % letters.count]
      if index % 2 == 0 {
        events.append(KeyEvent(evdevCode: 29, direction: .down, timestamp: 0))
        events.append(KeyEvent(evdevCode: key, direction: .down, timestamp: 0))
        events.append(KeyEvent(evdevCode: key, direction: .up, timestamp: 0))
        events.append(KeyEvent(evdevCode: 29, direction: .up, timestamp: 0))
      } else {
        events.append(KeyEvent(evdevCode: key, direction: .down, timestamp: 0))
        events.append(KeyEvent(evdevCode: key, direction: .up, timestamp: 0))
      }
    }
    self.events = events
  }

  /// Sends every event through a new keyboard, flipping the editor's state every
  /// `flipInterval` events; returns the ns per event and the actions performed.
  func round() -> (nanoseconds: Double, performed: Int) {
    let keyboard = XKBKeyboard(
      keymap: keymap, repeatSettings: KeyRepeatSettings(isEnabled: false))
    var performed = 0
    var untilFlip = Benchmarks.flipInterval
    // Timed without a closure: the keyboard stays in this function's region.
    let clock = ContinuousClock()
    let start = clock.now
    for event in events {
      untilFlip -= 1
      if untilFlip == 0 {
        editor.isEditing.toggle()
        untilFlip = Benchmarks.flipInterval
      }
      guard let pressesEvent = keyboard.handle(event) else { continue }
      if dispatcher.send(pressesEvent, layout: keyboard) { performed += 1 }
    }
    let elapsed = clock.now - start
    return (elapsed.nanoseconds / Double(events.count), performed)
  }
}

extension DispatchFixture {
  /// The same events with only the calls UIKit's semantics require and no dispatcher: the
  /// floor under any dispatcher that keeps them. Each key going down (not Ctrl alone) walks
  /// the chain from the first responder, reading `keyCommands` and `next` of every
  /// responder; a Ctrl chord then asks the first responder `canPerformAction` and `perform`
  /// for an action of its own (no matching, no candidate cache, no validation of the
  /// command); every other press is delivered through `pressesBegan`/`pressesEnded`, which
  /// forward by `next`. Returns the ns per event and the number of chords performed.
  func floorRound() -> (nanoseconds: Double, performed: Int) {
    let keyboard = XKBKeyboard(
      keymap: keymap, repeatSettings: KeyRepeatSettings(isEnabled: false))
    let first: Responder = editor
    let action = editor.commands[0].command.action
    let sender: Any? = editor.commands[0]
    var performed = 0
    var count = 0
    var consumed = Set<Int>()
    var untilFlip = Benchmarks.flipInterval
    let clock = ContinuousClock()
    let start = clock.now
    for event in events {
      untilFlip -= 1
      if untilFlip == 0 {
        editor.isEditing.toggle()
        untilFlip = Benchmarks.flipInterval
      }
      guard let pressesEvent = keyboard.handle(event) else { continue }
      for press in pressesEvent.allPresses {
        guard let key = press.key else { continue }
        let code = key.evdevCode
        if press.phase == .began {
          if code != 29 {
            var current: Responder? = first
            while let responder = current {
              count &+= responder.keyCommands.count
              current = responder.next
            }
            if key.modifierFlags.contains(.control),
              first.canPerformAction(action, withSender: sender),
              first.perform(action, withSender: sender)
            {
              performed += 1
              consumed.insert(code)
              continue
            }
          }
          first.pressesBegan(pressesEvent.allPresses, with: pressesEvent)
        } else if press.phase == .ended {
          if consumed.remove(code) != nil { continue }
          first.pressesEnded(pressesEvent.allPresses, with: pressesEvent)
        }
      }
    }
    let elapsed = clock.now - start
    blackHole(count)
    return (elapsed.nanoseconds / Double(events.count), performed)
  }
}

extension Benchmarks {
  /// `menukit-benchmarks dispatch-profile [ROUNDS] [floor]`: the dispatch benchmark's
  /// stored-array rounds alone (100 by default), without the C loop or the naive getter, for
  /// `perf record` and `valgrind --tool=callgrind`; 0 rounds builds the fixture only (the
  /// baseline of an instruction count). With `floor`, the rounds make only the calls UIKit's
  /// semantics require, without a dispatcher (``DispatchFixture/floorRound()``).
  @MainActor
  static func dispatchProfile(_ arguments: [String]) {
    let rounds = arguments.first.flatMap { Int($0) } ?? 100
    let floor = arguments.contains("floor")
    guard let fixture = DispatchFixture(), fixture.editor.becomeFirstResponder() else {
      print("us: cannot compile the keymap; skipped")
      return
    }
    var best = Double.infinity
    var performed = 0
    for _ in 0..<rounds {
      let round = floor ? fixture.floorRound() : fixture.round()
      best = min(best, round.nanoseconds)
      performed &+= round.performed
    }
    print(
      "\(rounds) rounds of \(fixture.events.count) events: best \(String(format1: best)) ns per "
        + "event, \(performed) actions performed")
  }
}

/// A responder with fixed key commands that performs all of their actions: its getter
/// returns the array it stores.
@MainActor
class BenchmarkResponder: Responder {
  let commands: [KeyCommand]
  let actions: Set<ActionName>
  var performed = 0

  init(keyCommands: [KeyCommand], otherActions: [KeyCommand] = []) {
    commands = keyCommands
    actions = Set((keyCommands + otherActions).map(\.command.action))
    super.init()
  }

  override var canBecomeFirstResponder: Bool { true }
  override var keyCommands: [KeyCommand] { commands }

  override func canPerformAction(_ action: ActionName, withSender sender: Any?) -> Bool {
    actions.contains(action)
  }

  override func perform(_ action: ActionName, withSender sender: Any?) -> Bool {
    guard actions.contains(action) else { return false }
    performed += 1
    return true
  }
}

/// The UIKit pattern: key commands that depend on the responder's state, picked from two
/// arrays it stores.
@MainActor
final class EditingBenchmarkResponder: BenchmarkResponder {
  let editingCommands: [KeyCommand]
  var isEditing = false

  init(browsing: [KeyCommand], editing: [KeyCommand]) {
    editingCommands = editing
    super.init(keyCommands: browsing, otherActions: editing)
  }

  override var keyCommands: [KeyCommand] { isEditing ? editingCommands : commands }
}

/// The naive getter: builds its key commands again on every call, as a getter with an array
/// literal does (with a loop, not `map`: a main-actor closure handed to `map` would add a
/// run-time isolation check per element, which an array literal does not have).
@MainActor
final class NaiveBenchmarkResponder: BenchmarkResponder {
  override var keyCommands: [KeyCommand] {
    var built: [KeyCommand] = []
    built.reserveCapacity(commands.count)
    for keyCommand in commands {
      built.append(
        KeyCommand(
          title: keyCommand.command.title, action: keyCommand.command.action,
          input: keyCommand.input, modifierFlags: keyCommand.modifierFlags))
    }
    return built
  }
}

// MARK: - Measuring

let isDebugBuild: Bool = {
  var debug = false
  assert(
    {
      debug = true
      return true
    }())
  return debug
}()

func measure(_ body: () -> Void) -> Duration {
  let clock = ContinuousClock()
  return clock.measure(body)
}

@inline(never)
func blackHole<T>(_ value: T) { withExtendedLifetime(value) {} }

func pad(_ text: String, _ width: Int) -> String {
  text + String(repeating: " ", count: max(1, width - text.count))
}

extension Duration {
  var nanoseconds: Double {
    Double(components.seconds) * 1e9 + Double(components.attoseconds) / 1e9
  }
  var ms: String { String(format1: nanoseconds / 1e6) + " ms" }
}

extension String {
  /// The number with two decimals.
  init(format2 value: Double) {
    let hundredths = Int((value * 100).rounded())
    let fraction = abs(hundredths) % 100
    self = "\(hundredths / 100)." + (fraction < 10 ? "0" : "") + "\(fraction)"
  }

  /// The number with one decimal.
  init(format1 value: Double) {
    let tenths = (value * 10).rounded()
    self = "\(Int(tenths) / 10).\(abs(Int(tenths)) % 10)"
  }
}
