import MenuKit
import MenuKitTestSupport
import Testing

/// A German-like layout: `[` needs AltGr and is relocated to `ü` at level 1 of its key.
private final class FakeGermanLayout: KeyboardLayoutProviding {
  let relocations: [KeyInput: ShortcutLocation] = [
    "[": ShortcutLocation(evdevCode: 26, level: 1, keysym: Keysym(rawValue: 0xfc), input: "ü"),
    "]": ShortcutLocation(evdevCode: 27, level: 1, keysym: Keysym(rawValue: 0x2b), input: "+"),
    "{": ShortcutLocation(evdevCode: 26, level: 2, keysym: Keysym(rawValue: 0xdc), input: "ü"),
  ]

  func consumedModifiers(for key: Key) -> KeyModifierFlags {
    key.keysym == key.keysymIgnoringModifiers ? [] : [.shift]
  }
  func latinKeysyms(for key: Key) -> [Keysym] { [] }
  func relocatedKey(for input: KeyInput) -> ShortcutLocation? { relocations[input] }
}

/// A press of a key with a keysym, its first-level keysym, and modifiers.
private func press(_ keysym: UInt32, base: UInt32? = nil, flags: KeyModifierFlags) -> Press {
  let key = Key(
    keyCode: nil, evdevCode: 26, characters: "", charactersIgnoringModifiers: "",
    modifierFlags: flags, keysym: Keysym(rawValue: keysym),
    keysymIgnoringModifiers: Keysym(rawValue: base ?? keysym))
  return Press(phase: .began, timestamp: 0, key: key)
}

private let bracketLeft: UInt32 = 0x5b
private let bracketRight: UInt32 = 0x5d
private let udiaeresis: UInt32 = 0xfc
private let linux = KeyCommandMatcher(platform: .linux)

private func keyCommand(
  _ action: ActionName, _ input: KeyInput, localizes: Bool = true, mirrors: Bool = true
) -> KeyCommand {
  var command = KeyCommand(action: action, input: input, modifierFlags: .command)
  command.allowsAutomaticLocalization = localizes
  command.allowsAutomaticMirroring = mirrors
  return command
}

@Suite("Automatic shortcut localization and mirroring")
struct ShortcutLocalizationTests {
  @Test("A relocated key command fires at its relocated input with kind localized")
  func relocatedFires() {
    let back = keyCommand("goBack:", "[")
    let result = linux.match(
      press(udiaeresis, flags: .control), against: [back], layout: FakeGermanLayout())
    #expect(result.keyCommand == back)
    #expect(result.kind == .localized)
  }

  @Test("A relocated key command no longer fires at its original input")
  func originalPositionDoesNotFire() {
    let back = keyCommand("goBack:", "[")
    let result = linux.match(
      press(bracketLeft, flags: .control), against: [back], layout: FakeGermanLayout())
    #expect(result.keyCommand == nil)
    #expect(result.candidates.isEmpty)
  }

  @Test("Without automatic localization the key command stays at its input")
  func localizationOff() {
    let back = keyCommand("goBack:", "[", localizes: false)
    let layout = FakeGermanLayout()
    let original = linux.match(press(bracketLeft, flags: .control), against: [back], layout: layout)
    #expect(original.keyCommand == back)
    #expect(original.kind == .exact)
    let relocated = linux.match(press(udiaeresis, flags: .control), against: [back], layout: layout)
    #expect(relocated.keyCommand == nil)
  }

  @Test("A relocation to a cased letter at level 2 needs Shift")
  func shiftedRelocation() {
    let fold = keyCommand("fold:", "{")
    let layout = FakeGermanLayout()
    let shifted = linux.match(
      press(0xdc, base: udiaeresis, flags: [.control, .shift]), against: [fold], layout: layout)
    #expect(shifted.keyCommand == fold)
    #expect(shifted.kind == .localized)
    let unshifted = linux.match(press(udiaeresis, flags: .control), against: [fold], layout: layout)
    #expect(unshifted.keyCommand == nil)
  }

  @Test("An exact match beats a relocated key command that lands on its key")
  func exactBeatsLocalized() {
    let back = keyCommand("goBack:", "[")
    let umlaut = keyCommand("umlaut:", "ü")
    let result = linux.match(
      press(udiaeresis, flags: .control), against: [back, umlaut], layout: FakeGermanLayout())
    #expect(result.keyCommand == umlaut)
    #expect(result.kind == .exact)
    #expect(result.candidates.map(\.lossReason) == [.beatenByExact, nil])
  }

  @Test("Without a layout, or with one that relocates nothing, nothing is localized")
  func defaultImplementationRelocatesNothing() {
    let back = keyCommand("goBack:", "[")
    let layout = FakeLayout()
    #expect(layout.relocatedKey(for: "[") == nil)
    #expect(layout.reachability(of: "[") == .unreachable)
    for provider in [nil, layout] as [(any KeyboardLayoutProviding)?] {
      let result = linux.match(
        press(bracketLeft, flags: .control), against: [back], layout: provider)
      #expect(result.kind == .exact)
    }
  }

