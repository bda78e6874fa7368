import Testing

@testable import MenuKitJSON

/// Parses `text` with spans and returns an editor over it and the root node.
private func editing(_ text: String) throws -> (JSONTextEditor, JSONNode) {
  let (root, spans) = try JSONReader.parseWithSpans(text)
  return (JSONTextEditor(text: text, spans: spans), root)
}

/// In-place edits: every byte outside the edited value stays, comments and layout included.
@Suite("JSONTextEditor")
struct JSONTextEditorTests {
  @Test("replacing a value keeps the comments and spacing around it")
  func replaceKeepsTrivia() throws {
    let text = "{ \"keys\": \"F5\", // run it\n  /* why */ \"command\": \"run\" }\n"
    var (editor, root) = try editing(text)
    let keys = try #require(root.value.objectValue?.first?.value)
    editor.replace(keys, with: "\"F6\"")
    #expect(editor.text == "{ \"keys\": \"F6\", // run it\n  /* why */ \"command\": \"run\" }\n")
  }

  @Test(
    "inserting follows the array's layout",
    arguments: [
      ("[1, 2]", "[1, 2, 3]"),
      ("[1, 2,]", "[1, 2, 3,]"),
      ("[]", "[\n  3\n]"),
      ("[\n  1,\n  2 // two\n]", "[\n  1,\n  2, // two\n  3\n]"),
      ("[\n  1,\n  2,\n]", "[\n  1,\n  2,\n  3,\n]"),
    ])
  func insert(text: String, expected: String) throws {
    var (editor, root) = try editing(text)
    editor.insert("3", into: root)
    #expect(editor.text == expected)
    // The result is still JSON, with the new element last.
    let reread = try JSONReader.parse(editor.text)
    #expect(reread.value.arrayValue?.last?.value.numberValue == 3)
  }

  @Test(
    "removing an element takes its comma, and its line when nothing else is on it",
    arguments: [
      ("[1, 2, 3]", 1, "[1, 3]"),
      ("[1, 2, 3]", 0, "[2, 3]"),
      ("[1, 2]", 1, "[1]"),
      ("[1]", 0, "[]"),
      ("[\n  1,\n  2, // two\n  3\n]", 1, "[\n  1,\n  3\n]"),
    ])
  func remove(text: String, index: Int, expected: String) throws {
    var (editor, root) = try editing(text)
    let element = try #require(root.value.arrayValue?[index])
    editor.remove(element, from: root)
    #expect(editor.text == expected)
  }

  @Test("a new element of an array of objects is indented like the first element")
  func elementIndent() throws {
    let (editor, root) = try editing("{\n  \"b\": [\n      {},\n  ]\n}")
    let array = try #require(root.value.objectValue?.first?.value)
    #expect(editor.elementIndent(of: array) == "      ")
    let (oneLine, oneLineRoot) = try editing("{\n  \"b\": []\n}")
    let empty = try #require(oneLineRoot.value.objectValue?.first?.value)
    #expect(oneLine.elementIndent(of: empty) == "    ")
  }
}
