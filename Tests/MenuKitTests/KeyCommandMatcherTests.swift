import MenuKit
import MenuKitTestSupport
import Testing

/// A press of a key with a keysym, its first-level keysym and text, and modifiers.
private func press(
  _ keysym: UInt32, base: UInt32? = nil, text: String = "", flags: KeyModifierFlags = [],
  phase: Press.Phase = .began, isRepeat: Bool = false
) -> Press {
  let key = Key(
    keyCode: nil, evdevCode: 24, characters: text, charactersIgnoringModifiers: text,
    modifierFlags: flags, keysym: Keysym(rawValue: keysym),
    keysymIgnoringModifiers: Keysym(rawValue: base ?? keysym))
  return Press(phase: phase, timestamp: 0, key: key, isRepeat: isRepeat)
}

private func command(
  _ action: ActionName, _ input: KeyInput, _ flags: KeyModifierFlags,
  attributes: MenuElementAttributes = [], alternates: [CommandAlternate] = [],
  repeatBehavior: KeyCommand.RepeatBehavior = .repeatable
) -> KeyCommand {
  var keyCommand = KeyCommand(
    action: action, input: input, modifierFlags: flags, alternates: alternates,
    attributes: attributes)
  keyCommand.repeatBehavior = repeatBehavior
  return keyCommand
}

private let keysymInputCases: [(UInt32, KeyInput)] = [
  (0xff52, .upArrow), (0xfe20, .tab), (0xff8d, .enter), (0xffbe, .function(1)),
  (0xffd5, .function(24)), (0xffb7, .keypad(7)), (0xffac, KeyInput(.keypadComma)),
  (0xff9c, .end), (0x20, .space), (0x4f, "o"), (0xe9, "é"), (0xc9, "é"), (0x0100_20ac, "€"),
]
private let linux = KeyCommandMatcher(platform: .linux)
private let mac = KeyCommandMatcher(platform: .mac)
private let letterO: UInt32 = 0x6f
private let capitalO: UInt32 = 0x4f

@Suite("Key command matcher")
struct KeyCommandMatcherTests {
  @Test("A keysym and the platform's modifiers match exactly")
  func exactMatch() {
    let open = command("open:", "o", .command)
    let result = linux.match(
      press(letterO, flags: .control), against: [open], layout: FakeLayout(consumed: [.shift]))
    #expect(result.keyCommand == open)
    #expect(result.index == 0)
    #expect(result.kind == .exact)
    #expect(result.action == "open:")
  }