  @Test("The localized label shows the relocated key's character uppercased")
  func localizedLabel() {
    let layout = FakeGermanLayout()
    let back = KeyboardShortcut("[", modifierFlags: .command)
    #expect(layout.localizedLabel(for: back, platform: .linux) == "Ctrl+Ü")
    #expect(layout.localizedLabel(for: back, platform: .mac) == "⌘Ü")
    let fold = KeyboardShortcut("{", modifierFlags: .command)
    #expect(layout.localizedLabel(for: fold, platform: .linux) == "Ctrl+Shift+Ü")
    let open = KeyboardShortcut("o", modifierFlags: .command)
    #expect(layout.localizedLabel(for: open, platform: .linux) == "Ctrl+O")
  }

  @Test(
    "Mirrored pairs swap and other inputs do not",
    arguments: [
      (KeyInput("["), KeyInput("]")), ("]", "["), ("{", "}"), ("}", "{"), ("(", ")"),
      (")", "("), ("<", ">"), (">", "<"), (.leftArrow, .rightArrow), (.rightArrow, .leftArrow),
    ])
  func mirroredPairs(input: KeyInput, mirrored: KeyInput) {
    #expect(KeyCommandMatcher.mirroredInput(input) == mirrored)
  }

  @Test("Inputs outside the pairs have no mirror", arguments: [KeyInput("o"), "/", .upArrow])
  func notMirrored(input: KeyInput) {
    #expect(KeyCommandMatcher.mirroredInput(input) == nil)
  }

  @Test("In a right-to-left context Cmd+[ fires on Ctrl+] with kind mirrored, not on Ctrl+[")
  func mirroring() {
    let back = keyCommand("goBack:", "[")
    let mirrored = linux.match(
      press(bracketRight, flags: .control), against: [back], layout: nil,
      layoutDirection: .rightToLeft)
    #expect(mirrored.keyCommand == back)
    #expect(mirrored.kind == .mirrored)
    let original = linux.match(
      press(bracketLeft, flags: .control), against: [back], layout: nil,
      layoutDirection: .rightToLeft)
    #expect(original.keyCommand == nil)
  }

  @Test("Back and Forward swap together in a right-to-left context")
  func backAndForward() {
    let back = keyCommand("goBack:", "[")
    let forward = keyCommand("goForward:", "]")
    let onRight = linux.match(
      press(bracketRight, flags: .control), against: [back, forward], layout: nil,
      layoutDirection: .rightToLeft)
    #expect(onRight.keyCommand == back)
    let onLeft = linux.match(
      press(bracketLeft, flags: .control), against: [back, forward], layout: nil,
      layoutDirection: .rightToLeft)
    #expect(onLeft.keyCommand == forward)
  }

  @Test("Without automatic mirroring, or left to right, the original input fires")
  func mirroringOff() {
    let back = keyCommand("goBack:", "[", mirrors: false)
    let result = linux.match(
      press(bracketLeft, flags: .control), against: [back], layout: nil,
      layoutDirection: .rightToLeft)
    #expect(result.keyCommand == back)
    #expect(result.kind == .exact)
    let mirroring = keyCommand("goBack:", "[")
    let leftToRight = linux.match(
      press(bracketLeft, flags: .control), against: [mirroring], layout: nil)
    #expect(leftToRight.kind == .exact)
  }

  @Test("Cmd+Left and Cmd+Right swap in a right-to-left context")
  func arrows() {
    let left = keyCommand("moveLeft:", .leftArrow)
    let right = keyCommand("moveRight:", .rightArrow)
    let pressRight = press(0xff53, flags: .control)
    let result = linux.match(
      pressRight, against: [left, right], layout: nil, layoutDirection: .rightToLeft)
    #expect(result.keyCommand == left)
    #expect(result.kind == .mirrored)
    let leftToRight = linux.match(pressRight, against: [left, right], layout: nil)
    #expect(leftToRight.keyCommand == right)
  }

  @Test("An exact match beats a mirrored one on the same key")
  func exactBeatsMirrored() {
    let back = keyCommand("goBack:", "[")
    let fixed = keyCommand("alignRight:", "]", mirrors: false)
    let result = linux.match(
      press(bracketRight, flags: .control), against: [back, fixed], layout: nil,
      layoutDirection: .rightToLeft)
    #expect(result.keyCommand == fixed)
    #expect(result.candidates.map(\.lossReason) == [.beatenByExact, nil])
  }

  @Test("A mirrored input that needs relocation is relocated: Cmd+[ in RTL on de is Ctrl++")
  func mirroredThenLocalized() {
    let back = keyCommand("goBack:", "[")
    let result = linux.match(
      press(0x2b, flags: .control), against: [back], layout: FakeGermanLayout(),
      layoutDirection: .rightToLeft)
    #expect(result.keyCommand == back)
    #expect(result.kind == .localized)
  }
}
