import Testing

@testable import MenuKit

@Suite("ChordIndex ASCII tables")
struct ChordIndexTableTests {
  /// Every set of the five shortcut modifiers (32, more than the index has ASCII tables for),
  /// in a shuffled order, so that some sets are filed in tables and the others hashed.
  private static let modifierSets: [KeyModifierFlags] = {
    let flags: [KeyModifierFlags] = [.shift, .control, .alternate, .command, .super]
    let sets = (0..<32).map { bits in
      KeyModifierFlags(flags.indices.filter { bits & (1 << $0) != 0 }.map { flags[$0] })
    }
    return (0..<32).map { sets[($0 * 13 + 5) % 32] }
  }()

  /// ASCII inputs (letters, digits, punctuation, controls), inputs of other scripts, special
  /// keys and inputs of several scalars.
  private static let inputs: [KeyInput] =
    (0..<128).map { KeyInput(String(UnicodeScalar(UInt8($0)))) }
    + ["é", "e\u{301}", "ф", "ß", "ab", "→"].map { KeyInput($0) }
    + [.upArrow, .downArrow, .escape, .function(1), .function(12)]

  @Test("positions are those of a dictionary of every chord, in filing order")
  func matchesADictionary() {
    var index = ChordIndex()
    var reference: [String: [Int]] = [:]
    func referenceKey(_ input: KeyInput, _ modifiers: KeyModifierFlags) -> String {
      let code = input.indexCode.map { "code \($0)" } ?? "input \(input)"
      return "\(code) \(modifiers.rawValue)"
    }
    var seed: UInt64 = 29
    var position = 0
    // Each chord filed a few times, chords interleaved, modifier sets met in varying order.
    for round in 0..<3 {
      for modifiers in Self.modifierSets {
        for input in Self.inputs {
          seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
          guard (seed >> 60) % 3 != UInt64(round) else { continue }
          index.add(position, input: input, modifiers: modifiers)
          reference[referenceKey(input, modifiers), default: []].append(position)
          position += 1
        }
      }
    }
    #expect(position > 8_000)
    var mismatches = 0
    for modifiers in Self.modifierSets + [.alphaShift, [.control, .numericPad]] {
      for input in Self.inputs {
        let expected = reference[referenceKey(input, modifiers)]
        if index.positions(input: input, modifiers: modifiers) != expected { mismatches += 1 }
        if let code = input.indexCode,
          index.positions(code: code, modifiers: modifiers) != expected
        {
          mismatches += 1
        }
        // A chord key is the lowercased input's.
        if index.positions(key: StrokeRules.ChordKey(input), modifiers: modifiers)
          != reference[referenceKey(input.lowercased, modifiers)]
        {
          mismatches += 1
        }
      }
    }
    #expect(mismatches == 0)
  }

  @Test("an index of one ASCII chord is not empty, and finds it under its modifiers only")
  func oneChord() {
    var index = ChordIndex()
    index.add(0, input: "k", modifiers: .control)
    #expect(!index.isEmpty)
    #expect(index.positions(input: "k", modifiers: .control) == [0])
    #expect(index.positions(input: "k", modifiers: [.control, .shift]) == nil)
    #expect(index.positions(input: "j", modifiers: .control) == nil)
    #expect(index.positions(code: 0x7F, modifiers: .control) == nil)
    #expect(index.positions(code: 0x80, modifiers: .control) == nil)
  }
}
