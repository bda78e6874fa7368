import MenuKit
import MenuKitXKB
import Testing

private let keyO = 24
private let key8 = 9
private let keyLeftBrace = 26
private let keyS = 31
private let keyF7 = 65
private let keyBackspace = 14
private let keyTab = 15
private let keypad5 = 76
private let leftControl = 29
private let leftShift = 42
private let leftAlt = 56
private let rightAlt = 100
private let numLock = 69

private func stroke(_ text: String) throws -> KeyboardShortcut {
  try KeyboardShortcut(parsing: text)
}

/// The key command the typing engine asks the matcher about: the stroke's own.
private func command(for stroke: KeyboardShortcut, localizes: Bool = true) -> KeyCommand {
  var command = KeyCommand(
    title: "", action: "typing:", input: stroke.input, modifierFlags: stroke.modifierFlags)
  command.allowsAutomaticLocalization = localizes
  return command
}

/// Types a press on a fresh keyboard of the same keymap through `handle(_:)`, as a person
/// would, and returns the key's began press with the keyboard still holding the keys.
private func feed(_ press: TypedPress, on keymap: XKBKeymap) -> (Press?, XKBKeyboard) {
  let keyboard = XKBKeyboard(keymap: keymap, repeatSettings: KeyRepeatSettings(isEnabled: false))
  var began: Press?
  for event in press.keyEvents(startingAt: 0) {
    let delivered = keyboard.handle(event)
    if event.evdevCode == press.evdevCode, event.direction == .down {
      began = delivered?.presses(in: .began).first
      break
    }
  }
  return (began, keyboard)
}

@Suite("How strokes are typed: the typing engine")
struct StrokeTypingTests {
  @Test("us: Ctrl+O is typed directly at KEY_O with Control_L, an exact match")
  func usDirect() throws {
    let us = try systemKeyboard(layout: "us")
    let typing = us.typing(of: try stroke("Cmd+O"), platform: .linux)
    #expect(typing.verdict == .direct)
    #expect(typing.isTyped)
    let press = try #require(typing.press)
    #expect(press.evdevCode == keyO)
    #expect(press.level == 1)
    #expect(press.modifierKeys.map(\.evdevCode) == [leftControl])
    #expect(press.modifierKeys.map(\.name) == ["Control_L"])
    #expect(press.matchKind == .exact)
    #expect(press.keysym == Keysym(rawValue: 0x6f))
    #expect(typing.relocation == nil)
  }

