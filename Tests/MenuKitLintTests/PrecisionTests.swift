import Foundation
import MenuKit
import MenuKitLint
import Testing

/// The real-world keymaps kept with MenuKit's tests.
private let corpus = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("MenuKitTests/Fixtures/corpus")

/// The stack a note names between quotes after "context stack", or nil when there is none or
/// it does not parse (a name with a quote in it).
private func witness(in note: LintNote) -> [KeyContext]? {
  guard let range = note.message.range(of: "context stack '") else { return nil }
  let rest = note.message[range.upperBound...]
  guard
    let end = rest.range(of: "'; ") ?? rest.range(of: "' (")
      ?? rest.range(of: "'", options: .backwards)
  else { return nil }
  let text = rest[..<end.lowerBound].replacingOccurrences(of: "(any)", with: "lint_any")
  return try? KeyContext.stack(parsing: text)
}

/// Issue 16, item 4: every error keymap-lint reports on the real corpus is re-checked against
/// the resolver, and every witness stack against the predicates; the counts per rule and file
/// are printed.
@Suite("keymap-lint's precision on the real corpus")
struct PrecisionTests {
  @Test("each MK602 (grouped too) loses at a stack where it applies; each witness makes both hold")
  func precision() throws {
    let enumerator = FileManager.default.enumerator(atPath: corpus.path)
    var files: [String] = []
    while let relative = enumerator?.nextObject() as? String {
      if relative.hasSuffix(".json") { files.append(relative) }
    }
    var codes: Set<String> = []
    var groupWitnesses = 0
    var rows: [(String, [String: Int], Int, Int)] = []
    for relative in files.sorted() {
      let path = corpus.appendingPathComponent(relative).path
      let platform: PlatformProfile =
        relative.contains("macos") ? .mac : relative.contains("windows") ? .windows : .linux
      let document = LintDocument.load(contentsOf: path, platform: platform)
      let report = KeymapLinter(configuration: LintConfiguration(platform: platform))
        .lint([document])
      let bindings = document.keymap?.bindings ?? []
      let byLocation = Dictionary(
        bindings.compactMap { binding in binding.location.map { ($0, binding) } },
        uniquingKeysWith: { first, _ in first })
      var counts: [String: Int] = [:]
      var checked = 0
      var witnessesChecked = 0
      for finding in report.findings {
        counts[finding.code.rawValue, default: 0] += 1
        guard let location = finding.location, let binding = byLocation[location] else { continue }
        if finding.code == .deadBinding {
          // Wherever the dead binding applies, a later binding of the file wins over it (the
          // notes name the first few; the resolver is given the binding and all after it).
          // The witness the finding names (in its message and SARIF properties) is checked.
          let index = try #require(bindings.firstIndex { $0.location == location })
          let stack = try #require(finding.witness, "\(finding.diagnostic)")
          #expect(finding.participants.first?.witness == stack)
          #expect(binding.context?.holds(in: stack, at: stack.count - 1) ?? true)
          let resolution = KeyBindingResolver(
            bindings: Array(bindings[index...]), platform: platform
          )
          .resolve(binding.keys, in: stack)
          let lost =
            resolution.binding.map { $0.location != location } ?? (resolution.unboundBy != nil)
          #expect(lost, "\(relative): \(finding.diagnostic) wins in \(stack)")
          checked += 1
        }
        guard finding.code == .ambiguousBinding || finding.code == .resolvedOverride else {
          continue
        }
        if finding.code == .ambiguousBinding {
          // The finding's own witness: its binding and the first earlier one both apply there.
          let stack = try #require(finding.witness, "\(finding.diagnostic)")
          let first = try #require(finding.notes.first?.location.flatMap { byLocation[$0] })
          let last = stack.count - 1
          #expect(
            (binding.context?.holds(in: stack, at: last) ?? true)
              && (first.context?.holds(in: stack, at: last) ?? true),
            "\(relative): \(finding.diagnostic)")
          witnessesChecked += 1
        }
        for note in finding.notes {
          guard let stack = witness(in: note), let other = note.location.flatMap({ byLocation[$0] })
          else { continue }
          let last = stack.count - 1
          #expect(
            (binding.context?.holds(in: stack, at: last) ?? true)
              && (other.context?.holds(in: stack, at: last) ?? true),
            "\(relative): \(finding.diagnostic): \(note.message)")
          witnessesChecked += 1
        }
      }
      // The grouped findings: each dead binding of a group loses at its own witness, and each
      // ambiguous binding shares its witness with another binding of its group.
      let grouped = report.grouped()
      var groupedCounts: [String: Int] = [:]
      for finding in grouped.findings {
        groupedCounts[finding.code.rawValue, default: 0] += 1
        guard finding.isGroup,
          finding.code == .deadBinding || finding.code == .ambiguousBinding
        else { continue }
        let members = finding.participants.compactMap { participant in
          participant.location.flatMap { byLocation[$0] }.map { (participant, $0) }
        }
        #expect(members.count == finding.participants.count, "\(finding.diagnostic)")
        for (participant, binding) in members where participant.role == .reported {
          let stack = try #require(participant.witness, "\(finding.diagnostic)")
          let last = stack.count - 1
          #expect(binding.context?.holds(in: stack, at: last) ?? true)
          if finding.code == .deadBinding {
            let index = try #require(bindings.firstIndex { $0.location == binding.location })
            let resolution = KeyBindingResolver(
              bindings: Array(bindings[index...]), platform: platform
            ).resolve(binding.keys, in: stack)
            let lost =
              resolution.binding.map { $0.location != binding.location }
              ?? (resolution.unboundBy != nil)
            #expect(lost, "\(relative): \(finding.diagnostic): \(participant.summary)")
          } else {
            let other = members.contains { other, otherBinding in
              other.location != participant.location
                && (otherBinding.context?.holds(in: stack, at: last) ?? true)
            }
            #expect(other, "\(relative): \(finding.diagnostic): \(participant.summary)")
          }
          groupWitnesses += 1
        }
      }
      print(
        "lint precision: \(relative): \(report.findings.count) findings, "
          + "\(grouped.findings.count) grouped; "
          + counts.keys.sorted().map { "\($0) \(counts[$0]!)→\(groupedCounts[$0] ?? 0)" }
          .joined(separator: ", ")
          + "; MK602 re-checked \(checked), witnesses checked \(witnessesChecked)")
      codes.formUnion(counts.keys)
      rows.append((relative, counts, checked, witnessesChecked))
    }
    let columns = codes.sorted()
    var table = [
      "| file | " + columns.joined(separator: " | ") + " | MK602 re-checked | witnesses checked |",
      "|---|" + columns.map { _ in "---|" }.joined() + "---|---|",
    ]
    for (file, counts, checked, witnesses) in rows {
      table.append(
        "| \(file) | " + columns.map { "\(counts[$0] ?? 0)" }.joined(separator: " | ")
          + " | \(checked) | \(witnesses) |")
    }
    print(table.joined(separator: "\n"))
    #expect(rows.count == 13)
    #expect(rows.reduce(0) { $0 + $1.3 } > 500)
    print("lint precision: grouped witnesses re-checked \(groupWitnesses)")
    #expect(groupWitnesses > 100)
  }
}
