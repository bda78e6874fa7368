import Testing

@testable import MenuKit

/// A key with the given texts.
private func key(_ characters: String, _ ignoringModifiers: String = "") -> Key {
  Key(
    keyCode: nil, evdevCode: 30, characters: characters,
    charactersIgnoringModifiers: ignoringModifiers, modifierFlags: [],
    keysym: Keysym(rawValue: 0x61), keysymIgnoringModifiers: Keysym(rawValue: 0x61))
}

@Suite("Key texts stored inline")
struct InlineTextTests {
  @Test(
    "texts up to 15 UTF-8 bytes read back exactly",
    arguments: [
      "", "a", "A", "ß", "é", "e\u{301}", "ф", "€", "😀", "𝄞", "\u{7F}", "\r", "ab",
      "123456789012345", "éééééééé".dropLast(1).description, "😀😀😀",
    ])
  func inline(_ text: String) {
    #expect(text.utf8.count <= 15)
    let stored = InlineText(text)
    #expect(stored.string == text)
    #expect(Array(stored.string.utf8) == Array(text.utf8))  // the same spelling, byte for byte
    #expect(stored.isEmpty == text.isEmpty)
  }

  @Test(
    "longer texts are kept whole, each as it was stored",
    arguments: [
      "1234567890123456", "a much longer text that a key could type",
      String(repeating: "😀", count: 40), "e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}",
      "\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}",
    ])
  func interned(_ text: String) {
    #expect(text.utf8.count > 15)
    let stored = InlineText(text)
    #expect(Array(stored.string.utf8) == Array(text.utf8))
    #expect(!stored.isEmpty)
    // The same text stored again reads back the same.
    #expect(InlineText(text).string == stored.string)
  }

  @Test("canonically equivalent long texts keep their own spelling")
  func internedSpellings() {
    let decomposed = String(repeating: "e\u{301}", count: 9)
    let composed = String(repeating: "\u{E9}", count: 9)
    #expect(decomposed == composed)
    #expect(Array(InlineText(decomposed).string.utf8) == Array(decomposed.utf8))
    #expect(Array(InlineText(composed).string.utf8) == Array(composed.utf8))
  }

  @Test("a key's texts can be set, and read back through its properties")
  func keyProperties() {
    var pressed = key("a", "a")
    #expect(pressed.characters == "a")
    #expect(pressed.charactersIgnoringModifiers == "a")
    pressed.characters = "Å"
    pressed.charactersIgnoringModifiers = String(repeating: "x", count: 30)
    #expect(pressed.characters == "Å")
    #expect(pressed.charactersIgnoringModifiers == String(repeating: "x", count: 30))
    #expect(pressed.typesNothing == false)
    pressed.characters = ""
    #expect(pressed.typesNothing)
  }

  @Test("keys compare and hash their texts as strings do")
  func keyEquality() {
    #expect(key("é") == key("e\u{301}"))
    #expect(Set([key("é"), key("e\u{301}")]).count == 1)
    #expect(key("a") != key("b"))
    #expect(key("a", "a") != key("a", "b"))
    let long = String(repeating: "x", count: 20)
    #expect(key(long) == key(long))
    #expect(key(long) != key(long + "y"))
    #expect(Set([key(long), key(long), key("x")]).count == 2)
  }

  @Test("keys with long texts are made from many tasks at once and read back whole")
  func concurrentInterning() async {
    let texts = (0..<64).map { "a text longer than fifteen bytes, number \($0)" }
    let results = await withTaskGroup(of: (Int, String).self) { group in
      for (index, text) in texts.enumerated() {
        group.addTask { (index, key(text).characters) }
      }
      var results = [String](repeating: "", count: texts.count)
      for await (index, text) in group { results[index] = text }
      return results
    }
    #expect(results == texts)
  }
}