  @Test("de: Ctrl+[ is relocated to KEY_LEFTBRACE (Ctrl+Ü); AltGr+8 no longer fires it")
  func germanRelocated() throws {
    let de = try systemKeyboard(layout: "de")
    let bracket = try stroke("Ctrl+[")
    let typing = de.typing(of: bracket, platform: .linux)
    #expect(typing.verdict == .relocated)
    let press = try #require(typing.press)
    #expect(press.evdevCode == keyLeftBrace)
    #expect(press.modifierKeys.map(\.evdevCode) == [leftControl])
    #expect(press.matchKind == .localized)
    #expect(press.keysym == Keysym(rawValue: 0xfc))
    #expect(typing.relocatedShortcut == KeyboardShortcut("ü", modifierFlags: .control))

    // The original position: Ctrl+AltGr+8 types '[' but does not fire the localized command.
    let original = de.translatedPress(evdevCode: key8, holding: [leftControl, rightAlt])
    #expect(original.key?.keysym == .bracketLeft)
    let (fed, keyboard) = feed(
      try #require(
        de.typing(of: bracket, platform: .linux, allowsAutomaticLocalization: false).press),
      on: de.state.keymap)
    #expect(fed?.key == original.key)
    let matcher = KeyCommandMatcher(platform: .linux)
    let localized = try matcher.match(
      #require(fed), against: [command(for: bracket)], layout: keyboard)
    #expect(localized.keyCommand == nil)
    let unlocalized = try matcher.match(
      #require(fed), against: [command(for: bracket, localizes: false)], layout: keyboard)
    #expect(unlocalized.kind == .exact)
  }

  @Test("de, localization off: Ctrl+[ needs AltGr: Ctrl+AltGr+8, an exact match")
  func germanNeedsAltGr() throws {
    let de = try systemKeyboard(layout: "de")
    let typing = de.typing(
      of: try stroke("Ctrl+["), platform: .linux, allowsAutomaticLocalization: false)
    #expect(typing.verdict == .needsAltGr)
    let press = try #require(typing.press)
    #expect(press.evdevCode == key8)
    #expect(press.level == 3)
    #expect(press.modifierKeys.map(\.evdevCode) == [leftControl, rightAlt])
    #expect(press.levelModifierKeys.map(\.name) == ["ISO_Level3_Shift"])
    #expect(press.holdsLevelShift)
    #expect(press.matchKind == .exact)
  }

  @Test("de: Ctrl+Ü is typed directly at KEY_LEFTBRACE")
  func germanUmlaut() throws {
    let de = try systemKeyboard(layout: "de")
    let typing = de.typing(of: try stroke("Ctrl+Ü"), platform: .linux)
    #expect(typing.verdict == .direct)
    #expect(typing.press?.evdevCode == keyLeftBrace)
    #expect(typing.press?.matchKind == .exact)
  }

  // The docs' example (docs/tools/keymap-lint.md): '[' needs AltGr on se, and automatic localization
  // relocates Ctrl+Shift+[ to Ctrl+Shift+Å. Without localization, Ctrl+Shift+AltGr+8 fires it:
  // Shift moves the key to level 4, and the press reads, Shift spelled out, as the level-3
  // `[` with Shift (decision 0009). The engine says what the matcher says.
  @Test("se: Ctrl+Shift+[ is relocated to Ctrl+Shift+Å; without localization it needs AltGr")
  func swedishShiftedBracket() throws {
    let se = try systemKeyboard(layout: "se")
    let fold = try stroke("Ctrl+Shift+[")
    let typing = se.typing(of: fold, platform: .linux)
    #expect(typing.verdict == .relocated)
    #expect(typing.press?.evdevCode == keyLeftBrace)
    #expect(typing.press?.modifierKeys.map(\.evdevCode) == [leftControl, leftShift])
    #expect(typing.relocatedShortcut == KeyboardShortcut("å", modifierFlags: [.control, .shift]))

    let original = se.typing(of: fold, platform: .linux, allowsAutomaticLocalization: false)
    #expect(original.verdict == .needsAltGr)
    let press = try #require(original.press)
    #expect(press.evdevCode == key8)
    #expect(press.level == 3)
    #expect(press.holdsLevelShift)
    #expect(press.fires)
  }

  @Test("ru: Ctrl+S is typed at KEY_S through the Latin fallback")
  func russianFallback() throws {
    let ru = try systemKeyboard(layout: "ru")
    let typing = ru.typing(of: try stroke("Cmd+S"), platform: .linux)
    #expect(typing.verdict == .direct)
    #expect(typing.press?.evdevCode == keyS)
    #expect(typing.press?.matchKind == .fallback)
    #expect(typing.press?.keysym.name == "Cyrillic_yeru")
  }

  @Test("us: Ctrl+Alt+F7 is the layout's XF86Switch_VT_7; Ctrl+F7 is typed directly")
  func virtualTerminalSwitch() throws {
    // A hermetic context: the default evdev rules, whatever XKB_DEFAULT_OPTIONS says.
    let us = try systemKeyboard(layout: "us")
    let typing = us.typing(of: try stroke("Ctrl+Alt+F7"), platform: .linux)
    #expect(typing.verdict == .layoutAction)
    #expect(!typing.isTyped)
    let press = try #require(typing.press)
    #expect(press.evdevCode == keyF7)
    #expect(press.modifierKeys.map(\.evdevCode) == [leftControl, leftAlt])
    #expect(press.keysym.name == "XF86Switch_VT_7")
    #expect(press.matchKind == nil)
    #expect(typing.systemAction == "switches to virtual terminal 7")
    // No detour: AltGr+Ctrl+Alt+F7 reaches F7 on de's level 3, but AltGr is not how F7 is typed.
    let de = try systemKeyboard(layout: "de")
    #expect(de.typing(of: try stroke("Ctrl+Alt+F7"), platform: .linux).verdict == .layoutAction)

    let plain = us.typing(of: try stroke("Ctrl+F7"), platform: .linux)
    #expect(plain.verdict == .direct)
    #expect(plain.press?.keysym.name == "F7")
  }

  @Test("Ctrl+Alt+Backspace is Terminate_Server only with terminate:ctrl_alt_bksp")
  func terminateServer() throws {
    let keys = try stroke("Ctrl+Alt+Backspace")
    let plain = try systemKeyboard(layout: "us")
    #expect(plain.typing(of: keys, platform: .linux).verdict == .direct)
    let terminating = try systemKeyboard(
      XKBKeymap.RuleNames(layout: "us", options: "terminate:ctrl_alt_bksp"))
    let typing = terminating.typing(of: keys, platform: .linux)
    #expect(typing.verdict == .layoutAction)
    #expect(typing.press?.evdevCode == keyBackspace)
    #expect(typing.press?.keysym.name == "Terminate_Server")
    #expect(typing.systemAction == "terminates the X server")
  }

  // Shift turns Tab into ISO_Left_Tab and is consumed, so the press reads as Tab; Shift spelled
  // out (decision 0009) reads it as Shift+Tab as well, so a Shift+Tab key command fires.
  @Test("us: Shift+Tab is typed directly, Shift spelled out")
  func shiftTab() throws {
    let us = try systemKeyboard(layout: "us")
    let typing = us.typing(of: try stroke("Shift+Tab"), platform: .linux)
    #expect(typing.verdict == .direct)
    #expect(typing.press?.evdevCode == keyTab)
    #expect(typing.press?.keysym.name == "ISO_Left_Tab")
  }

  @Test("a keypad digit is typed with Num Lock, tapped before and after")
  func keypadDigit() throws {
    let us = try systemKeyboard(layout: "us")
    let typing = us.typing(
      of: KeyboardShortcut(.keypad(5), modifierFlags: .control), platform: .linux)
    #expect(typing.verdict == .direct)
    let press = try #require(typing.press)
    #expect(press.evdevCode == keypad5)
    #expect(press.modifierKeys.map(\.name) == ["Control_L", "Num_Lock"])
    let events = press.keyEvents(startingAt: 0).map { "\($0.evdevCode) \($0.direction)" }
    #expect(
      events == [
        "69 down", "69 up", "29 down", "76 down", "76 up", "29 up", "69 down", "69 up",
      ])
  }

