import Foundation
import Glibc
import MenuKit
import MenuKitTestSupport
import MenuKitXKB
import Testing

/// The expected actions of each case, from Expected/gtk-keys.txt.
private let expectedActions: [String: [String]] = {
  let url = expectedDirectory.appendingPathComponent("gtk-keys.txt")
  let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
  var result: [String: [String]] = [:]
  for line in text.split(separator: "\n") where !line.hasPrefix("#") {
    let parts = line.split(separator: "->", maxSplits: 1, omittingEmptySubsequences: false)
    guard parts.count == 2 else { continue }
    result[parts[0].trimmingCharacters(in: .whitespaces)] = parts[1].split(separator: " ").map(
      String.init)
  }
  return result
}()

/// Prints a row of the test's output, like the other end-to-end tests' rows (.ci/run).
private func row(_ session: String, _ typed: String, _ result: Any) {
  print(
    "gtk e2e: \(session.padding(toLength: 8, withPad: " ", startingAt: 0)) \(typed.padding(toLength: 34, withPad: " ", startingAt: 0)) -> \(result)"
  )
}

/// Whether `org.gtk.Actions.DescribeAll` output says an action is enabled (nil if absent).
private func isEnabled(_ action: String, inDescribeAll text: String) -> Bool? {
  guard let range = text.range(of: "'\(action)': (") else { return nil }
  return text[range.upperBound...].hasPrefix("true")
}

/// The example app's files, as absolute paths.
private let menuFile = repositoryRoot.appendingPathComponent("keymaps/examples/text-editor.json")
  .path
private let keymapFile = repositoryRoot.appendingPathComponent(
  "keymaps/examples/text-editor.keymap.json"
).path

@Suite(
  "menukit-gtk-example under Xvfb", .serialized,
  .enabled(
    if: (Tools.missing(
      ["Xvfb", "xdotool", "dbus-daemon", "gdbus", "import", "identify"],
      install: "xvfb xdotool dbus libglib2.0-bin imagemagick") ?? ExampleApp.notBuilt) == nil,
    "needs Xvfb, xdotool, dbus-daemon, gdbus and ImageMagick (apt-get install -y xvfb xdotool dbus libglib2.0-bin imagemagick); .ci/run installs them"
  ))
struct GTKXvfbExampleTests {
  /// The session's environment: Xvfb's display and the private bus.
  private func environment(_ server: Xvfb, _ bus: PrivateBus) -> [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment["DISPLAY"] = server.display
    environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
    environment["GDK_BACKEND"] = "x11"
    environment["GSK_RENDERER"] = "cairo"
    environment["NO_AT_BRIDGE"] = "1"
    environment["GTK_A11Y"] = "none"
    environment.removeValue(forKey: "WAYLAND_DISPLAY")
    return environment
  }

  /// Runs gdbus against the example's bus name.
  private func gdbus(
    _ environment: [String: String], path: String, method: String,
    _ arguments: String...
  ) throws -> String {
    let (status, output) = try Tools.run(
      "gdbus",
      [
        "call", "--session", "--dest", "org.menukit.GtkExample", "--object-path", path,
        "--method", method,
      ] + arguments, environment: environment, mergingErrors: true)
    guard status == 0 else { throw HarnessError(description: "gdbus \(method): \(output)") }
    return output
  }

