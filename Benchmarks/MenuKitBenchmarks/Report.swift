import Foundation
import MenuKit
import MenuKitXKB

#if canImport(Glibc)
  import Glibc
#endif

/// `menukit-benchmarks report`: every benchmark, then one table of every figure beside its
/// baseline from the same run, with the ratio, and the machine it ran on (docs/performance/performance.md).
///
/// Each benchmark runs as it does alone — `menukit-benchmarks tree`, `translation`, … — in a
/// child process of this executable, so the report measures exactly what the sections print;
/// the table is read from their output. The all-layouts lint sweep is measured here:
/// `keymap-lint --all-layouts` beside compiling the same layouts with libxkbcommon alone.
extension Benchmarks {
  /// One line of the summary table.
  struct ReportRow {
    /// What was measured.
    var figure: String
    /// MenuKit's figure, with its unit.
    var measured: String
    /// The baseline, with its unit; what it is is in ``figure``.
    var baseline: String
    /// MenuKit ÷ baseline; nil when a figure is missing.
    var ratio: Double?
    /// The target for the ratio, if the issues set one.
    var target: String

    /// A row for a benchmark that did not run.
    static func missing(_ figure: String, _ reason: String) -> ReportRow {
      ReportRow(figure: figure, measured: reason, baseline: "", ratio: nil, target: "")
    }
  }

  /// Runs every benchmark and prints the summary table.
  static func report() {
    var rows: [ReportRow] = []
    let translation = section("translation")
    rows += translationRows(translation)
    let dispatch = section("dispatch")
    rows += dispatchRows(dispatch)
    let keymap = section("keymap")
    rows += keymapRows(keymap)
    let tree = section("tree")
    rows += treeRows(tree)
    let palette = section("palette")
    rows += paletteRows(palette)
    rows += lintSweepRows()
    let adversarial = section("adversarial")
    rows += adversarialRows(adversarial)

    print("Summary: every figure beside its baseline, measured in this run")
    print("")
    print("| figure | MenuKit | baseline | ratio (MenuKit ÷ baseline) | target |")
    print("|---|---|---|---|---|")
    for row in rows {
      let ratio = row.ratio.map { String(format2: $0) } ?? "—"
      print("| \(row.figure) | \(row.measured) | \(row.baseline) | \(ratio) | \(row.target) |")
    }
    print("")
    print(machineDescription())
  }

  // MARK: - Sections

