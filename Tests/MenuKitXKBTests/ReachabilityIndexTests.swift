import MenuKit
import Testing

@testable import MenuKitXKB

@Suite("Reachability read from the keysym index")
struct ReachabilityIndexTests {
  /// Layouts of several scripts, with and without AltGr levels and dead keys.
  static let layouts = ["us", "de", "fr", "ru", "il", "gr", "ch", "cz", "ara", "jp", "in", "th"]

  @Test(
    "The index gives the search's answer for every character the layout types, and ASCII",
    arguments: ReachabilityIndexTests.layouts)
  func indexMatchesSearch(layout: String) throws {
    let keyboard = try systemKeyboard(layout: layout)
    let keymap = keyboard.state.keymap
    var inputs: Set<KeyInput> = []
    for value in UInt32(0x21)...0x7e {
      if let scalar = Unicode.Scalar(value) { inputs.insert(KeyInput(String(scalar))) }
    }
    for code in keymap.evdevCodes {
      for level in 0..<keymap.levelCount(forEvdevCode: code, layout: 0) {
        for keysym in keymap.keysyms(forEvdevCode: code, layout: 0, level: level) {
          if let text = XKBKeyboard.character(of: keysym) { inputs.insert(KeyInput(text)) }
        }
      }
    }
    #expect(inputs.count > 94)
    var mismatches: [String] = []
    for input in inputs {
      let lowered = XKBKeyboard.lowercased(input)
      let targets = XKBKeyboard.keysyms(for: lowered)
      let searched = keyboard.searchedReachability(of: lowered, targets: targets)
      if keyboard.reachability(of: input) != searched {
        mismatches.append("\(input): \(keyboard.reachability(of: input)) vs \(searched)")
      }
    }
    #expect(mismatches == [], "\(layout)")
  }

  @Test(
    "With the input index read, reachability's places come from it and equal the keysym table's",
    arguments: ReachabilityIndexTests.layouts)
  func inputIndexPlacesMatchKeysymTable(layout: String) throws {
    let keyboard = try systemKeyboard(layout: layout)
    let keymap = keyboard.state.keymap
    let table = keyboard.keysymPlaces
    _ = keyboard.inputIndex
    var keysyms: Set<Keysym> = []
    for code in keymap.evdevCodes {
      for level in 0..<keymap.levelCount(forEvdevCode: code, layout: 0) {
        keysyms.formUnion(keymap.keysyms(forEvdevCode: code, layout: 0, level: level))
      }
    }
    var mismatches: [String] = []
    for keysym in keysyms {
      let fromIndex = keyboard.places(of: keysym).map { [$0.evdevCode, $0.level, $0.order] }
      let fromTable = (table[keysym] ?? []).map { [$0.evdevCode, $0.level, $0.order] }
      if fromIndex != fromTable { mismatches.append("\(keysym): \(fromIndex) vs \(fromTable)") }
    }
    // And every answer is still the search's.
    for value in UInt32(0x21)...0x7e {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let input = KeyInput(String(scalar))
      let lowered = XKBKeyboard.lowercased(input)
      let searched = keyboard.searchedReachability(
        of: lowered, targets: XKBKeyboard.keysyms(for: lowered))
      if keyboard.reachability(of: input) != searched { mismatches.append("\(input)") }
    }
    for keysym in keysyms {
      guard let text = XKBKeyboard.character(of: keysym) else { continue }
      let input = KeyInput(text)
      let lowered = XKBKeyboard.lowercased(input)
      let searched = keyboard.searchedReachability(
        of: lowered, targets: XKBKeyboard.keysyms(for: lowered))
      if keyboard.reachability(of: input) != searched { mismatches.append("\(input)") }
    }
    #expect(keysyms.count > 90)
    #expect(mismatches == [], "\(layout)")
  }
}

@Suite("The Latin fallback's index")
struct FallbackIndexTests {
  @Test(
    "The Latin fallback's index is the one its definition builds, with one group or several",
    arguments: ["us", "ru", "il", "us,ru", "ru,us", "de,us"])
  func fallbackIndexMatchesDefinition(layout: String) throws {
    let keyboard = try systemKeyboard(layout: layout)
    let keymap = keyboard.state.keymap
    var expected: [KeyInput: [Int]] = [:]
    func add(_ keysym: Keysym, _ code: Int) {
      guard let input = KeyInput(keysym: keysym), !(expected[input]?.contains(code) ?? false)
      else { return }
      expected[input, default: []].append(code)
    }
    for group in 0..<keymap.layoutCount where group != keyboard.state.activeLayout {
      for code in keymap.evdevCodes {
        if let keysym = keymap.keysyms(forEvdevCode: code, layout: group, level: 0)
          .first(where: XKBKeyboard.isLatinKeysym)
        {
          add(keysym, code)
        }
      }
    }
    for (code, keysym) in USQWERTY.keysyms.sorted(by: { $0.key < $1.key }) { add(keysym, code) }
    #expect(expected.count > 40)
    #expect(keyboard.fallbackIndex == expected, "\(layout)")
  }
}

@Suite("Keysyms' inputs read from the table")
struct KeysymInputsTests {
  @Test("The table gives KeyInput(keysym:character:) for every keysym it holds, and beyond")
  func tableMatchesInitializer() {
    var values = Array(UInt32(0)..<0x1000) + Array(UInt32(0xfe00)..<0x1_0000)
    values += [0x1000, 0x1234, 0xfdff, 0x1_0000, 0x0100_00e9, 0x0100_0416, 0x0100_05d0]
    values += Array(UInt32(0x0100_0100)..<0x0100_0600)
    var found = 0
    for value in values {
      let keysym = Keysym(rawValue: value)
      let expected = KeyInput(keysym: keysym, character: XKBKeyboard.character(of: keysym))
      #expect(KeysymInputs.input(of: keysym) == expected, "\(value)")
      if expected != nil { found += 1 }
    }
    #expect(found > 1000)
  }
}