  @Test(
    "xdotool keys perform the example's actions through MenuKit, validation shows over org.gtk.Actions, and a screenshot is taken"
  )
  func keysValidationAndScreenshot() throws {
    let server = try Xvfb()
    defer { server.stop() }
    let bus = try PrivateBus()
    let environment = environment(server, bus)
    let app = try ExampleApp(
      arguments: ["--menu", menuFile, "--keymap", keymapFile], environment: environment)
    defer { app.stop() }
    let (_, windows) = try Tools.run(
      "xdotool", ["search", "--sync", "--name", "MenuKit editor"], environment: environment)
    let window = try #require(windows.split(separator: "\n").first.map(String.init))
    try Tools.run("xdotool", ["windowactivate", "--sync", window], environment: environment)
    try Tools.run("xdotool", ["windowfocus", "--sync", window], environment: environment)

    // Validation: Revert is disabled until the text changes.
    let before = try gdbus(
      environment, path: "/org/menukit/GtkExample", method: "org.gtk.Actions.DescribeAll")
    let revertBefore = isEnabled("revertDocumentToSaved-3a", inDescribeAll: before)
    row(
      "x11", "Revert before typing (DescribeAll)",
      "enabled=\(revertBefore.map(String.init) ?? "absent")")
    #expect(revertBefore == false)

    // Keys, one case at a time: each case's strokes in one xdotool call.
    for strokes in [
      ["ctrl+s"], ["ctrl+shift+s"], ["F3"], ["ctrl+k", "ctrl+s"], ["ctrl+k", "s"],
      ["ctrl+k", "ctrl+c"],
    ] {
      let name = "x11 " + strokes.joined(separator: " ")
      let expected = try #require(expectedActions[name], "Expected/gtk-keys.txt has no '\(name)'")
      let start = app.performed.count
      try Tools.run("xdotool", ["key", "--clearmodifiers"] + strokes, environment: environment)
      let performed = app.actions(after: start, count: expected.count)
      row("x11", strokes.joined(separator: " "), performed)
      #expect(performed == expected, "\(name)")
      // The sequence timeout (1 s) passes between cases, so none continues into the next.
      usleep(1_100_000)
    }

    // Typing changes the buffer: the example revalidates, and Revert is enabled.
    try Tools.run("xdotool", ["type", "hello"], environment: environment)
    var revertAfter: Bool?
    let deadline = Date().addingTimeInterval(5)
    repeat {
      usleep(100_000)
      let after = try gdbus(
        environment, path: "/org/menukit/GtkExample", method: "org.gtk.Actions.DescribeAll")
      revertAfter = isEnabled("revertDocumentToSaved-3a", inDescribeAll: after)
    } while revertAfter != true && Date() < deadline
    row(
      "x11", "Revert after typing (DescribeAll)",
      "enabled=\(revertAfter.map(String.init) ?? "absent")")
    #expect(revertAfter == true)

    // The keymap's reverse lookup gives the menubar's accelerators: Cmd+P is quickOpen:'s
    // (so Print shows none), Delete Line moved to Ctrl+Shift+K in the editor.
    let menus = try MenuLines.fromGtkMenus(
      try gdbus(
        environment, path: "/org/menukit/GtkExample/menus/menubar",
        method: "org.gtk.Menus.Start", "[\((0..<256).map(String.init).joined(separator: ","))]"))
    let print = menus.first { $0.contains("/ Print…") } ?? "?"
    let deleteLine = menus.first { $0.contains("/ Delete Line") } ?? "?"
    row("x11", "menubar with the keymap", "\(print); \(deleteLine)")
    #expect(print == " / File [section] / Print… | app.printContent-3a")
    #expect(deleteLine.hasSuffix("/ Delete Line | app.deleteLine-3a | Ctrl+Shift+K"))

    // A screenshot of the screen: not empty, more than one colour.
    let screenshot = FileManager.default.temporaryDirectory
      .appendingPathComponent("menukit-gtk-\(UUID().uuidString).png")
    defer { try? FileManager.default.removeItem(at: screenshot) }
    try Tools.run("import", ["-window", "root", screenshot.path], environment: environment)
    let (_, colours) = try Tools.run("identify", ["-format", "%k", screenshot.path])
    let size =
      (try? FileManager.default.attributesOfItem(atPath: screenshot.path)[.size] as? Int)
      ?? 0
    row("x11", "screenshot", "\(size) bytes, \(colours) colours")
    #expect(size > 0)
    #expect((Int(colours) ?? 0) > 1, "the screenshot is a single colour")
    if size > 0 {
      try? FileManager.default.removeItem(atPath: "/work/gtk-screenshot.png")
      try? FileManager.default.copyItem(atPath: screenshot.path, toPath: "/work/gtk-screenshot.png")
    }
  }

  @Test(
    "GTK's accelerators alone (no MenuKit key controller) fire single strokes but not sequences"
  )
  func gtkAcceleratorsOnly() throws {
    let server = try Xvfb()
    defer { server.stop() }
    let bus = try PrivateBus()
    let environment = environment(server, bus)
    let app = try ExampleApp(
      arguments: ["--menu", menuFile, "--keymap", keymapFile, "--gtk-accelerators-only"],
      environment: environment)
    defer { app.stop() }
    let (_, windows) = try Tools.run(
      "xdotool", ["search", "--sync", "--name", "MenuKit editor"], environment: environment)
    let window = try #require(windows.split(separator: "\n").first.map(String.init))
    try Tools.run("xdotool", ["windowactivate", "--sync", window], environment: environment)
    try Tools.run("xdotool", ["windowfocus", "--sync", window], environment: environment)
    for strokes in [["ctrl+s"], ["ctrl+k", "ctrl+c"]] {
      let name = "x11 gtk-only " + strokes.joined(separator: " ")
      let expected = try #require(expectedActions[name], "Expected/gtk-keys.txt has no '\(name)'")
      let start = app.performed.count
      try Tools.run("xdotool", ["key", "--clearmodifiers"] + strokes, environment: environment)
      let performed = app.actions(after: start, count: expected.count)
      row("x11", strokes.joined(separator: " ") + ", GTK alone", performed)
      #expect(performed == expected, "\(name)")
    }
  }

