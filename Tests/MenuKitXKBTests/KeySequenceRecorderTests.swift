import MenuKit
import MenuKitXKB
import Testing

/// A key event at a time: a code, down or up.
private typealias Step = (code: Int, down: Bool, time: Double)

/// Key events for strokes: modifiers down, the key down and up, modifiers up, all at `time`.
private func stroke(_ code: Int, holding modifiers: [Int] = [], at time: Double) -> [Step] {
  modifiers.map { ($0, true, time) } + [(code, true, time), (code, false, time)]
    + modifiers.reversed().map { ($0, false, time) }
}

private let ctrl = 29
private let shift = 42
private let leftMeta = 125

/// Feeds the steps to a recorder through a keyboard and returns every update that changed
/// something.
private func record(
  _ steps: [Step], layout: String, platform: PlatformProfile = .linux,
  options: KeySequenceRecorder.Options = .init()
) throws -> (updates: [KeySequenceRecorder.Update], recorder: KeySequenceRecorder) {
  let keyboard = try systemKeyboard(layout: layout)
  var recorder = KeySequenceRecorder(platform: platform, options: options)
  var updates: [KeySequenceRecorder.Update] = []
  for step in steps {
    let event = KeyEvent(
      evdevCode: step.code, direction: step.down ? .down : .up, timestamp: step.time)
    guard let pressesEvent = keyboard.handle(event) else { continue }
    let update = recorder.handle(pressesEvent, layout: keyboard)
    if update != .unchanged { updates.append(update) }
  }
  return (updates, recorder)
}

private func finished(_ updates: [KeySequenceRecorder.Update]) -> [KeySequenceRecorder.Recording] {
  updates.compactMap { if case .finished(let recording) = $0 { recording } else { nil } }
}

/// Replays the steps through a dispatcher whose only keymap binds `keys` to `bound:` and
/// returns the actions performed: the recorded sequence must fire on the presses that
/// recorded it.
@MainActor
private func fired(_ keys: KeySequence, by steps: [Step], layout: String) throws -> [ActionName] {
  let keyboard = try systemKeyboard(layout: layout)
  let app = Application()
  let window = Window(application: app)
  app.keyWindow = window
  app.handle("bound:") { _ in }
  let dispatcher = KeyDispatcher(application: app, mainMenu: Menu(), platform: .linux)
  dispatcher.keymaps = [
    Keymap(
      source: .user,
      bindings: [KeyBinding(keys: keys, effect: .perform("bound:", arguments: nil), source: .user)])
  ]
  var actions: [ActionName] = []
  for step in steps {
    let event = KeyEvent(
      evdevCode: step.code, direction: step.down ? .down : .up, timestamp: step.time)
    guard let pressesEvent = keyboard.handle(event) else { continue }
    actions += dispatcher.dispatch(pressesEvent, layout: keyboard).compactMap(\.action)
  }
  return actions
}

@Suite("KeySequenceRecorder: presses into a key sequence, as the dispatcher reads them")
@MainActor
struct KeySequenceRecorderTests {
  @Test("Ctrl+K Ctrl+S records a two-stroke chord, in character and position forms")
  func chord() throws {
    let steps = stroke(37, holding: [ctrl], at: 0) + stroke(31, holding: [ctrl], at: 0.4)
    let (updates, recorder) = try record(steps, layout: "us")
    #expect(updates.count == 2)
    if case .recording(let partial) = updates[0] {
      #expect(partial.sequence.canonicalText == "Cmd+K")
    } else {
      Issue.record("the first stroke is pending: \(updates[0])")
    }
    let recording = try #require(finished(updates).first)
    #expect(recording.sequence.canonicalText == "Cmd+K Cmd+S")
    #expect(recording.sequence.label(for: .linux) == "Ctrl+K Ctrl+S")
    #expect(recording.physical?.canonicalText == "Cmd+[KeyK] Cmd+[KeyS]")
    #expect(recorder.pending == nil)
    #expect(try fired(recording.sequence, by: steps, layout: "us") == ["bound:"])
    #expect(try fired(try #require(recording.physical), by: steps, layout: "us") == ["bound:"])
  }

  @Test("a shifted symbol records what it types, and the Shift-spelled form too; both fire")
  func shiftedSymbol() throws {
    let steps = stroke(26, holding: [ctrl, shift], at: 0)
    let (updates, _) = try record(
      steps, layout: "us", options: .init(maximumStrokes: 1))
    let recording = try #require(finished(updates).first)
    #expect(recording.sequence.canonicalText == "Cmd+{")
    #expect(recording.shiftSpelled.canonicalText == "Cmd+Shift+[")
    #expect(try fired(recording.sequence, by: steps, layout: "us") == ["bound:"])
    #expect(try fired(recording.shiftSpelled, by: steps, layout: "us") == ["bound:"])
  }

