import MenuKit

extension Benchmarks {
  /// Resolving one key stroke against 10,000 keymap bindings: `KeyBindingResolver` (an index
  /// by first stroke) beside a linear scan of every binding, the way Zed's
  /// `bindings_for_input` works, measured in the same run.
  static func keymapBenchmark() {
    print("Keymap resolution: one stroke against 10,000 bindings with contexts")
    let bindings = generatedBindings(count: 10_000)
    let resolver = KeyBindingResolver(bindings: bindings, platform: .linux)
    let table = ScanTable(bindings)
    let stack = [
      KeyContext(["Workspace"]), KeyContext(["Pane"]),
      KeyContext(["Editor", "context7"], values: ["mode": "full"]),
    ]
    // Every stroke that some binding starts with, and some that none does.
    var queries: [KeySequence] = []
    for (index, binding) in bindings.enumerated() where index % 7 == 0 {
      queries.append(KeySequence([binding.keys.strokes[0]]))
    }
    queries += (1...12).map {
      KeySequence([KeyboardShortcut(.function($0), modifierFlags: .shift)])
    }

    var winnerOnlyBest = Double.infinity
    var indexedBest = Double.infinity
    var scanBest = Double.infinity
    var agree = 0
    for _ in 0..<5 {
      var winners = 0
      let indexed = measure {
        for query in queries where resolver.resolve(query, in: stack).binding != nil {
          winners += 1
        }
      }
      indexedBest = min(indexedBest, indexed.nanoseconds / Double(queries.count))
      var fired = 0
      let winnerOnly = measure {
        for query in queries
        where resolver.resolve(query, in: stack, includingCandidates: false).binding != nil {
          fired += 1
        }
      }
      winnerOnlyBest = min(winnerOnlyBest, winnerOnly.nanoseconds / Double(queries.count))
      if fired != winners { winners = -1 }
      var scanned = 0
      let scan = measure {
        for query in queries where linearScan(table, query, stack) != nil { scanned += 1 }
      }
      scanBest = min(scanBest, scan.nanoseconds / Double(queries.count))
      agree = winners == scanned ? winners : -1
    }
    print(
      pad("bindings", 10) + pad("queries", 9) + pad("linear scan", 14) + pad("indexed", 12)
        + pad("speed-up", 10) + pad("winner only", 13) + pad("speed-up", 10)
        + "winners (same in all)")
    print(
      pad("10000", 10) + pad("\(queries.count)", 9)
        + pad(String(format1: scanBest / 1000) + " µs", 14)
        + pad(String(format1: indexedBest / 1000) + " µs", 12)
        + pad(String(format1: scanBest / indexedBest) + "×", 10)
        + pad(String(format1: winnerOnlyBest / 1000) + " µs", 13)
        + pad(String(format1: scanBest / winnerOnlyBest) + "×", 10)
        + (agree < 0 ? "DIFFER" : "\(agree)"))
    print(
      "(per stroke, best of 5 rounds; 'indexed' lists every candidate as explain does, "
        + "'winner only' is the dispatcher's path)")
    print("")
  }

  /// Bindings over 40 keys × 8 modifier sets, half of them in one of 50 contexts, a fifth
  /// of them two-stroke sequences, from four layers.
  static func generatedBindings(count: Int) -> [KeyBinding] {
    let keys: [KeyInput] =
      "abcdefghijklmnopqrstuvwxyz0123456789".map { KeyInput(String($0)) }
      + [.upArrow, .downArrow, .leftArrow, .rightArrow]
    let modifierSets: [KeyModifierFlags] = [
      [.command], [.command, .shift], [.command, .alternate], [.alternate], [.control],
      [.control, .shift], [.alternate, .shift], [.command, .alternate, .shift],
    ]
    let sources: [KeymapSource] = [.builtIn, .app, .extension, .user]
    var bindings: [KeyBinding] = []
    for index in 0..<count {
      let first = KeyboardShortcut(
        keys[index % keys.count],
        modifierFlags: modifierSets[(index / keys.count) % modifierSets.count])
      var strokes = [first]
      if index % 5 == 4 {
        strokes.append(KeyboardShortcut(keys[(index / 7) % keys.count], modifierFlags: .command))
      }
      let context: ContextPredicate? =
        index % 2 == 0
        ? nil
        : index % 3 == 0
          ? .and(.identifier("Editor"), .identifier("context\(index % 50)"))
          : .descendant(.identifier("Workspace"), .identifier("context\(index % 50)"))
      bindings.append(
        KeyBinding(
          keys: KeySequence(strokes),
          effect: .perform(ActionName("command\(index)"), arguments: nil), context: context,
          source: sources[index % sources.count]))
    }
    return bindings
  }

  /// Bindings prepared for a linear scan: in precedence order, with physical strokes.
  struct ScanTable {
    var bindings: [KeyBinding]
    var strokes: [[KeyboardShortcut]]

    init(_ bindings: [KeyBinding]) {
      self.bindings = bindings.enumerated().sorted {
        ($0.element.source, $0.offset) < ($1.element.source, $1.offset)
      }.map(\.element)
      strokes = self.bindings.map { $0.keys.strokes.map(ScanTable.physical) }
    }

    static func physical(_ stroke: KeyboardShortcut) -> KeyboardShortcut {
      KeyboardShortcut(
        stroke.input, modifierFlags: PlatformProfile.linux.physicalModifiers(stroke.modifierFlags))
    }
  }

  /// The winner for a complete sequence by scanning every binding: the baseline.
  static func linearScan(_ table: ScanTable, _ keys: KeySequence, _ stack: [KeyContext])
    -> KeyBinding?
  {
    let typed = keys.strokes.map(ScanTable.physical)
    var best: (depth: Int, rank: Int)?
    for rank in table.bindings.indices where table.strokes[rank] == typed {
      let binding = table.bindings[rank]
      let depth = binding.context.map { $0.matchDepth(in: stack) } ?? max(stack.count - 1, 0)
      guard let depth else { continue }
      if best == nil || (depth, rank) > (best!.depth, best!.rank) { best = (depth, rank) }
    }
    return best.map { table.bindings[$0.rank] }
  }
}
