import Foundation
import MenuKit
import MenuKitInterop
import MenuKitLint
import MenuKitXKB
import Testing

// The differential test of issue 14 and DESIGN decision 11: for every distinct stroke of real
// keymaps, on many layouts, how-to-type's answer (the typing engine), the dispatcher fed
// exactly the presses it names, explain, and keymap-lint's layout rules must agree.

private let corpus = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("MenuKitTests/Fixtures/corpus").path

/// The layouts every run checks, as issue 14 lists them.
private let fixedLayouts = ["us", "de", "fr", "se", "ru", "ch", "jp"]

/// Every distinct stroke of the corpus keymaps read for linux: VS Code's and Zed's defaults,
/// Zed's base keymaps and the keybindings VS Code extensions contribute; modifier-only strokes
/// are left out (they are taps, not presses of a key).
private func corpusStrokes() throws -> (strokes: [KeyboardShortcut], files: Int) {
  var sequences: [KeySequence] = []
  var files = 0
  func text(_ path: String) throws -> String {
    try String(contentsOfFile: "\(corpus)/\(path)", encoding: .utf8)
  }
  let vscode = VSCodeKeybindings.load(
    text: try text("vscode/linux.keybindings.json"), platform: .linux, source: .user)
  sequences += try #require(vscode.keymap).bindings.map(\.keys)
  files += 1
  for name in [
    "zed/default-linux.json", "zed-base/atom.json", "zed-base/cursor.json",
    "zed-base/emacs.json", "zed-base/jetbrains.json", "zed-base/sublime_text.json",
    "zed-base/vim.json",
  ] {
    let zed = ZedKeymap.load(text: try text(name), platform: .linux, source: .user)
    sequences += try #require(zed.keymap, "\(name)").bindings.map(\.keys)
    files += 1
  }
  // An extension's package.json: contributes.keybindings, each with its linux keys.
  for name in [
    "vscode-extensions/gitlens/package.json", "vscode-extensions/vscodevim/package.json",
  ] {
    let data = Data(try text(name).utf8)
    let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let contributes = try #require(root["contributes"] as? [String: Any])
    let entries = try #require(contributes["keybindings"] as? [[String: Any]])
    for entry in entries {
      guard let keys = (entry["linux"] as? String) ?? (entry["key"] as? String),
        let sequence = try? KeySequence(parsing: keys, dialect: .vscode, platform: .linux)
      else { continue }
      sequences.append(sequence)
    }
    files += 1
  }
  var seen: Set<KeyboardShortcut> = []
  var strokes: [KeyboardShortcut] = []
  for stroke in sequences.flatMap(\.strokes)
  where stroke.input.modifierKey == nil && seen.insert(stroke).inserted {
    strokes.append(stroke)
  }
  return (strokes, files)
}

/// The fixed layouts plus a sample of the installed layouts and variants that rotates by day,
/// so CI covers every one over time; `MENUKIT_DIFFERENTIAL_LAYOUTS=all` checks every one.
private func layoutsToCheck() -> [LayoutName] {
  let installed = LayoutName.installed()
    .filter { !($0.variant == nil && fixedLayouts.contains($0.layout)) }
  var names = fixedLayouts.map { LayoutName(layout: $0) }
  if ProcessInfo.processInfo.environment["MENUKIT_DIFFERENTIAL_LAYOUTS"] == "all" {
    return names + installed
  }
  guard !installed.isEmpty else { return names }
  let day = Int(Date().timeIntervalSince1970 / 86_400)
  let sample = 5
  for offset in 0..<min(sample, installed.count) {
    names.append(
      installed[(day * sample + offset * (installed.count / sample + 1)) % installed.count])
  }
  return names
}

/// A window whose first responder performs the one action the test binds, counting it.
@MainActor
private final class Scene {
  final class View: Responder {
    override var canBecomeFirstResponder: Bool { true }
  }

  let app = Application()
  let window: Window
  let view = View()
  var performed = 0

  init() {
    window = Window(application: app)
    app.keyWindow = window
    view.setNext(window)
    view.becomeFirstResponder()
    view.handle("differential:") { [unowned self] _ in self.performed += 1 }
  }
}