  @Test("On linux, Super does not trigger a Cmd command; Control does")
  func linuxMapsCommandToControl() {
    let open = command("open:", "o", .command)
    #expect(
      linux.match(press(letterO, flags: .command), against: [open], layout: nil).keyCommand == nil)
    #expect(
      linux.match(press(letterO, flags: .control), against: [open], layout: nil).keyCommand == open)
  }

  @Test("On mac, Super (⌘) triggers a Cmd command; Control does not")
  func macMapsCommandToSuper() {
    let open = command("open:", "o", .command)
    #expect(
      mac.match(press(letterO, flags: .command), against: [open], layout: nil).keyCommand == open)
    #expect(
      mac.match(press(letterO, flags: .control), against: [open], layout: nil).keyCommand == nil)
  }

  @Test("Ctrl+O does not fire on Ctrl+Shift+O, even though Shift is consumed")
  func shiftedLetterDoesNotMatchUnshiftedCommand() {
    let open = command("open:", "o", .command)
    let result = linux.match(
      press(capitalO, base: letterO, flags: [.control, .shift]), against: [open],
      layout: FakeLayout(consumed: [.shift]))
    #expect(result.keyCommand == nil)
    #expect(result.candidates.isEmpty)
  }

  @Test("Ctrl+Shift+O fires on Ctrl+Shift+O")
  func shiftedLetterMatchesShiftedCommand() {
    let openQuickly = command("openQuickly:", "o", [.command, .shift])
    let result = linux.match(
      press(capitalO, base: letterO, flags: [.control, .shift]), against: [openQuickly],
      layout: FakeLayout(consumed: [.shift]))
    #expect(result.keyCommand == openQuickly)
  }

  @Test("Ctrl+? fires on Ctrl+Shift+/ because Shift is consumed producing ?")
  func consumedShiftProducesSymbol() {
    let help = command("help:", "?", .command)
    let question = press(0x3f, base: 0x2f, text: "/", flags: [.control, .shift])
    #expect(
      linux.match(question, against: [help], layout: FakeLayout(consumed: [.shift])).keyCommand
        == help)
    // Without a layout, a keysym other than the first-level one counts Shift as consumed.
    #expect(linux.match(question, against: [help], layout: nil).keyCommand == help)
  }

  @Test("Caps Lock does not stop Ctrl+O")
  func capsLockIgnored() {
    let open = command("open:", "o", .command)
    let result = linux.match(
      press(capitalO, base: letterO, flags: [.control, .alphaShift]), against: [open],
      layout: FakeLayout(consumed: [.shift]))
    #expect(result.keyCommand == open)
  }

  @Test("A keypad key's numericPad flag does not stop a match")
  func numericPadIgnored() {
    let zoom = command("zoom:", KeyInput(.keypadPlus), .command)
    let result = linux.match(
      press(0xffab, flags: [.control, .numericPad]), against: [zoom], layout: nil)
    #expect(result.keyCommand == zoom)
  }

  @Test("A non-Latin key falls back to the Latin keysym of another layout")
  func latinFallback() {
    let open = command("open:", "o", .command)
    let ru = FakeLayout(consumed: [.shift], latin: [Keysym(rawValue: letterO)])
    let result = linux.match(press(0x6d9, text: "щ", flags: .control), against: [open], layout: ru)
    #expect(result.keyCommand == open)
    #expect(result.kind == .fallback)
  }

  @Test("An exact match beats an earlier fallback match")
  func exactBeatsFallback() {
    let open = command("open:", "o", .command)
    let cyrillic = command("cyrillic:", "щ", .command)
    let ru = FakeLayout(latin: [Keysym(rawValue: letterO)])
    let result = linux.match(
      press(0x6d9, text: "щ", flags: .control), against: [open, cyrillic], layout: ru)
    #expect(result.keyCommand == cyrillic)
    #expect(result.index == 1)
    #expect(result.kind == .exact)
    #expect(result.candidates.map(\.lossReason) == [.beatenByExact, nil])
  }

  @Test("A Latin key does not use the fallback")
  func latinKeyHasNoFallback() {
    let quit = command("quit:", "q", .command)
    let azerty = FakeLayout(latin: [Keysym(rawValue: 0x71)])
    let result = linux.match(
      press(0x61, text: "a", flags: .control), against: [quit], layout: azerty)
    #expect(result.keyCommand == nil)
  }

  @Test("The first exact match wins and later ones are shadowed")
  func shadowingOrder() {
    let first = command("first:", "o", .command)
    let second = command("second:", "o", .command)
    let result = linux.match(
      press(letterO, flags: .control), against: [first, second], layout: nil)
    #expect(result.keyCommand == first)
    #expect(result.candidates.map(\.lossReason) == [nil, .shadowed])
  }

  @Test("A disabled key command is reported and the next candidate wins")
  func disabledFallsThrough() {
    let disabled = command("first:", "o", .command, attributes: .disabled)
    let hidden = command("second:", "o", .command, attributes: .hidden)
    let result = linux.match(
      press(letterO, flags: .control), against: [disabled, hidden], layout: nil)
    #expect(result.keyCommand == hidden)
    #expect(result.index == 1)
    #expect(result.candidates.map(\.lossReason) == [.disabled, nil])
  }

  @Test("An autorepeat fires only repeatable key commands")
  func repeatBehaviour() {
    let once = command("once:", "o", .command, repeatBehavior: .nonRepeatable)
    let again = command("again:", "o", .command)
    let repeated = press(letterO, flags: .control, phase: .changed, isRepeat: true)
    let result = linux.match(repeated, against: [once, again], layout: nil)
    #expect(result.keyCommand == again)
    #expect(result.candidates.map(\.lossReason) == [.repeatNotAllowed, nil])
    let first = linux.match(press(letterO, flags: .control), against: [once], layout: nil)
    #expect(first.keyCommand == once)
  }

  @Test(
    "Only began and repeating presses match",
    arguments: [Press.Phase.ended, .stationary, .cancelled])
  func otherPhasesDoNotMatch(phase: Press.Phase) {
    let open = command("open:", "o", .command)
    #expect(
      linux.match(press(letterO, flags: .control, phase: phase), against: [open], layout: nil)
        .keyCommand == nil)
  }

  @Test("Holding an alternate's extra modifier selects the alternate")
  func alternates() {
    let closeAll = CommandAlternate(
      title: "Close All", action: "closeAll:", modifierFlags: .alternate)
    let close = command("close:", "w", .command, alternates: [closeAll])
    let plain = linux.match(press(0x77, flags: .control), against: [close], layout: nil)
    #expect(plain.keyCommand == close)
    #expect(plain.alternate == nil)
    #expect(plain.action == "close:")
    let held = linux.match(
      press(0x77, flags: [.control, .alternate]), against: [close], layout: nil)
    #expect(held.keyCommand == close)
    #expect(held.alternate == closeAll)
    #expect(held.action == "closeAll:")
    let other = linux.match(press(0x77, flags: [.control, .shift]), against: [close], layout: nil)
    #expect(other.keyCommand == nil)
  }

  @Test(
    "Keysyms map to key inputs",
    arguments: keysymInputCases)
  func keysymInputs(keysym: UInt32, input: KeyInput) {
    #expect(KeyInput(keysym: Keysym(rawValue: keysym)) == input)
  }

  @Test("A legacy keysym maps through the character the caller knows")
  func legacyKeysymUsesCharacter() {
    #expect(KeyInput(keysym: Keysym(rawValue: 0x6c6)) == nil)
    #expect(KeyInput(keysym: Keysym(rawValue: 0x6e6), character: "Ф") == "ф")
    #expect(KeyInput(keysym: Keysym(rawValue: 0xffe1), character: "") == nil)
    #expect(KeyInput(keysym: Keysym(rawValue: 0x6c6), character: "\u{6}") == nil)
  }
}
