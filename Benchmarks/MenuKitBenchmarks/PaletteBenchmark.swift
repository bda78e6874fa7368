import Foundation
import MenuKit
import MenuKitPalette

#if canImport(Glibc)
  import Glibc
#endif

/// The command palette: searches of a 10,000-command index on one thread beside frizbee, and
/// `menu-dump palette --lines` beside `fzf --filter` (0.74 and Debian's) and frizbee on the same
/// 100,000 lines, ASCII and non-ASCII, whole processes and in process.
extension Benchmarks {
  static func paletteBenchmark() {
    paletteIndexBenchmark()
    print("")
    paletteLinesBenchmark()
  }

  /// The words the generated commands and lines are made of.
  static let paletteWords = [
    "open", "save", "close", "window", "file", "recent", "toggle", "full", "screen", "show",
    "hide", "sidebar", "panel", "editor", "terminal", "debug", "run", "build", "test", "format",
    "document", "selection", "line", "comment", "find", "replace", "next", "previous", "go",
    "symbol", "definition", "reference", "split", "merge", "branch", "commit", "push", "pull",
    "fold", "unfold", "zoom", "reset", "settings", "keyboard", "shortcuts", "theme", "color",
    "font", "size", "copy", "paste", "cut", "undo", "redo", "insert", "delete", "move", "up",
    "down", "left", "right", "word", "cursor", "tab", "group", "workspace", "folder", "project",
  ]