@Suite("Differential: how-to-type, dispatch, explain and keymap-lint agree on real keymaps")
@MainActor
struct DifferentialTests {
  @Test("every distinct stroke of the corpus on us, de, fr, se, ru, ch, jp and a rotating sample")
  func agreeEverywhere() throws {
    let (strokes, files) = try corpusStrokes()
    #expect(strokes.count > 400, "the corpus has fewer strokes than expected: \(strokes.count)")
    let names = layoutsToCheck()
    let analyzer = LayoutAnalyzer()
    let scene = Scene()
    var disagreements: [String] = []
    var counts: [StrokeTyping.Verdict: Int] = [:]
    var presses = 0
    var explains = 0

    // keymap-lint over one keymap of every stroke, each on its own line, on every layout.
    let lines = strokes.enumerated().map { index, stroke in
      let keys = stroke.canonicalText.replacingOccurrences(of: "\\", with: "\\\\")
        .replacingOccurrences(of: "\"", with: "\\\"")
      return #"    { "keys": "\#(keys)", "command": "c\#(index)" },"#
    }
    let text =
      "{ \"schemaVersion\": 1, \"keymap\": [ { \"bindings\": [\n"
      + lines.joined(separator: "\n") + "\n] } ] }\n"
    let report = KeymapLinter(configuration: LintConfiguration(platform: .linux, layouts: names))
      .lint(
        [
          LintDocument.load(
            text: text, path: "strokes.keymap.json", format: .keymap, platform: .linux)
        ],
        layouts: analyzer)
    let layoutCodes: Set<DiagnosticCode> = [
      .untypableShortcut, .needsAltGr, .layoutAction, .movedKey, .ctrlAltCollision,
    ]
    // Findings by stroke (its line) and layout.
    var lintCodes: [Int: [String: Set<DiagnosticCode>]] = [:]
    for finding in report.findings where layoutCodes.contains(finding.code) {
      guard let line = finding.location?.line, line >= 2, line - 2 < strokes.count else { continue }
      for note in finding.notes {
        if let layout = note.layout {
          lintCodes[line - 2, default: [:]][layout, default: []].insert(finding.code)
        }
      }
    }

    // xkb-data lists a few layouts without symbols (`custom`): they cannot be checked.
    var uncompiled: [LayoutName] = []
    for name in names {
      guard let layout = try? analyzer.keyboard(for: name) else {
        uncompiled.append(name)
        continue
      }
      for (index, stroke) in strokes.enumerated() {
        let typing = layout.typing(of: stroke, platform: .linux)
        counts[typing.verdict, default: 0] += 1
        let context = "\(stroke.canonicalText) on \(name): how-to-type says \(typing.verdict)"
        let command = KeyCommand(
          title: stroke.canonicalText, action: "differential:", input: stroke.input,
          modifierFlags: stroke.modifierFlags)
        let menu = Menu(children: [.keyCommand(command)])

        // The dispatcher, fed exactly the presses how-to-type names, without and with
        // keymaps (the menu's key command then being a built-in binding).
        if let press = typing.press {
          presses += 1
          for keymaps in [nil, []] as [[Keymap]?] {
            let dispatcher = KeyDispatcher(application: scene.app, mainMenu: menu, platform: .linux)
            dispatcher.keymaps = keymaps
            let keyboard = XKBKeyboard(
              keymap: layout.keymap, repeatSettings: KeyRepeatSettings(isEnabled: false))
            scene.performed = 0
            for event in press.keyEvents(startingAt: 0) {
              if let pressesEvent = keyboard.handle(event) {
                dispatcher.send(pressesEvent, layout: keyboard)
              }
            }
            let fired = scene.performed == 1
            if fired != typing.isTyped {
              disagreements.append(
                "\(context), the dispatcher\(keymaps == nil ? "" : " with keymaps") "
                  + (fired ? "fires it" : "does not fire it") + " on \(press.evdevCodes)")
            }
          }
          // explain, on the same presses, names the same winner.
          let keyboard = XKBKeyboard(
            keymap: layout.keymap, repeatSettings: KeyRepeatSettings(isEnabled: false))
          let resolver = KeyBindingResolver(defaults: menu, keymaps: [], platform: .linux)
          var explainer = resolver.explainer(in: [])
          for event in press.keyEvents(startingAt: 0) {
            for typed in keyboard.handle(event)?.changedPresses ?? [] {
              explainer.add(typed, layout: keyboard)
            }
          }
          let winner = explainer.explanation.winner
          explains += 1
          if (winner != nil) != typing.isTyped {
            disagreements.append(
              "\(context), explain " + (winner == nil ? "names no winner" : "names the binding"))
          }
        } else if typing.isTyped {
          disagreements.append("\(context) but names no press")
        }

        // keymap-lint's layout rules say what the typing engine says.
        let codes = lintCodes[index]?[name.description] ?? []
        let expected: Set<DiagnosticCode>?
        switch typing.verdict {
        case .unreachable: expected = [.untypableShortcut]
        case .needsAltGr: expected = [.needsAltGr]
        case .layoutAction, .modifiersConsumed: expected = [.layoutAction]
        case .relocated:
          let original = layout.typing(
            of: stroke, platform: .linux, allowsAutomaticLocalization: false)
          if original.verdict == .unreachable {
            expected = [.untypableShortcut]
          } else if original.verdict != .direct, original.press?.holdsLevelShift == true {
            expected = [.needsAltGr]
          } else {
            expected = []
          }
        case .direct: expected = nil
        }
        let agrees =
          expected.map { codes.subtracting([.movedKey, .ctrlAltCollision]) == $0 }
          ?? codes.isSubset(of: [.movedKey, .ctrlAltCollision])
        if !agrees {
          disagreements.append("\(context), keymap-lint reports \(codes.map(\.rawValue).sorted())")
        }
      }
    }
    let verdicts = StrokeTyping.Verdict.allCases.map { "\($0.rawValue) \(counts[$0] ?? 0)" }
    print(
      "differential: \(strokes.count) distinct strokes from \(files) keymaps on "
        + "\(names.count - uncompiled.count) "
        + "layouts (\(names.map(\.description).joined(separator: ","))): "
        + "\(strokes.count * (names.count - uncompiled.count)) cases (\(verdicts.joined(separator: ", "))); "
        + "\(presses) presses dispatched twice (without and with keymaps), \(explains) explained; "
        + "\(disagreements.count) disagreements"
        + (uncompiled.isEmpty
          ? "" : "; not compiled: \(uncompiled.map(\.description).joined(separator: ","))"))
    for line in disagreements.prefix(40) { print("  disagreement: \(line)") }
    #expect(!uncompiled.contains { fixedLayouts.contains($0.layout) }, "\(uncompiled)")
    #expect(
      disagreements.isEmpty,
      "\(disagreements.count) disagreements; the first: \(disagreements.prefix(5))")
  }
}
