import MenuKit
import Testing

@testable import MenuKitXKB

@Suite("Reachability read from the keysym index")
struct ReachabilityIndexTests {
  @Test(
    "The index gives the search's answer for every character the layout types, and ASCII",
    arguments: ["us", "de", "fr", "ru", "il", "gr", "ch", "cz", "ara", "jp", "in", "th"])
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
}
