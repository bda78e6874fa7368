import Foundation
import MenuKitJSON
import Testing

@testable import MenuKit

/// Keeps `docs/menu-file.schema.json` and `docs/tools/diagnostics.md` in step with the code.
@Suite("MenuFile documentation")
struct MenuFileDocsTests {
  /// The text of a file in the repository's `docs` folder.
  private func documentation(_ name: String) throws -> String {
    let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs")
    return try String(contentsOf: docs.appendingPathComponent(name), encoding: .utf8)
  }

  /// The property names of the object at `path` (keys separated by `/`) in a JSON tree.
  private func propertyNames(in root: JSONNode, at path: String) -> [String] {
    var node = root
    for key in path.split(separator: "/").map(String.init) {
      guard let member = node.value.objectValue?.first(where: { $0.key == key }) else {
        return []
      }
      node = member.value
    }
    return node.value.objectValue?.map(\.key) ?? []
  }

  @Test("the schema names exactly the fields the loader reads, for every kind of object")
  func schemaFields() throws {
    let schema = try JSONReader.parse(try documentation("menu-file.schema.json"))
    let expectations: [(path: String, fields: [String])] = [
      ("properties", MenuFileDecoder.topLevelFields),
      ("$defs/menu/properties", MenuFileDecoder.menuFields),
      ("$defs/inline/properties", MenuFileDecoder.inlineFields),
      ("$defs/command/properties", MenuFileDecoder.commandFields),
      ("$defs/command/dependentRequired", MenuFileDecoder.keyCommandFields),
      ("$defs/alternate/properties", MenuFileDecoder.alternateFields),
      ("$defs/insertEdit/properties", ["insert"] + MenuFileDecoder.insertPositions),
      ("$defs/replaceEdit/properties", ["replace", "with"]),
      ("$defs/replaceChildrenEdit/properties", ["replaceChildrenOf", "with"]),
      ("$defs/removeEdit/properties", ["remove"]),
    ]
    for (path, fields) in expectations {
      #expect(propertyNames(in: schema, at: path) == fields, "\(path)")
    }
  }

  @Test("diagnostics.md documents every code of MenuKit with its name, severity and version")
  func diagnosticsRegistry() throws {
    let text = try documentation("tools/diagnostics.md")
    for code in DiagnosticCode.all {
      let anchor = "\(code.rawValue.lowercased())-\(code.name)"
      #expect(
        text.contains(
          "| [\(code.rawValue)](#\(anchor)) | `\(code.name)` | \(code.defaultSeverity)"),
        "\(code) is missing from the table")
      #expect(text.contains("### \(code.rawValue) \(code.name)\n"), "\(code) has no section")
    }
    // Every section has a code: MenuKitLintTests' DiagnosticsDocumentationTests counts them
    // against these codes and keymap-lint's, which this target cannot see.
  }
}