  @Test("the menubar exported over org.gtk.Menus equals menu-dump --format json of the same file")
  func menubarEqualsMenuDump() throws {
    let server = try Xvfb()
    defer { server.stop() }
    let bus = try PrivateBus()
    let environment = environment(server, bus)
    let app = try ExampleApp(
      arguments: ["--menu", menuFile, "--no-keymap"], environment: environment)
    defer { app.stop() }
    let exported = try MenuLines.fromGtkMenus(
      try gdbus(
        environment, path: "/org/menukit/GtkExample/menus/menubar",
        method: "org.gtk.Menus.Start", "[\((0..<256).map(String.init).joined(separator: ","))]"))
    let (status, json) = try Tools.run(
      builtTool("menu-dump")!.path, ["--format", "json", menuFile])
    #expect(status == 0)
    let dumped = try MenuLines.fromMenuDumpJSON(json)
    let accelerators = exported.filter { $0.split(separator: "|").count == 3 }.count
    let equal = zip(exported, dumped).filter { $0 == $1 }.count
    row(
      "x11", "org.gtk.Menus = menu-dump json",
      "\(equal) of \(dumped.count) entries equal, \(accelerators) accelerators")
    #expect(exported.count == dumped.count)
    for (index, (left, right)) in zip(exported, dumped).enumerated() where left != right {
      Issue.record("entry \(index): org.gtk.Menus '\(left)' but menu-dump '\(right)'")
    }
    #expect(exported == dumped)
    #expect(accelerators > 30)
  }
}

@Suite(
  "menukit-gtk-example under headless sway", .serialized,
  .enabled(if: (HeadlessSway.missing ?? ExampleApp.notBuilt) == nil, HeadlessSway.comment))
struct GTKSwayExampleTests {
  @Test(
    "on a ru-only keymap Ctrl + physical S saves and Ctrl+K Ctrl+С comments, and on de Ctrl+Ü unindents (relocated Ctrl+[), through MenuKit, where GTK's accelerators alone miss both"
  )
  func russianOnly() throws {
    let sway = try HeadlessSway()
    defer { sway.stop() }
    let keyboard = try VirtualKeyboardClient(sway: sway)
    defer { keyboard.stop() }
    func upload(_ layout: String) throws {
      let keymap = sway.directory.appendingPathComponent("\(layout).xkb")
      try XKBKeymap(context: .system(), names: .init(layout: layout)).asString()
        .write(to: keymap, atomically: true, encoding: .utf8)
      chmod(keymap.path, 0o644)
      try keyboard.send("keymap \(keymap.path)")
    }
    try upload("us")

    var environment = sway.clientEnvironment
    environment["GDK_BACKEND"] = "wayland"
    environment["GSK_RENDERER"] = "cairo"
    environment["NO_AT_BRIDGE"] = "1"
    environment["GTK_A11Y"] = "none"
    environment["HOME"] = "/tmp"
    environment.removeValue(forKey: "DISPLAY")
    environment.removeValue(forKey: "DBUS_SESSION_BUS_ADDRESS")
    let leftControl = 29
    // GTK's own accelerators (the same app without MenuKit's key controller) miss Ctrl+S on
    // this keymap: physical S types ы, and GTK matches by keyval in the active layout.
    let gtkOnly = try ExampleApp(
      arguments: ["--menu", menuFile, "--keymap", keymapFile, "--gtk-accelerators-only"],
      environment: environment,
      prefix: [
        Tools.path("setpriv")!, "--reuid=\(swayUser)", "--regid=\(swayUser)", "--clear-groups",
        "--",
      ])
    // The window gets keyboard focus when sway maps it.
    usleep(500_000)
    for (layout, name, code) in [
      ("us", "Ctrl+KEY_S", 31), ("de", "Ctrl+KEY_LEFTBRACE", 26), ("ru", "Ctrl+KEY_S", 31),
    ] {
      try upload(layout)
      usleep(200_000)
      let start = gtkOnly.performed.count
      try keyboard.send("down \(leftControl)")
      try keyboard.send("tap \(code)")
      try keyboard.send("up \(leftControl)")
      let expected = try #require(expectedActions["sway-\(layout) gtk-only \(name)"])
      let performed = gtkOnly.actions(after: start, count: max(expected.count, 1), timeout: 2)
      row("sway-\(layout)", "\(name), GTK alone", performed)
      #expect(performed == expected, "sway-\(layout) \(name), GTK alone")
    }
    gtkOnly.stop()

    // The example with MenuKit's key controller, on the same ru-only keymap.
    let app = try ExampleApp(
      arguments: ["--menu", menuFile, "--keymap", keymapFile], environment: environment,
      prefix: [
        Tools.path("setpriv")!, "--reuid=\(swayUser)", "--regid=\(swayUser)", "--clear-groups",
        "--",
      ])
    defer { app.stop() }
    // The window gets keyboard focus when sway maps it.
    usleep(500_000)

    for (layout, name, codes) in [
      ("ru", "Ctrl+KEY_S", [31]), ("ru", "Ctrl+KEY_K Ctrl+KEY_C", [37, 46]),
      ("de", "Ctrl+KEY_LEFTBRACE", [26]),
    ] {
      if layout == "de" {
        try upload("de")
        usleep(200_000)
      }
      let expected = try #require(expectedActions["sway-\(layout) " + name])
      let start = app.performed.count
      try keyboard.send("down \(leftControl)")
      for code in codes { try keyboard.send("tap \(code)") }
      try keyboard.send("up \(leftControl)")
      let performed = app.actions(after: start, count: expected.count)
      row("sway-\(layout)", name, performed)
      #expect(performed == expected, "\(layout) \(name)")
      usleep(1_100_000)
    }
  }
}
