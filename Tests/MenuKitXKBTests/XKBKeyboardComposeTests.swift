import MenuKit
import MenuKitXKB
import Testing

/// Two dead-key sequences, compiled from text so the tests depend on no locale data.
private let composeText = """
  <dead_acute> <e> : "é" eacute
  <dead_acute> <E> : "É" Eacute
  """

/// A German keyboard (with dead keys: `KEY_EQUAL` is dead_acute) and the Compose table.
private func germanKeyboard() throws -> XKBKeyboard {
  let table = try XKBComposeTable(context: .hermetic(), string: composeText)
  return try systemKeyboard(.init(layout: "de"), compose: table)
}

private typealias K = EvdevKey

@Suite("XKBKeyboard Compose and dead keys")
struct XKBKeyboardComposeTests {
  @Test("a dead key types nothing and the next key types the composed character")
  func composes() throws {
    expectSequence(
      try germanKeyboard(),
      [
        .both(K.equal, "dead_acute", "", ""),
        .down(K.e, "e", "é", "e"),
        // Key-up is not fed to Compose: the key reports its own text.
        .up(K.e, "e", "e", "e"),
        .both(K.e, "e", "e", "e"),
      ])
  }

  @Test("Shift inside a sequence does not cancel it")
  func modifierIgnored() throws {
    expectSequence(
      try germanKeyboard(),
      [
        .both(K.equal, "dead_acute", "", ""),
        .down(K.leftShift, "Shift_L", "", ""),
        .down(K.e, "E", "É", "e", .shift),
        .up(K.e, "E", "E", "e", .shift),
        .up(K.leftShift, "Shift_L", "", "", .shift),
      ])
  }

  @Test("a key that cancels a sequence types nothing, and the next key types normally")
  func cancelled() throws {
    expectSequence(
      try germanKeyboard(),
      [
        .both(K.equal, "dead_acute", "", ""),
        .down(K.x, "x", "", "x"),
        .up(K.x, "x", "x", "x"),
        .both(K.x, "x", "x", "x"),
      ])
  }

  @Test("an arrow that cancels a sequence still reports its input string, which is no text")
  func cancelledBySpecialKey() throws {
    expectSequence(
      try germanKeyboard(),
      [
        .both(K.equal, "dead_acute", "", ""),
        .both(K.left, "Left", KeyCommand.inputLeftArrow, KeyCommand.inputLeftArrow),
        .both(K.e, "e", "e", "e"),
      ])
  }

  @Test("losing focus abandons a sequence in progress")
  func focusLossResets() throws {
    let keyboard = try germanKeyboard()
    _ = keyboard.handle(K.equal, .down)
    _ = keyboard.cancelAllPresses(at: 1)
    #expect(keyboard.handle(K.e, .down, at: 2)?.allPresses.first?.key?.characters == "e")
  }

  @Test("without a Compose table, dead keys type nothing and never compose")
  func withoutCompose() throws {
    expectSequence(
      try systemKeyboard(.init(layout: "de")),
      [
        .both(K.equal, "dead_acute", "", ""),
        .both(K.e, "e", "e", "e"),
      ])
  }
}
