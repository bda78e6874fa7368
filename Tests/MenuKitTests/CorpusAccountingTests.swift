import Foundation
import MenuKitJSON
import Testing

@testable import MenuKit
@testable import MenuKitInterop

/// One entry of a real file: where it starts, and where the next one starts (its span).
private struct Entry {
  var start: MenuKit.SourceLocation
  var end: MenuKit.SourceLocation?
  /// Where the section it belongs to starts, for Zed (a bad context drops a whole section).
  var section: (start: MenuKit.SourceLocation, firstBinding: MenuKit.SourceLocation)?

  func contains(_ location: MenuKit.SourceLocation) -> Bool {
    location >= start && (end.map { location < $0 } ?? true)
  }
}

/// The entries of a VS Code file (the array, or a package.json's contributes.keybindings) or a
/// Zed keymap (each section's bindings), read with the JSON reader alone, not the importer.
private func entries(of root: JSONNode, format: KeymapFormat) -> [Entry] {
  var starts: [(MenuKit.SourceLocation, (MenuKit.SourceLocation, MenuKit.SourceLocation)?)] = []
  switch (format, root.value) {
  case (.vscode, .array(let elements)):
    starts = elements.map { ($0.location, nil) }
  case (.vscode, .object(let members)):
    let keybindings = members.first { $0.key == "contributes" }?.value.value.objectValue?
      .first { $0.key == "keybindings" }?.value
    switch keybindings?.value {
    case .array(let elements)?: starts = elements.map { ($0.location, nil) }
    case .object?: starts = [(keybindings!.location, nil)]
    default: break
    }
  case (.zed, .array(let sections)):
    for section in sections {
      guard
        let bindings = section.value.objectValue?.first(where: { $0.key == "bindings" })?.value
          .value.objectValue, let first = bindings.first
      else { continue }
      for member in bindings {
        starts.append((member.keyLocation, (section.location, first.keyLocation)))
      }
    }
  default:
    break
  }
  return starts.enumerated().map { index, start in
    Entry(
      start: start.0, end: index + 1 < starts.count ? starts[index + 1].0 : nil,
      section: start.1)
  }
}

@Suite("Every binding of the real corpus is accounted for")
struct CorpusAccountingTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/corpus")

  /// Every keymap file of the corpus (`Fixtures/corpus`, the copy of ../shared/corpus).
  static var files: [String] {
    let enumerator = FileManager.default.enumerator(atPath: root.path)
    var files: [String] = []
    while let relative = enumerator?.nextObject() as? String {
      if relative.hasSuffix(".json") { files.append(relative) }
    }
    return files.sorted()
  }

  @Test(
    "each file: imported or dropped with a diagnostic inside the entry; the round trip keeps all")
  func accounting() throws {
    var table = [
      "| file | profile | entries | imported | dropped | reasons |", "|---|---|---|---|---|---|",
    ]
    #expect(Self.files.count == 13)
    for relative in Self.files {
      let path = Self.root.appendingPathComponent(relative).path
      let text = try String(contentsOfFile: path, encoding: .utf8)
      let format = try #require(KeymapFormat.detect(path: path, text: text), "\(relative)")
      // Each editor's defaults for a platform are read under that platform's profile.
      let platform: PlatformProfile =
        relative.contains("macos") ? .mac : relative.contains("windows") ? .windows : .linux
      let (keymap, diagnostics) =
        format == .vscode
        ? VSCodeKeybindings.load(text: text, path: path, platform: platform, source: .app)
        : ZedKeymap.load(text: text, path: path, platform: platform, source: .app)
      let bindings = try #require(keymap?.bindings, "\(relative)")
      let all = entries(of: try JSONReader.parse(text, file: path), format: format)
      let imported = Set(bindings.compactMap(\.location))
      // Each binding comes from one entry, and only one binding from each.
      #expect(imported.count == bindings.count, "\(relative)")
      #expect(imported.allSatisfy { location in all.contains { $0.start == location } })
      var reasons: [String: Int] = [:]
      var dropped = 0
      for entry in all where !imported.contains(entry.start) {
        dropped += 1
        let reason =
          diagnostics.first { $0.location.map(entry.contains) ?? false }
          ?? diagnostics.first { diagnostic in
            guard let location = diagnostic.location, let section = entry.section else {
              return false
            }
            return location >= section.start && location < section.firstBinding
          }
        guard let reason else {
          Issue.record("\(relative): the entry at \(entry.start) is dropped silently")
          continue
        }
        reasons["\(reason.code) \(reason.code.name)", default: 0] += 1
      }
      #expect(all.count == bindings.count + dropped)
      // No entry of the corpus is dropped for an error: only for reasons the editor shares.
      #expect(
        !diagnostics.containsErrors, "\(relative): \(diagnostics.filter { $0.severity == .error })")
      // Import → MenuKit keymap file → load loses nothing.
      let reloaded = KeymapFile.load(text: KeymapFile.text(of: keymap!), source: .app)
      #expect(reloaded.diagnostics.isEmpty, "\(relative): \(reloaded.diagnostics.prefix(3))")
      let back = try #require(reloaded.keymap?.bindings)
      #expect(back.map(\.keys) == bindings.map(\.keys), "\(relative)")
      #expect(back.map(\.effect) == bindings.map(\.effect), "\(relative)")
      #expect(back.map(\.context) == bindings.map(\.context), "\(relative)")
      let why = reasons.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }
      table.append(
        "| \(relative) | \(platform.rawValue) | \(all.count) | \(bindings.count) | \(dropped) | "
          + "\(why.isEmpty ? "—" : why.joined(separator: ", ")) |")
    }
    print(table.joined(separator: "\n"))
  }
}