  @Test("the modifier keys come from the keymap: AltGr on de, none on us (LVL3 is not a key)")
  func modifierKeys() throws {
    let de = try systemKeyboard(layout: "de")
    let altGr = try #require(de.modifierKeys.first { $0.isLevelShift })
    #expect(altGr.evdevCode == rightAlt)
    #expect(altGr.name == "ISO_Level3_Shift")
    #expect(altGr.modifiers == ["Mod5"])
    #expect(altGr.label == "AltGr")
    let us = try systemKeyboard(layout: "us")
    #expect(!us.modifierKeys.contains { $0.isLevelShift })
    #expect(us.modifierKeys.first { $0.evdevCode == rightAlt }?.modifiers == ["Mod1"])
    #expect(Array(us.modifierKeys.prefix(4).map(\.evdevCode)) == [leftShift, 54, leftControl, 97])
  }

  @Test("a hypothetical press is handle(_:)'s press, and leaves the keyboard's state alone")
  func translationIsTheProductionPath() throws {
    let de = try systemKeyboard(layout: "de")
    _ = de.handle(KeyEvent(evdevCode: leftShift, direction: .down, timestamp: 0))
    let translated = de.translatedPress(evdevCode: key8, holding: [leftControl, rightAlt])
    #expect(de.heldKeys == [leftShift])
    #expect(de.state.isModifierActive(named: "Shift"))
    #expect(!de.state.isModifierActive(named: "Control"))

    let fresh = try systemKeyboard(layout: "de")
    let expected = pressKey(fresh, key8, holding: [leftControl, rightAlt])
    #expect(translated.key == expected?.key)
    #expect(translated.key?.modifierFlags == .control)
    #expect(translated.phase == .began)
    // The answer does not depend on what the keyboard holds.
    let typing = de.typing(of: try stroke("Ctrl+Ü"), platform: .linux)
    #expect(typing.press?.modifierKeys.map(\.evdevCode) == [leftControl])
    #expect(de.heldKeys == [leftShift])
  }

  @Test("Shift Shift is a tap of the left Shift key")
  func modifierTap() throws {
    let us = try systemKeyboard(layout: "us")
    let tap = try KeySequence(parsing: "Shift Shift").strokes[0]
    let typing = us.typing(of: tap, platform: .linux)
    #expect(typing.verdict == .direct)
    #expect(typing.press?.evdevCode == leftShift)
    #expect(typing.press?.modifierKeys.isEmpty == true)
  }

  @Test("a character no key types, nor US QWERTY, is unreachable")
  func unreachable() throws {
    let us = try systemKeyboard(layout: "us")
    let typing = us.typing(of: try stroke("Ctrl+ф"), platform: .linux)
    #expect(typing.verdict == .unreachable)
    #expect(typing.press == nil)
  }
}

