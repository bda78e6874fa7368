import Foundation
import MenuKitTestSupport
import MenuKitToolSupport
import Testing

@testable import keymap_lint

/// The `"file"` of every finding of a JSON report, and its files.
private func reportFiles(_ json: String) throws -> (findings: Set<String>, files: [String]) {
  let object = try #require(
    try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
  let findings = try #require(object["findings"] as? [[String: Any]])
  return (Set(findings.compactMap { $0["file"] as? String }), object["files"] as? [String] ?? [])
}

@Suite("keymap-lint --base and --baseline on the real corpus")
struct KeymapLintBaseTests {
  let defaults = corpus("vscode/linux.keybindings.json")
  let extensionFile = corpus("vscode-extensions/vscodevim/package.json")

  @Test("an extension over VS Code's defaults: findings only at the extension, defaults as notes")
  func baseReportsOnlyTheCheckedFile() throws {
    let alone = keymapLint([defaults, extensionFile, "--layout", "us,de", "--format", "json"])
    #expect(try reportFiles(alone.output).findings.contains(defaults))
    let result = keymapLint([
      "--base", defaults, extensionFile, "--layout", "us,de", "--format", "json",
    ])
    #expect(result.status == .success)
    #expect(result.errors == "")
    let files = try reportFiles(result.output)
    #expect(files.findings == [extensionFile])
    #expect(files.files == [extensionFile])
    // Overrides of the defaults are reported at the extension, with the defaults' binding as a
    // related location.
    let sarif = keymapLint([
      "--base", defaults, extensionFile, "--layout", "us,de", "--format", "sarif",
    ]).output
    #expect(sarif.contains("\"relatedLocations\""))
    #expect(sarif.contains("vscode/linux.keybindings.json"))
  }

  @Test("the same run's SARIF as --baseline reports nothing and exits 0")
  func baselineOfTheSameRun() throws {
    let arguments = ["--base", defaults, extensionFile, "--layout", "us,de"]
    let sarif = keymapLint(arguments + ["--format", "sarif"]).output
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("baseline-\(UUID().uuidString).sarif").path
    try Data(sarif.utf8).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let again = keymapLint(arguments + ["--baseline", path, "--werror"])
    #expect(again.status == .success)
    #expect(again.output == "0 errors, 0 warnings, 0 notes in 1 file, 2 layouts\n")
    // Without the baseline the same run has warnings, so --werror fails it.
    #expect(keymapLint(arguments + ["--werror"]).status == .failure)
  }

  @Test("a baseline that is missing or not SARIF is exit 65 with where")
  func badBaseline() throws {
    let missing = keymapLint([extensionFile, "--baseline", "/nonexistent/lint.sarif"])
    #expect(missing.status == .dataError)
    #expect(missing.output == "")
    #expect(
      missing.errors.hasPrefix("error[MK103]: cannot read the baseline '/nonexistent/lint.sarif'"))
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("baseline-\(UUID().uuidString).sarif").path
    try Data("{\n  \"version\": \"2.1.0\"\n}\n".utf8).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let notSARIF = keymapLint([extensionFile, "--baseline", path])
    #expect(notSARIF.status == .dataError)
    #expect(
      notSARIF.errors
        == "\(path):1:1: error: expected a SARIF log (an object with \"runs\"), as keymap-lint "
        + "--format sarif writes\n")
  }

  @Test("--base and --baseline need a value")
  func needValues() {
    #expect(keymapLint([extensionFile, "--base"]).status == .usage)
    #expect(keymapLint([extensionFile, "--baseline", "--werror"]).status == .usage)
  }
}
