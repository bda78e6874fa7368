import Foundation
import MenuKit
import MenuKitLint
import Testing

/// keymap-lint's codes are declared beside its rules, in MenuKitLint; docs/tools/diagnostics.md
/// documents them with MenuKit's, one section a code and no section without one.
struct LintCodesDocumentationTests {
  static let diagnostics = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("docs/tools/diagnostics.md")

  @Test("every keymap-lint code is in diagnostics.md's table and has its section")
  func documented() throws {
    let text = try String(contentsOf: Self.diagnostics, encoding: .utf8)
    for code in DiagnosticCode.lintCodes {
      let anchor = "\(code.rawValue.lowercased())-\(code.name)"
      #expect(
        text.contains(
          "| [\(code.rawValue)](#\(anchor)) | `\(code.name)` | \(code.defaultSeverity)"),
        "\(code) is missing from the table")
      #expect(text.contains("### \(code.rawValue) \(code.name)\n"), "\(code) has no section")
    }
  }

  @Test("diagnostics.md has a section for each code and no other")
  func noStraySections() throws {
    let text = try String(contentsOf: Self.diagnostics, encoding: .utf8)
    let documented = text.components(separatedBy: "\n### ").dropFirst()
      .compactMap { $0.split(separator: " ", maxSplits: 1).first.map(String.init) }
      .filter { $0.hasPrefix("MK") }
    let codes = (DiagnosticCode.all + DiagnosticCode.lintCodes).map(\.rawValue)
    #expect(documented.count == Set(documented).count, "a code has two sections")
    #expect(Set(documented) == Set(codes))
  }

  @Test("keymap-lint's codes are all MK6xx, distinct, and in code order")
  func family() {
    let raw = DiagnosticCode.lintCodes.map(\.rawValue)
    #expect(raw.allSatisfy { $0.hasPrefix("MK6") })
    #expect(raw == raw.sorted())
    #expect(Set(raw).count == raw.count)
  }
}