@Suite("The typing engine never lies to the matcher")
struct StrokeTypingPropertyTests {
  @Test("every named press, typed on a fresh keyboard, fires exactly when the engine says so")
  func engineAgreesWithMatcher() throws {
    let inputs =
      (0x20...0x7e).map { KeyInput(String(UnicodeScalar(UInt8($0)))) }
      + KeyInput.SpecialKey.allCases.map { KeyInput($0) }
    let modifierSets: [KeyModifierFlags] = [
      [], .control, [.control, .shift], .alternate, [.control, .alternate],
    ]
    var counts: [StrokeTyping.Verdict: Int] = [:]
    var kinds: [String: Int] = [:]
    var checked = 0
    for layout in ["us", "de", "fr", "ru"] {
      let keyboard = try systemKeyboard(layout: layout)
      let keymap = keyboard.state.keymap
      for input in inputs {
        for modifiers in modifierSets {
          for localizes in [true, false] {
            let shortcut = KeyboardShortcut(input, modifierFlags: modifiers)
            let typing = keyboard.typing(
              of: shortcut, platform: .linux, allowsAutomaticLocalization: localizes)
            counts[typing.verdict, default: 0] += 1
            guard let press = typing.press else { continue }
            let (fed, fresh) = feed(press, on: keymap)
            let match = KeyCommandMatcher(platform: .linux).match(
              try #require(fed), against: [command(for: shortcut, localizes: localizes)],
              layout: fresh)
            checked += 1
            #expect(fed?.key == press.key, "\(layout) \(shortcut): the press differs")
            #expect(
              (match.keyCommand != nil) == typing.isTyped,
              "\(layout) \(shortcut) localizes=\(localizes): engine \(typing.verdict)")
            #expect(match.kind == press.matchKind, "\(layout) \(shortcut)")
            if let kind = match.kind { kinds[kind.rawValue, default: 0] += 1 }
          }
        }
      }
    }
    let summary = StrokeTyping.Verdict.allCases.map { "\($0.rawValue) \(counts[$0] ?? 0)" }
    print(
      "typing engine vs matcher: \(checked) presses checked; "
        + summary.joined(separator: ", ") + "; fired as "
        + kinds.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
    #expect(checked > 4000)
    #expect((counts[.direct] ?? 0) > 2000)
    #expect((counts[.relocated] ?? 0) > 0)
    #expect((counts[.layoutAction] ?? 0) > 0)
  }
}

@Suite("The typing engine's uncached answers")
struct UncachedTypingTests {
  @Test(
    "uncachedTyping answers exactly as typing, on a fresh keyboard and after the cache holds it")
  func uncachedEqualsCached() throws {
    let inputs =
      (0x20...0x7e).map { KeyInput(String(UnicodeScalar(UInt8($0)))) }
      + [KeyInput(.f7), KeyInput(.tab), KeyInput(.backspace)]
    let modifierSets: [KeyModifierFlags] = [
      .control, [.control, .shift], [.control, .alternate], .command,
    ]
    var verdicts: Set<StrokeTyping.Verdict> = []
    for layout in ["us", "de", "se", "ru", "il"] {
      // One keyboard answers uncached first, then cached; the other only cached: the cache
      // neither feeds the uncached answer nor is disturbed by it.
      let first = try systemKeyboard(layout: layout)
      let second = try systemKeyboard(layout: layout)
      for input in inputs {
        for modifiers in modifierSets {
          for localizes in [true, false] {
            let shortcut = KeyboardShortcut(input, modifierFlags: modifiers)
            let uncached = first.uncachedTyping(
              of: shortcut, platform: .linux, allowsAutomaticLocalization: localizes)
            let cached = second.typing(
              of: shortcut, platform: .linux, allowsAutomaticLocalization: localizes)
            #expect(uncached == cached, "\(layout) \(shortcut) localizes=\(localizes)")
            #expect(
              first.typing(of: shortcut, platform: .linux, allowsAutomaticLocalization: localizes)
                == cached)
            verdicts.insert(uncached.verdict)
          }
        }
      }
    }
    #expect(verdicts.isSuperset(of: [.direct, .needsAltGr, .relocated, .layoutAction]))
  }
}

