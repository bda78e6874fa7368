import Foundation
import Testing

@testable import MenuKit
@testable import MenuKitInterop

@Suite("Importing GTK accelerators")
struct KeymapImportGTKTests {
  private let accelMap = #"""
    ; gedit GtkAccelMap rc-file         -*- scheme -*-
    ; (gtk_accel_path "<Actions>/win/close" "<Primary>w")
    (gtk_accel_path "<Actions>/win/save" "<Primary>s")
      (gtk_accel_path "<Actions>/app/quit" "<Control><Shift>q") ; trailing comment
    (gtk_accel_path "<Gimp-Actions>/file/file-save-as" "<Primary><Shift>s")
    (gtk_accel_path "<Actions>/about" "F1")
    (gtk_accel_path "<Actions>/with \"quote\"" "F2")
    """#

  @Test("reads accelerator map lines; <Actions>/group/name becomes group.name")
  func readsAccelMap() throws {
    let (keymap, diagnostics) = GTKAccelerators.load(
      text: accelMap, path: "accels", platform: .linux, source: .user)
    let bindings = try #require(keymap?.bindings)
    #expect(diagnostics.map(\.code) == [.badCommand])
    #expect(diagnostics.first?.location == SourceLocation(file: "accels", line: 7, column: 1))
    #expect(
      bindings.map(\.effect) == [
        .perform("win.save", arguments: nil), .perform("app.quit", arguments: nil),
        .perform("<Gimp-Actions>/file/file-save-as", arguments: nil),
        .perform("about", arguments: nil),
      ])
    #expect(bindings.map(\.keys.canonicalText) == ["Cmd+S", "Cmd+Shift+Q", "Cmd+Shift+S", "F1"])
    #expect(bindings.map { $0.location?.line } == [3, 4, 5, 6])
    #expect(bindings[1].location?.column == 3)
    #expect(bindings.allSatisfy { $0.context == nil && $0.source == .user })
  }

  @Test("reads action lists as set_accels_for_action takes them")
  func readsActionList() throws {
    let text = """
      # app accelerators
      app.save-all <Primary><Shift>s <Primary>l
      win.zoom(1) <Primary>plus
      """
    let (keymap, diagnostics) = GTKAccelerators.load(text: text, platform: .linux, source: .app)
    #expect(diagnostics.isEmpty)
    let bindings = try #require(keymap?.bindings)
    #expect(bindings.map(\.keys.canonicalText) == ["Cmd+Shift+S", "Cmd+L", "Cmd+Plus"])
    #expect(
      bindings.map(\.effect) == [
        .perform("app.save-all", arguments: nil), .perform("app.save-all", arguments: nil),
        .perform("win.zoom(1)", arguments: nil),
      ])
  }

  @Test("a later line for the same action replaces the earlier one, as in GTK")
  func laterLineReplaces() throws {
    let text = """
      (gtk_accel_path "<Actions>/win/save" "<Primary>s")
      (gtk_accel_path "<Actions>/win/open" "<Primary>o")
      (gtk_accel_path "<Actions>/win/save" "F2")
      (gtk_accel_path "<Actions>/win/open" "")
      """
    let (keymap, diagnostics) = GTKAccelerators.load(text: text, platform: .linux, source: .user)
    #expect(keymap?.bindings.map(\.keys.canonicalText) == ["F2"])
    let summary = diagnostics.map { "\($0.location!.line) \($0.code)" }
    #expect(summary == ["1 MK558", "2 MK558", "4 MK557"])
    #expect(diagnostics.allSatisfy { $0.severity == .warning })
  }

  @Test("malformed lines are errors at their column; the other lines load")
  func malformedLines() throws {
    let text = """
      (gtk_accel_path "<Actions>/a/b" "<Primary>s"
      (gtk_accel "<Actions>/a/c" "<Primary>c")
      (gtk_accel_path <Actions>/a/d "<Primary>d")
      (gtk_accel_path "<Actions>/a/e" "<Primary>e") x
      (gtk_accel_path "<Actions>/a/f" "<Primray>f")
      (gtk_accel_path "<Actions>/a/g" "<Primary>g")
      (gtk_accel_path "<Actions>/a/h" "<Hyper>h")
      app.x <Primary>x <Bad>y
      """
    let (keymap, diagnostics) = GTKAccelerators.load(
      text: text, path: "a", platform: .linux, source: .user)
    #expect(keymap?.bindings.map(\.keys.canonicalText) == ["Cmd+G", "Cmd+X"])
    let summary = diagnostics.map { "\($0.location!.line):\($0.location!.column) \($0.code)" }
    #expect(
      summary == [
        "1:45 MK556", "2:2 MK556", "3:17 MK556", "4:47 MK556", "5:35 MK551", "7:35 MK559",
        "8:19 MK551",
      ])
    #expect(diagnostics[0].message.contains("expected ')'"))
  }

  @Test("an empty or comment-only file is an empty keymap")
  func emptyFile() {
    let (keymap, diagnostics) = GTKAccelerators.load(
      text: "; nothing\n\n", platform: .linux, source: .user)
    #expect(keymap?.bindings.isEmpty == true)
    #expect(diagnostics.isEmpty)
  }

  // MARK: Export

  @Test("exports accelerator map lines and action lists")
  func export() throws {
    let keymap = Keymap(
      source: .user,
      bindings: [
        KeyBinding(
          keys: try KeySequence(parsing: "Cmd+S"), effect: .perform("win.save", arguments: nil),
          source: .user),
        KeyBinding(
          keys: try KeySequence(parsing: "Cmd+Shift+["), effect: .perform("fold", arguments: nil),
          source: .user),
        KeyBinding(
          keys: try KeySequence(parsing: "F5"),
          effect: .perform("<Gimp-Actions>/file/x", arguments: nil), source: .user),
        KeyBinding(
          keys: try KeySequence(parsing: "Cmd+L"), effect: .perform("win.save", arguments: nil),
          source: .user),
      ])
    let map = GTKAccelerators.text(of: keymap, platform: .linux)
    #expect(
      map.text == """
        (gtk_accel_path "<Actions>/win/save" "<Primary>s")
        (gtk_accel_path "<Actions>/fold" "<Primary><Shift>bracketleft")
        (gtk_accel_path "<Gimp-Actions>/file/x" "F5")

        """)
    #expect(map.diagnostics.map(\.code) == [.notExportable])
    #expect(map.diagnostics.first?.message.contains("one accelerator") == true)
    let list = GTKAccelerators.text(of: keymap, platform: .linux, format: .actionList)
    #expect(
      list.text == """
        win.save <Primary>s <Primary>l
        fold <Primary><Shift>bracketleft
        <Gimp-Actions>/file/x F5

        """)
    #expect(list.diagnostics.isEmpty)
    // An action's accelerators share a line; GTK accelerators have no order to keep.
    let reloaded = try #require(
      GTKAccelerators.load(text: list.text, platform: .linux, source: .user).keymap)
    #expect(reloaded.bindings.count == keymap.bindings.count)
    #expect(Set(reloaded.bindings.map(unlocated)) == Set(keymap.bindings.map(unlocated)))
  }

  @Test("what GTK cannot express is reported, not silently dropped")
  func exportReportsLosses() throws {
    let location = SourceLocation(file: "k.keymap.json", line: 3, column: 7)
    func binding(_ keys: String, _ effect: KeyBinding.Effect, context: ContextPredicate? = nil)
      throws -> KeyBinding
    {
      KeyBinding(
        keys: try KeySequence(parsing: keys), effect: effect, context: context, source: .user,
        location: location)
    }
    let keymap = Keymap(
      source: .user,
      bindings: [
        try binding("Cmd+K Cmd+S", .perform("a", arguments: nil)),
        try binding("F1", .perform("b", arguments: nil), context: .identifier("Editor")),
        try binding("F2", .unbind),
        try binding("F3", .unbindCommand("c")),
        try binding("F4", .perform("d", arguments: .bool(true))),
        try binding("F6", .perform("x/y", arguments: nil)),
        try binding("F7", .perform(".x", arguments: nil)),
      ])
    let (text, diagnostics) = GTKAccelerators.text(of: keymap, platform: .linux)
    #expect(text.isEmpty)
    #expect(diagnostics.count == 7)
    #expect(diagnostics.allSatisfy { $0.code == .notExportable && $0.location == location })
    #expect(diagnostics[0].message.contains("single strokes"))
    #expect(diagnostics[1].message.contains("contexts"))
  }

  @Test("corpus → keymap → accelerator map → keymap keeps every single-stroke binding")
  func corpusRoundTrip() throws {
    let path = importCorpusDirectory.appendingPathComponent("vscode/linux.keybindings.json").path
    let keymap = try #require(
      VSCodeKeybindings.load(contentsOf: path, platform: .linux, source: .user).keymap)
    let (text, problems) = GTKAccelerators.text(
      of: keymap, platform: .linux, format: .actionList)
    let reloaded = try #require(
      GTKAccelerators.load(text: text, platform: .linux, source: .user).keymap)
    #expect(reloaded.bindings.count + problems.count == keymap.bindings.count)
    let expressible = keymap.bindings.filter { binding in
      !problems.contains { $0.location == binding.location }
    }
    #expect(Set(reloaded.bindings.map(unlocated)) == Set(expressible.map(unlocated)))
  }
}