  @Test("Ctrl+С on Russian records Cmd+C, which fires there; the own character is kept")
  func russian() throws {
    let steps = stroke(46, holding: [ctrl], at: 0)
    let (updates, _) = try record(steps, layout: "ru", options: .init(maximumStrokes: 1))
    let recording = try #require(finished(updates).first)
    #expect(recording.sequence.canonicalText == "Cmd+C")
    #expect(recording.ownCharacters.canonicalText == "Cmd+С")
    #expect(try fired(recording.sequence, by: steps, layout: "ru") == ["bound:"])
    #expect(try fired(recording.sequence, by: steps, layout: "us") == ["bound:"])
  }

  @Test("on German, Ctrl+Ü records Cmd+Ü; its position is the one of [ on US QWERTY")
  func german() throws {
    let steps = stroke(26, holding: [ctrl], at: 0)
    let (updates, _) = try record(steps, layout: "de", options: .init(maximumStrokes: 1))
    let recording = try #require(finished(updates).first)
    #expect(recording.sequence.canonicalText == "Cmd+Ü")
    #expect(recording.physical?.canonicalText == "Cmd+[BracketLeft]")
    #expect(try fired(recording.sequence, by: steps, layout: "de") == ["bound:"])
    #expect(try fired(try #require(recording.physical), by: steps, layout: "de") == ["bound:"])
  }

  @Test("a modifier tapped alone is a stroke: Shift Shift")
  func modifierTaps() throws {
    let steps: [Step] = [
      (shift, true, 0), (shift, false, 0.05), (shift, true, 0.2), (shift, false, 0.25),
    ]
    let (updates, _) = try record(steps, layout: "us")
    let recording = try #require(finished(updates).first)
    #expect(recording.sequence.canonicalText == "Shift Shift")
    #expect(recording.physical == nil)
    #expect(try fired(recording.sequence, by: steps, layout: "us") == ["bound:"])
    // A modifier held for another key is no tap.
    let (held, _) = try record(stroke(30, holding: [shift], at: 0), layout: "us")
    #expect(
      held.allSatisfy {
        if case .recording(let partial) = $0 {
          partial.sequence.canonicalText == "Shift+A"
        } else {
          false
        }
      })
  }

  @Test("the Super key is Super on linux and ⌘ on mac")
  func superKey() throws {
    let steps = stroke(18, holding: [leftMeta], at: 0)
    let linux = try record(steps, layout: "us", options: .init(maximumStrokes: 1))
    #expect(finished(linux.updates).first?.sequence.canonicalText == "Super+E")
    let mac = try record(steps, layout: "us", platform: .mac, options: .init(maximumStrokes: 1))
    #expect(finished(mac.updates).first?.sequence.canonicalText == "Cmd+E")
    let control = try record(
      stroke(18, holding: [ctrl], at: 0), layout: "us", platform: .mac,
      options: .init(maximumStrokes: 1))
    #expect(finished(control.updates).first?.sequence.canonicalText == "Ctrl+E")
  }

  @Test("Escape cancels, Backspace first clears; with a modifier or when asked, they record")
  func escapeAndBackspace() throws {
    let escape = try record(stroke(37, holding: [ctrl], at: 0) + stroke(1, at: 0.2), layout: "us")
    #expect(escape.updates.last == .cancelled)
    #expect(escape.recorder.pending == nil)
    #expect(try record(stroke(14, at: 0), layout: "us").updates == [.cleared])
    let later = try record(stroke(37, holding: [ctrl], at: 0) + stroke(14, at: 0.2), layout: "us")
    #expect(finished(later.updates).first?.sequence.canonicalText == "Cmd+K Backspace")
    let modified = try record(
      stroke(14, holding: [ctrl], at: 0), layout: "us", options: .init(maximumStrokes: 1))
    #expect(finished(modified.updates).first?.sequence.canonicalText == "Cmd+Backspace")
    let literal = try record(
      stroke(1, at: 0), layout: "us",
      options: .init(maximumStrokes: 1, recordsEscapeAndBackspace: true))
    #expect(finished(literal.updates).first?.sequence.canonicalText == "Escape")
  }

  @Test("a pause longer than the timeout finishes the sequence; the next press begins another")
  func timeout() throws {
    var (updates, recorder) = try record(stroke(37, holding: [ctrl], at: 0), layout: "us")
    #expect(updates.count == 1)
    #expect(recorder.finishIfIdle(at: 0.5) == .unchanged)
    let idle = recorder.finishIfIdle(at: 1.2)
    if case .finished(let recording) = idle {
      #expect(recording.sequence.canonicalText == "Cmd+K")
    } else {
      Issue.record("expected the sequence to finish: \(idle)")
    }
    (updates, recorder) = try record(
      stroke(37, holding: [ctrl], at: 0) + stroke(31, holding: [ctrl], at: 3), layout: "us")
    #expect(finished(updates).map(\.sequence.canonicalText) == ["Cmd+K"])
    #expect(recorder.pending?.sequence.canonicalText == "Cmd+S")
  }

  @Test("the maximum is clamped to 1…16 strokes")
  func maximum() {
    #expect(KeySequenceRecorder.Options(maximumStrokes: 0).maximumStrokes == 1)
    #expect(KeySequenceRecorder.Options(maximumStrokes: 99).maximumStrokes == 16)
  }
}