  /// Runs `menukit-benchmarks <name>` in a child process, echoes its output, and returns its
  /// lines.
  static func section(_ name: String) -> [String] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executablePath())
    process.arguments = [name]
    let pipe = Pipe()
    process.standardOutput = pipe
    do {
      try process.run()
    } catch {
      print("\(name): cannot run the benchmark: \(error)")
      return []
    }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let lines = String(decoding: data, as: UTF8.self).split(
      separator: "\n", omittingEmptySubsequences: false
    ).map(String.init)
    // Each child prints the title line first; keep only its sections.
    for line in lines.drop(while: { $0.hasPrefix("MenuKit benchmarks") || $0.isEmpty }) {
      print(line)
    }
    fflush(nil)
    return lines
  }

  /// The numbers in a line, in order: `1.5`, `20002`, `13×` (the sign `×` dropped).
  static func numbers(in line: String) -> [Double] {
    line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "|" }).compactMap {
      Double($0.replacingOccurrences(of: "×", with: ""))
    }
  }

  static func translationRows(_ lines: [String]) -> [ReportRow] {
    ["us", "de"].map { layout in
      let figure = "key translation, \(layout) (ns/event; baseline: raw libxkbcommon C loop)"
      guard let line = lines.first(where: { $0.hasPrefix(layout + " ") }),
        case let values = numbers(in: line), values.count >= 4
      else { return .missing(figure, "not measured") }
      return ReportRow(
        figure: figure, measured: String(format1: values[2]) + " ns",
        baseline: String(format1: values[1]) + " ns", ratio: values[2] / values[1],
        target: "≤ 1.5")
    }
  }

  static func dispatchRows(_ lines: [String]) -> [ReportRow] {
    let figure =
      "dispatch through 10 responders, 1,000 key commands (ns/event; baseline: C loop)"
    guard let header = lines.firstIndex(where: { $0.hasPrefix("events") }),
      header + 1 < lines.count, case let values = numbers(in: lines[header + 1]),
      values.count >= 4
    else { return [.missing(figure, "not measured")] }
    var rows = [
      ReportRow(
        figure: figure, measured: String(format1: values[2]) + " ns",
        baseline: String(format1: values[1]) + " ns", ratio: values[2] / values[1],
        target: "≤ 2")
    ]
    // "first responder building its array on every call: N ns per event, C loop N ns, …"
    let naive =
      "dispatch, first responder building its 100 key commands on every call (ns/event; "
      + "baseline: C loop)"
    if let line = lines.first(where: { $0.hasPrefix("first responder building") }),
      case let values = numbers(in: line), values.count >= 3
    {
      rows.append(
        ReportRow(
          figure: naive, measured: String(format1: values[0]) + " ns",
          baseline: String(format1: values[1]) + " ns", ratio: values[0] / values[1],
          target: "—"))
    } else {
      rows.append(.missing(naive, "not measured"))
    }
    return rows
  }

  static func keymapRows(_ lines: [String]) -> [ReportRow] {
    guard let line = lines.first(where: { $0.hasPrefix("10000 ") }),
      case let values = numbers(in: line), values.count >= 6
    else {
      return [.missing("keymap resolution at 10,000 bindings", "not measured")]
    }
    // bindings, queries, scan µs, indexed µs, speed-up, winner only µs, speed-up, winners
    return [
      ReportRow(
        figure: "keymap resolution, 10,000 bindings, dispatcher path (µs/stroke; baseline: "
          + "linear scan)",
        measured: String(format1: values[5]) + " µs", baseline: String(format1: values[2]) + " µs",
        ratio: values[5] / values[2], target: "—"),
      ReportRow(
        figure: "keymap resolution, 10,000 bindings, every candidate as explain lists them",
        measured: String(format1: values[3]) + " µs", baseline: String(format1: values[2]) + " µs",
        ratio: values[3] / values[2], target: "—"),
    ]
  }

  static func treeRows(_ lines: [String]) -> [ReportRow] {
    var rows: [ReportRow] = []
    var perElement: [Int: Double] = [:]
    for size in [10_000, 100_000] {
      let figure =
        "build + validate + render + write json, \(size == 10_000 ? "10,000" : "100,000") elements (baseline: a walk "
        + "reading every title)"
      // elements, walk, build, validate, render, write, total, ns/element
      guard let line = lines.first(where: { $0.hasPrefix("\(size) ") }),
        case let values = numbers(in: line), values.count >= 8
      else {
        rows.append(.missing(figure, "not measured"))
        continue
      }
      perElement[size] = values[7]
      rows.append(
        ReportRow(
          figure: figure, measured: String(format1: values[6]) + " ms",
          baseline: String(format1: values[1]) + " ms", ratio: values[6] / values[1],
          target: "total < 1 s"))
    }
    if let small = perElement[10_000], let large = perElement[100_000] {
      rows.append(
        ReportRow(
          figure: "linear growth: ns/element at 100,000 (baseline: ns/element at 10,000)",
          measured: String(format1: large) + " ns", baseline: String(format1: small) + " ns",
          ratio: large / small, target: "≈ 1 (linear)"))
    }
    return rows
  }

  static func paletteRows(_ lines: [String]) -> [ReportRow] {
    var rows: [ReportRow] = []
    // `mean 61.2 µs, worst 180.3 µs per query (top 20): within the targets`
    if let line = lines.first(where: { $0.hasPrefix("mean ") }),
      case let values = numbers(in: line.replacingOccurrences(of: ",", with: " ")),
      values.count >= 2
    {
      rows.append(
        ReportRow(
          figure: "palette search, 10,000 commands, worst query (µs; baseline: the 250 µs target)",
          measured: String(format1: values[1]) + " µs", baseline: "250.0 µs",
          ratio: values[1] / 250, target: "≤ 1"))
      rows.append(
        ReportRow(
          figure: "palette search, 10,000 commands, mean query (µs; baseline: the 100 µs target)",
          measured: String(format1: values[0]) + " µs", baseline: "100.0 µs",
          ratio: values[0] / 100, target: "≤ 1"))
      // `frizbee 0.13.0: mean 221.2 µs, worst 394.8 µs per query (…); MenuKit at or ahead …`
      if let frizbee = lines.first(where: { $0.hasPrefix("frizbee ") && $0.contains(": mean ") }),
        case let theirs = numbers(in: frizbee.replacingOccurrences(of: ",", with: " ")),
        theirs.count >= 2
      {
        let version = frizbee.split(separator: " ")[1].dropLast()
        rows.append(
          ReportRow(
            figure: "palette search, 10,000 commands, worst query (µs; baseline: frizbee "
              + "\(version)'s worst, max_items 20, one thread)",
            measured: String(format1: values[1]) + " µs",
            baseline: String(format1: theirs[1]) + " µs", ratio: values[1] / theirs[1],
            target: "≤ 1"))
        rows.append(
          ReportRow(
            figure: "palette search, 10,000 commands, mean query (µs; baseline: frizbee "
              + "\(version)'s mean)",
            measured: String(format1: values[0]) + " µs",
            baseline: String(format1: theirs[0]) + " µs", ratio: values[0] / theirs[0],
            target: "≤ 1"))
      }
    }
    // `total ASCII fzf-0.74.5 ours 120.3 ms theirs 400.1 ms lowest 2.10× (target ≥ 2×: met)`
    let totals = lines.filter { $0.hasPrefix("total ") }
    guard !totals.isEmpty else {
      let reason =
        lines.first(where: { $0.hasSuffix("skipped") }) ?? "not measured (see the palette section)"
      return rows + [.missing("palette --lines, 100,000 lines (baseline: fzf --filter)", reason)]
    }
    for line in totals {
      let fields = line.split(separator: " ").map(String.init)
      guard fields.count >= 11, let ours = Double(fields[4]), let theirs = Double(fields[7]),
        let lowest = Double(fields[10].replacingOccurrences(of: "×", with: ""))
      else { continue }
      let anchor = fields[2].replacingOccurrences(of: "-", with: " ")
      let isNewestFzf = line.contains("(target")
      rows.append(
        ReportRow(
          figure: "menu-dump palette --lines, 100,000 \(fields[1]) lines, 7 queries (total ms; "
            + "baseline: \(anchor) whole process)",
          measured: String(format1: ours) + " ms", baseline: String(format1: theirs) + " ms",
          ratio: ours / theirs, target: "—"))
      rows.append(
        ReportRow(
          figure: "menu-dump palette --lines, 100,000 \(fields[1]) lines, weakest query (time; "
            + "baseline: \(anchor) on that query)",
          measured: "1 ÷ \(String(format2: lowest))", baseline: "1", ratio: 1 / lowest,
          target: isNewestFzf ? "≤ 0.5" : "—"))
    }
    return rows
  }

  /// Rows such as `| keymap check, … | 150.2 KiB | 40.1 ms | 21.3 MiB | 45.0 ms | 22.0 MiB |
  /// 1.12× | 0/1 |`: each hostile input beside its clean file, time and peak RSS.
  static func adversarialRows(_ lines: [String]) -> [ReportRow] {
    let rows = lines.filter { $0.hasPrefix("| ") && !$0.hasPrefix("| input ") }.compactMap {
      line -> ReportRow? in
      let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      guard cells.count >= 7, let ratio = Double(cells[6].replacingOccurrences(of: "×", with: ""))
      else { return nil }
      return ReportRow(
        figure: "hostile input: \(cells[0]), \(cells[1]) (time, peak RSS; baseline: a clean file "
          + "of the same size)",
        measured: "\(cells[4]), \(cells[5])", baseline: "\(cells[2]), \(cells[3])", ratio: ratio,
        target: "≤ 20, RSS < 1 GiB")
    }
    return rows.isEmpty ? [.missing("hostile input (adversarial)", "not measured")] : rows
  }

  // MARK: - Lint sweep

  /// `keymap-lint --all-layouts` beside compiling the same layouts with libxkbcommon alone, on
  /// one core (the floor of any per-layout analysis that compiles each layout): on the
  /// standard linux menus and on VS Code's default keymap, cold (`--no-cache`) and warm (the
  /// layout cache filled by the run before), with the sweep's peak memory.
  static func lintSweepRows() -> [ReportRow] {
    let figure = "keymap-lint --all-layouts sweep (baseline: compiling every layout once, one core)"
    print("keymap-lint --all-layouts vs compiling every layout's keymap with libxkbcommon")
    let lint = URL(fileURLWithPath: executablePath()).deletingLastPathComponent()
      .appendingPathComponent("keymap-lint").path
    guard FileManager.default.isExecutableFile(atPath: lint) else {
      print("keymap-lint is not built next to the benchmarks (swift build -c release); skipped")
      print("")
      return [.missing(figure, "not available: keymap-lint is not built")]
    }
    let layouts = installedLayouts()
    guard !layouts.isEmpty else {
      print("no layouts in \(layoutList); skipped")
      print("")
      return [.missing(figure, "not available: no xkb-data")]
    }
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let inputs = [
      ("keymaps/standard/linux.json", root.appendingPathComponent("keymaps/standard/linux.json")),
      (
        "VS Code's default keymap",
        root.appendingPathComponent(
          "Tests/MenuKitTests/Fixtures/corpus/vscode/linux.keybindings.json")
      ),
    ]
    // The warm runs read and write a cache of their own, removed at the end.
    let cache = FileManager.default.temporaryDirectory
      .appendingPathComponent("menukit-sweep-cache-\(getpid())").path
    setenv("XDG_CACHE_HOME", cache, 1)
    defer {
      unsetenv("XDG_CACHE_HOME")
      try? FileManager.default.removeItem(atPath: cache)
    }
    // Once each, the floor before and after the sweeps (their mean is the baseline): a sweep
    // takes seconds, and the shared machine's load drifts over a minute.
    var compiled = 0
    func compileFloor() -> Double {
      compiled = 0
      return measure {
        let context = XKBContext(options: [.noEnvironmentNames])
        for (layout, variant) in layouts
        where
          (try? XKBKeymap(
            context: context, names: .init(layout: layout, variant: variant))) != nil
        {
          compiled += 1
        }
      }.nanoseconds
    }
    let before = compileFloor()
    var sweeps: [(name: String, cold: ProcessCost, warm: ProcessCost)] = []
    for (name, url) in inputs {
      let arguments = ["--all-layouts", "--no-notes", url.path]
      let cold = runMeasured(lint, arguments + ["--no-cache"])
      _ = runMeasured(lint, arguments)  // fills the cache
      let warm = runMeasured(lint, arguments)
      sweeps.append((name, cold, warm))
    }
    let floor = (before + compileFloor()) / 2
    let floorText = String(format1: floor / 1e6) + " ms"
    print(
      pad("input", 28) + pad("compile floor", 15) + pad("cold", 12) + pad("ratio", 8)
        + pad("warm", 12) + pad("ratio", 8) + "peak RSS (cold, warm)")
    var rows: [ReportRow] = []
    for sweep in sweeps {
      let cold = String(format1: sweep.cold.nanoseconds / 1e6) + " ms"
      let warm = String(format1: sweep.warm.nanoseconds / 1e6) + " ms"
      print(
        pad(sweep.name, 28) + pad(floorText, 15) + pad(cold, 12)
          + pad(String(format2: sweep.cold.nanoseconds / floor), 8) + pad(warm, 12)
          + pad(String(format2: sweep.warm.nanoseconds / floor), 8)
          + "\(byteText(sweep.cold.peakBytes)), \(byteText(sweep.warm.peakBytes))")
      rows.append(
        ReportRow(
          figure: "\(figure), \(sweep.name), \(compiled) layouts, cold (--no-cache)",
          measured: cold, baseline: floorText, ratio: sweep.cold.nanoseconds / floor,
          target: "≤ 1 (moonshot 0.5)"))
      rows.append(
        ReportRow(
          figure: "\(figure), \(sweep.name), warm (the layout cache filled by a run before)",
          measured: warm, baseline: floorText, ratio: sweep.warm.nanoseconds / floor,
          target: "—"))
      let peak = max(sweep.cold.peakBytes, sweep.warm.peakBytes)
      rows.append(
        ReportRow(
          figure: "keymap-lint --all-layouts peak memory, \(sweep.name) (baseline: the 200 MiB "
            + "target)",
          measured: byteText(peak), baseline: "200.0 MiB", ratio: Double(peak) / Double(200 << 20),
          target: "≤ 1"))
    }
    print(
      "(whole keymap-lint processes, exit status \(sweeps.map { "\($0.cold.status)" }.joined(separator: ", ")) "
        + "(1: findings); \(compiled) of \(layouts.count) layouts from \(layoutList) compile)")
    print("")
    return rows
  }

  /// Where xkb-data lists its layouts and variants.
  static let layoutList = "/usr/share/X11/xkb/rules/evdev.lst"

  /// Every layout and variant xkb-data lists: `us`, then `us(intl)` as ("us", "intl").
  static func installedLayouts() -> [(layout: String, variant: String?)] {
    guard let text = try? String(contentsOfFile: layoutList, encoding: .utf8) else { return [] }
    var section = ""
    var layouts: [(layout: String, variant: String?)] = []
    for line in text.split(separator: "\n") {
      if line.hasPrefix("! ") {
        section = String(line.dropFirst(2))
        continue
      }
      let fields = line.split(separator: " ", omittingEmptySubsequences: true)
      guard let name = fields.first else { continue }
      switch section {
      case "layout":
        layouts.append((String(name), nil))
      case "variant":
        // `  intl          us: English (US, intl., with dead keys)`
        guard fields.count > 1, fields[1].hasSuffix(":") else { continue }
        layouts.append((String(fields[1].dropLast()), String(name)))
      default:
        continue
      }
    }
    return layouts
  }

  // MARK: - Machine

  /// The path of this executable.
  static func executablePath() -> String {
    let argument = CommandLine.arguments[0]
    if argument.contains("/") { return argument }
    return which(argument) ?? argument
  }

  /// The processor, cores, memory and load, as `docs/performance/performance.md` records them.
  static func machineDescription() -> String {
    let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
    let model =
      cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
      .flatMap { $0.split(separator: ":", maxSplits: 1).last }
      .map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown processor"
    let load =
      (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?
      .split(separator: " ").prefix(3).joined(separator: " ") ?? "unknown"
    let memory = ProcessInfo.processInfo.physicalMemory / (1 << 30)
    var system = utsname()
    uname(&system)
    let machine = withUnsafeBytes(of: &system.machine) { String(decoding: $0, as: UTF8.self) }
      .prefix { $0 != "\0" }
    let release = withUnsafeBytes(of: &system.release) { String(decoding: $0, as: UTF8.self) }
      .prefix { $0 != "\0" }
    return """
      Machine: \(model), \(ProcessInfo.processInfo.activeProcessorCount) cores, \(memory) GiB, \
      \(machine), Linux \(release); load average \(load) at the end of the run
      """
  }
}