  /// A deterministic generator (SplitMix64), so every run searches the same data.
  struct PaletteRandom {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return Int((z ^ (z >> 31)) % UInt64(bound))
    }
  }

  /// The 10,000 generated commands of the search benchmark.
  static func paletteCommands() -> [PaletteEntry] {
    var random = PaletteRandom(state: 7)
    var entries: [PaletteEntry] = []
    let menus = ["File", "Edit", "Selection", "View", "Go", "Run", "Terminal", "Help"]
    for index in 0..<10_000 {
      let words = (0..<(2 + random.next(3))).map { _ in
        paletteWords[random.next(paletteWords.count)]
      }
      let title = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
      let path =
        [menus[random.next(menus.count)]]
        + (random.next(3) == 0 ? [paletteWords[random.next(paletteWords.count)].capitalized] : [])
      entries.append(
        PaletteEntry(
          target: .identifier("command\(index)"), title: title, path: path,
          keywords: random.next(4) == 0 ? [paletteWords[random.next(paletteWords.count)]] : [],
          aliases: random.next(10) == 0 ? ["alias\(index)"] : [],
          shortcutLabel: random.next(3) == 0 ? "Ctrl+K Ctrl+\(index % 10)" : nil,
          isEnabled: random.next(10) != 0))
    }
    return entries
  }

  /// The history of the search benchmark: 50 commands used once.
  static func paletteHistory() -> PaletteHistory {
    var history = PaletteHistory()
    for step in 0..<50 { history.recordUse(of: "command\(step * 37)") }
    return history
  }

  /// The search benchmark's queries.
  static let paletteQueries = [
    "o", "op", "open", "open file", "tfs", "save as", "window close", "rec op", "settings",
    "zz", "commit push", "ctrl", "sel", "go def", "xq",
  ]

  /// `menukit-benchmarks palette-profile [--repeats N] [QUERY...]`: each query's top-20 search
  /// of the 10,000 commands repeated N times (2,000 by default, about a second), to run under
  /// `perf record` or `valgrind --tool=callgrind`; the benchmark's queries when none is given.
  /// With `--dump` instead of `--repeats`, each query's results at limits 1, 20, 64 and 256
  /// and unlimited (identifier, score, highlights as scalar offsets), to compare two builds.
  static func paletteProfile(_ arguments: [String]) {
    var queries = arguments
    var repeats = 2_000
    if queries.count >= 2, queries[0] == "--repeats", let count = Int(queries[1]) {
      repeats = count
      queries.removeFirst(2)
    }
    let index = PaletteIndex(entries: paletteCommands())
    let history = paletteHistory()
    if queries.first == "--dump" {
      for query in queries.dropFirst() {
        for limit in [1, 20, 64, 256, nil] as [Int?] {
          print("query \"\(query)\" limit \(limit.map(String.init) ?? "none")")
          for match in index.search(query, history: history, limit: limit) {
            let highlights = match.highlights.map { "\($0.field)\($0.scalarOffsets)" }
            print("  \(match.entry.identifier) \(match.score) \(highlights.joined(separator: " "))")
          }
        }
      }
      return
    }
    for query in queries.isEmpty ? paletteQueries : queries {
      var count = 0
      let time = bestCPU(rounds: 1, repeats: repeats) {
        count = index.search(query, history: history, limit: 20).count
      }
      print(pad("\"\(query)\"", 14) + pad("\(count)", 5) + String(format1: time / 1_000) + " µs")
    }
  }

  static func paletteIndexBenchmark() {
    print("Palette search: 10,000 commands, one thread (targets: worst ≤ 250 µs, mean ≤ 100 µs)")
    let entries = paletteCommands()
    var index = PaletteIndex()
    let build = measure { index = PaletteIndex(entries: entries) }
    print("index build: \(build.ms)")
    let history = paletteHistory()
    let queries = paletteQueries
    // frizbee on the same titles, from its Python driver with the titles copied into Rust once.
    let titles = FileManager.default.temporaryDirectory.appendingPathComponent(
      "menukit-palette-titles-\(getpid()).txt")
    defer { try? FileManager.default.removeItem(at: titles) }
    try? Data(entries.map { $0.title + "\n" }.joined().utf8).write(to: titles)
    let anchors = paletteAnchors()
    var frizbee: [(count: Int, microseconds: Double)] = []
    if let python = anchors.python {
      frizbee = capture(
        python, [frizbeeDriver, "time", "--limit", "20", titles.path] + queries
      ).split(separator: "\n").compactMap { line in
        let fields = line.split(separator: "\t").compactMap { Double($0) }
        return fields.count >= 2 ? (Int(fields[0]), fields[1]) : nil
      }
    }
    let hasFrizbee = frizbee.count == queries.count
    print(
      pad("query", 14) + pad("matches", 9) + pad("µs (top 20)", 13) + pad("ms (all)", 10)
        + (hasFrizbee ? pad("frizbee µs", 12) + "MenuKit ÷ frizbee" : ""))
    var worst = 0.0
    var total = 0.0
    var frizbeeWorst = 0.0
    var frizbeeTotal = 0.0
    var ahead = 0
    for (number, query) in queries.enumerated() {
      var count = 0
      var limitedCount = 0
      // Thread CPU time, the best of 15 rounds of 10 searches: the machine is shared, and a
      // search preempted by another build would measure the other build.
      let limited = bestCPU(rounds: 15) {
        limitedCount = index.search(query, history: history, limit: 20).count
      }
      let all = bestCPU(rounds: 2) { count = index.search(query, history: history).count }
      blackHole(limitedCount)
      let perQuery = limited / 1_000
      worst = max(worst, perQuery)
      total += perQuery
      var row =
        pad("\"\(query)\"", 14) + pad("\(count)", 9) + pad(String(format1: perQuery), 13)
        + pad(String(format2: all / 1e6), 10)
      if hasFrizbee {
        let theirs = frizbee[number].microseconds
        frizbeeWorst = max(frizbeeWorst, theirs)
        frizbeeTotal += theirs
        if perQuery <= theirs { ahead += 1 }
        row += pad(String(format1: theirs), 12) + String(format2: perQuery / theirs)
      }
      print(row)
    }
    let mean = total / Double(queries.count)
    print(
      "mean \(String(format1: mean)) µs, worst \(String(format1: worst)) µs per query (top 20): "
        + (worst <= 250 && mean <= 100 ? "within" : "OVER") + " the targets")
    if hasFrizbee {
      print(
        "frizbee \(anchors.frizbeeVersion): mean \(String(format1: frizbeeTotal / Double(queries.count))) µs, "
          + "worst \(String(format1: frizbeeWorst)) µs per query (max_items 20, one thread, "
          + "from Python); MenuKit at or ahead on \(ahead) of \(queries.count) queries")
    } else {
      print("frizbee: \(anchors.missing ?? "not measured"); skipped")
    }
  }

  /// The two line sets of the `--lines` benchmark: paths (ASCII) and menu paths with a `›`
  /// separator (non-ASCII, as palettes show them), 100,000 lines each.
  static func paletteLineSets() -> [(name: String, text: String)] {
    var random = PaletteRandom(state: 11)
    var ascii = ""
    let extensions = ["swift", "md", "json", "c", "h", "txt"]
    for _ in 0..<100_000 {
      let depth = 1 + random.next(4)
      let parts = (0..<depth).map { _ in paletteWords[random.next(paletteWords.count)] }
      let name =
        paletteWords[random.next(paletteWords.count)].capitalized
        + paletteWords[random.next(paletteWords.count)].capitalized + "\(random.next(100))"
      ascii += parts.joined(separator: "/") + "/" + name + "." + extensions[random.next(6)] + "\n"
    }
    var unicode = ""
    for _ in 0..<100_000 {
      let depth = 1 + random.next(3)
      let parts = (0..<depth).map { _ in paletteWords[random.next(paletteWords.count)].capitalized }
      let title = (0..<(2 + random.next(3))).map { _ in
        paletteWords[random.next(paletteWords.count)].capitalized
      }
      unicode += parts.joined(separator: " › ") + " › " + title.joined(separator: " ") + "\n"
    }
    return [("ASCII", ascii), ("non-ASCII", unicode)]
  }

  static func paletteLinesBenchmark() {
    print(
      "menu-dump palette --lines beside fzf --filter and frizbee: 100,000 lines, whole processes, "
        + "same run")
    let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("menu-dump").path
    guard FileManager.default.isExecutableFile(atPath: executable) else {
      print("menu-dump is not built next to the benchmarks (swift build -c release); skipped")
      return
    }
    let anchors = paletteAnchors()
    guard let newest = anchors.fzf else {
      print("fzf is not installed (scripts/bench-anchors, or apt-get install fzf); skipped")
      return
    }
    print("anchors: fzf \(anchors.fzfVersion) (\(newest))")
    if let debian = anchors.debianFzf { print("         fzf \(anchors.debianVersion) (\(debian))") }
    if anchors.python != nil {
      print("         frizbee \(anchors.frizbeeVersion) (scripts/frizbee-palette, typos off)")
    }
    if let missing = anchors.missing { print("not measured: \(missing)") }
    let queries = ["o", "open", "sfile", "open/save", "commit push", "zzz", "xfdx"]
    for (set, text) in paletteLineSets() {
      print("")
      let file = FileManager.default.temporaryDirectory.appendingPathComponent(
        "menukit-palette-lines-\(getpid()).txt")
      defer { try? FileManager.default.removeItem(at: file) }
      do {
        try Data(text.utf8).write(to: file)
      } catch {
        print("cannot write \(file.path): \(error); skipped")
        return
      }
      print("\(set) lines:")
      var header =
        pad("query", 15) + pad("matches", 9) + pad("menu-dump", 11)
        + pad("fzf \(anchors.fzfVersion)", 12)
        + pad("÷", 8)
      if anchors.debianFzf != nil {
        header += pad("fzf \(anchors.debianVersion)", 12) + pad("÷", 8)
      }
      if anchors.python != nil { header += pad("frizbee", 11) + pad("÷", 8) }
      print(header + "agreement (same lines? same order?)")
      // For each anchor: the lowest ratio anchor ÷ menu-dump, and the totals.
      var lowest: [String: Double] = [:]
      var totals: [String: Double] = [:]
      var names: [String] = []
      for query in queries {
        // Every program reads the file on standard input and writes to a file; the best of 5
        // runs of each, interleaved, so that a busy moment of the shared machine hurts all alike.
        var programs: [(name: String, path: String, arguments: [String])] = [
          ("menu-dump", executable, ["palette", "--lines", "-", "--query", query]),
          ("fzf \(anchors.fzfVersion)", newest, ["--filter", query]),
        ]
        if let debian = anchors.debianFzf {
          programs.append(("fzf \(anchors.debianVersion)", debian, ["--filter", query]))
        }
        if let python = anchors.python {
          programs.append(("frizbee", python, [frizbeeDriver, "filter", query]))
        }
        var times = [Double](repeating: .infinity, count: programs.count)
        for _ in 0..<5 {
          for (number, program) in programs.enumerated() {
            let output = file.path + ".\(number)"
            times[number] = min(
              times[number],
              measure { run(program.path, program.arguments, input: file.path, output: output) }
                .nanoseconds)
          }
        }
        let outputs = programs.indices.map { number in
          let path = file.path + ".\(number)"
          defer { unlink(path) }
          return ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(
            separator: "\n", omittingEmptySubsequences: false
          ).dropLast().map(String.init)
        }
        names = programs.map(\.name)
        for number in programs.indices {
          totals[programs[number].name, default: 0] += times[number]
          lowest[programs[number].name] = min(
            lowest[programs[number].name] ?? .infinity, times[number] / times[0])
        }
        var row =
          pad("\"\(query)\"", 15) + pad("\(outputs[0].count)", 9)
          + pad(String(format1: times[0] / 1e6) + " ms", 11)
        for number in 1..<programs.count {
          row +=
            pad(String(format1: times[number] / 1e6) + " ms", 12)
            + pad(String(format2: times[number] / times[0]) + "×", 8)
        }
        let agreement = programs.indices.dropFirst().map { number in
          "\(programs[number].name): " + agreementNote(outputs[0], outputs[number])
        }
        print(row + agreement.joined(separator: "; "))
      }
      let ours = totals["menu-dump"] ?? 0
      for name in names.dropFirst() {
        let low = lowest[name] ?? 0
        // `total ASCII fzf-0.74.5 ours 120.3 ms theirs 400.1 ms lowest 2.10×`: Report.swift
        // reads these lines.
        print(
          "total \(set) \(name.replacingOccurrences(of: " ", with: "-")) ours "
            + "\(String(format1: ours / 1e6)) ms theirs \(String(format1: (totals[name] ?? 0) / 1e6)) ms "
            + "lowest \(String(format2: low))×"
            + (name == names[1]
              ? (low >= 2 ? " (target ≥ 2×: met)" : " (target ≥ 2×: NOT met)") : ""))
      }
      paletteLinesInProcess(text: text, file: file.path, queries: queries, anchors: anchors)
    }
  }

  /// In process, on the same lines: `FuzzyMatcher.rankLines` on one core, on two (with each
  /// core's share), and frizbee's `match_list` from Python.
  static func paletteLinesInProcess(
    text: String, file: String, queries: [String], anchors: PaletteAnchors
  ) {
    let bytes = Array(text.utf8)
    var frizbee: [[Double]] = []
    if let python = anchors.python {
      frizbee = capture(python, [frizbeeDriver, "time", file] + queries).split(separator: "\n")
        .map { $0.split(separator: "\t").compactMap { Double($0) } }
    }
    let hasFrizbee = frizbee.count == queries.count
    print(
      "in process: " + pad("query", 14) + pad("1 core", 10) + pad("2 cores", 10)
        + pad("core 1 + core 2 (each half alone)", 35)
        + (hasFrizbee ? pad("frizbee 1", 11) + "frizbee all cores" : ""))
    for (number, query) in queries.enumerated() {
      let matcher = FuzzyMatcher(query: query)
      let (one, two, halves) = bytes.withUnsafeBufferPointer { buffer in
        let one = bestCPU(rounds: 3, repeats: 1) {
          blackHole(matcher.rankLines(in: buffer, parts: 1))
        }
        var two = Double.infinity
        for _ in 0..<3 {
          two = min(two, measure { blackHole(matcher.rankLines(in: buffer, parts: 2)) }.nanoseconds)
        }
        // The halves rankLines(in:parts: 2) hands each core, timed alone.
        var middle = buffer.count / 2
        while middle < buffer.count && buffer[middle - 1] != 10 { middle += 1 }
        let first = UnsafeBufferPointer(rebasing: buffer[0..<middle])
        let second = UnsafeBufferPointer(rebasing: buffer[middle...])
        let halves = [first, second].map { half in
          bestCPU(rounds: 3, repeats: 1) { blackHole(matcher.rankLines(in: half, parts: 1)) }
        }
        return (one, two, halves)
      }
      var row =
        "            " + pad("\"\(query)\"", 14) + pad(String(format1: one / 1e6) + " ms", 10)
        + pad(String(format1: two / 1e6) + " ms", 10)
        + pad(
          String(format1: halves[0] / 1e6) + " + " + String(format1: halves[1] / 1e6) + " ms ("
            + String(format1: 100 * halves[0] / (halves[0] + halves[1])) + "% / "
            + String(format1: 100 * halves[1] / (halves[0] + halves[1])) + "%)", 35)
      if hasFrizbee, frizbee[number].count >= 3 {
        row +=
          pad(String(format1: frizbee[number][1] / 1e3) + " ms", 11)
          + String(format1: frizbee[number][2] / 1e3) + " ms"
      }
      print(row)
    }
  }

  /// How a matcher's output compares with MenuKit's: the same lines or not, and where the
  /// order first differs.
  static func agreementNote(_ ours: [String], _ theirs: [String]) -> String {
    guard Set(ours) == Set(theirs) else {
      let missing = Set(ours).subtracting(theirs).count
      let extra = Set(theirs).subtracting(ours).count
      return "DIFFERENT lines (\(missing) only MenuKit's, \(extra) only theirs)"
    }
    guard ours != theirs else { return "same lines, same order" }
    let first = ours.indices.first { $0 >= theirs.count || ours[$0] != theirs[$0] } ?? 0
    let moved = zip(ours, theirs).filter { $0 != $1 }.count
    return "same lines, order differs from rank \(first + 1) (\(moved) places)"
  }

  /// The palette benchmark's anchors: fzf 0.74 and frizbee from scripts/bench-anchors' virtual
  /// environment (set up on first use), Debian's fzf, or what the PATH has.
  struct PaletteAnchors {
    var fzf: String?
    var fzfVersion = "?"
    var debianFzf: String?
    var debianVersion = "?"
    var python: String?
    var frizbeeVersion = "?"
    /// Why an anchor is missing.
    var missing: String?
  }

  /// The package's root, from this file's path.
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path

  /// The frizbee driver script.
  static var frizbeeDriver: String { packageRoot + "/scripts/frizbee-palette" }

  static func paletteAnchors() -> PaletteAnchors {
    var anchors = PaletteAnchors()
    let setup = capture(packageRoot + "/scripts/bench-anchors", [], errors: true)
    let lines = setup.split(separator: "\n").map(String.init)
    if let bin = lines.last(where: { $0.hasPrefix("/") }),
      FileManager.default.isExecutableFile(atPath: bin + "/fzf")
    {
      anchors.fzf = bin + "/fzf"
      anchors.python = bin + "/python3"
      anchors.frizbeeVersion =
        capture(bin + "/python3", ["-c", "import frizbee; print(frizbee.__version__)"])
        .trimmingCharacters(in: .whitespacesAndNewlines)
    } else {
      anchors.missing =
        "fzf 0.74 and frizbee (" + (lines.last ?? "scripts/bench-anchors failed")
        + "); using the fzf on the PATH"
      anchors.fzf = which("fzf")
    }
    if let fzf = anchors.fzf { anchors.fzfVersion = fzfVersion(fzf) }
    if FileManager.default.isExecutableFile(atPath: "/usr/bin/fzf"), anchors.fzf != "/usr/bin/fzf" {
      anchors.debianFzf = "/usr/bin/fzf"
      anchors.debianVersion = fzfVersion("/usr/bin/fzf")
    }
    return anchors
  }

  /// `0.74.5` from `fzf --version` (`0.74.5 (pypi)`).
  static func fzfVersion(_ fzf: String) -> String {
    String(capture(fzf, ["--version"]).prefix { $0 != " " && $0 != "\n" })
  }

  /// The best of `rounds` rounds of `repeats` calls, in nanoseconds of this thread's CPU time
  /// per call.
  static func bestCPU(rounds: Int, repeats: Int = 10, _ body: () -> Void) -> Double {
    func now() -> Double {
      var time = timespec()
      clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
      return Double(time.tv_sec) * 1e9 + Double(time.tv_nsec)
    }
    var fastest = Double.infinity
    for _ in 0..<rounds {
      let start = now()
      for _ in 0..<repeats { body() }
      fastest = min(fastest, (now() - start) / Double(repeats))
    }
    return fastest
  }

  /// The standard output of a process (with its standard error when `errors`), or "" when it
  /// cannot run.
  static func capture(_ executable: String, _ arguments: [String], errors: Bool = false) -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = errors ? pipe : FileHandle.nullDevice
    do { try process.run() } catch { return "" }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }

  /// The path of an executable on the PATH.
  static func which(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(name)" }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  /// Runs a process to completion with standard input from `input` and standard output to
  /// `output`, through posix_spawn (as a shell would).
  static func run(_ executable: String, _ arguments: [String], input: String, output: String) {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = ([executable] + arguments).map { strdup($0) }
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    guard posix_spawn(&pid, executable, &actions, nil, argv + [nil], environ) == 0 else { return }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
  }
}