@Suite("The scratch keyboard between translations")
struct ScratchResetTests {
  @Test("many strokes in a row on one keyboard: each answered as a fresh keyboard does")
  func sharedScratchEqualsFresh() throws {
    let inputs =
      (0x20...0x7e).map { KeyInput(String(UnicodeScalar(UInt8($0)))) }
      + [KeyInput(.f7), KeyInput(.tab), KeyInput.keypad(5), KeyInput.keypad(0)]
    let modifierSets: [KeyModifierFlags] = [
      .control, [.control, .shift], [.control, .alternate], .command, [],
    ]
    var lockPresses = 0
    for layout in ["us", "de", "se", "ru", "fr"] {
      // One keyboard's scratch keyboard serves every question (its reset is skipped when the
      // previous translation left it clean); a fresh keyboard's is reset before its first.
      let shared = try systemKeyboard(layout: layout)
      let keymap = shared.state.keymap
      for input in inputs {
        for modifiers in modifierSets {
          for localizes in [true, false] {
            let shortcut = KeyboardShortcut(input, modifierFlags: modifiers)
            let fresh = XKBKeyboard(
              keymap: keymap, repeatSettings: KeyRepeatSettings(isEnabled: false))
            let answer = shared.uncachedTyping(
              of: shortcut, platform: .linux, allowsAutomaticLocalization: localizes)
            let reference = fresh.uncachedTyping(
              of: shortcut, platform: .linux, allowsAutomaticLocalization: localizes)
            #expect(answer == reference, "\(layout) \(shortcut) localizes=\(localizes)")
            if answer.press?.modifierKeys.contains(where: { $0.isLock }) == true {
              lockPresses += 1
            }
          }
        }
        // A hypothetical press through the same scratch keyboard, then the next stroke.
        #expect(
          shared.translatedPress(evdevCode: keypad5, holding: [leftShift])
            == XKBKeyboard(keymap: keymap).translatedPress(
              evdevCode: keypad5, holding: [leftShift]))
      }
    }
    #expect(lockPresses > 0)
  }
}

@Suite("The sweep's typing keyboard")
struct SweepTypingKeyboardTests {
  /// Strokes over ASCII, special keys and the keypad, with the modifier sets shortcuts use.
  static var strokes: [KeyboardShortcut] {
    let inputs =
      (0x20...0x7e).map { KeyInput(String(UnicodeScalar(UInt8($0)))) }
      + [KeyInput(.f7), KeyInput(.tab), KeyInput(.backspace), KeyInput.keypad(5)]
      + ["ä", "å", "ü", "ß", "é", "ж", "ש"].map { KeyInput($0) }
    let modifierSets: [KeyModifierFlags] = [
      .control, [.control, .shift], [.control, .alternate], [.control, .alternate, .shift],
      .command, [],
    ]
    return inputs.flatMap { input in
      modifierSets.map { KeyboardShortcut(input, modifierFlags: $0) }
    }
  }

  @Test(
    "A keyboard made for typing (init(typingOn:), uncached) answers as a default keyboard does",
    arguments: ["us", "de", "se", "ru", "il", "fr", "pl", "us,ru", "ru,us", "de,us"])
  func typingKeyboardEqualsDefault(layout: String) throws {
    let keymap = try systemKeymap(XKBKeymap.RuleNames(layout: layout))
    let sweep = XKBKeyboard(typingOn: keymap)
    let reference = XKBKeyboard(keymap: keymap)
    var verdicts: Set<StrokeTyping.Verdict> = []
    for shortcut in Self.strokes {
      for localizes in [true, false] {
        let answer = sweep.uncachedTyping(
          of: shortcut, platform: .linux, allowsAutomaticLocalization: localizes)
        let expected = reference.typing(
          of: shortcut, platform: .linux, allowsAutomaticLocalization: localizes)
        #expect(answer == expected, "\(layout) \(shortcut) localizes=\(localizes)")
        verdicts.insert(answer.verdict)
      }
    }
    #expect(verdicts.count >= 3, "\(layout)")
  }

  @Test("consumedModifiers reads the same with one answer per key as with every answer kept")
  func consumedModifiersWithoutTable() throws {
    for layout in ["us", "de", "fr"] {
      let keymap = try systemKeymap(XKBKeymap.RuleNames(layout: layout))
      let sweep = XKBKeyboard(typingOn: keymap)
      let reference = XKBKeyboard(keymap: keymap)
      // The same presses twice: the second round reads each answer from the caches.
      for _ in 0..<2 {
        for code in [2, 3, 9, 12, 16, 26, 30, 39, 52, 53, 59, 71, 76] {
          for holding in [[], [42], [29], [29, 42], [29, 56], [100], [42, 100]] {
            let a = sweep.translatedPress(evdevCode: code, holding: holding)
            let b = reference.translatedPress(evdevCode: code, holding: holding)
            guard let keyA = a.key, let keyB = b.key else {
              #expect(a.key == nil && b.key == nil)
              continue
            }
            #expect(
              sweep.consumedModifiers(for: keyA) == reference.consumedModifiers(for: keyB),
              "\(layout) \(code) \(holding)")
          }
        }
      }
    }
  }
}
