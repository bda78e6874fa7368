import Foundation
import MenuKitTestSupport
import Testing

@testable import MenuKitDBus

/// libdbusmenu's own client, or why the test is skipped.
private let dumperMissing: String? = {
  if let missing = PrivateBus.missing { return missing }
  let dumper = DBusDumperEndToEndTests.dumper
  if !FileManager.default.isExecutableFile(atPath: dumper) {
    return "\(dumper) is missing (Debian: libdbusmenu-tools): the dbusmenu-dumper test is skipped"
  }
  return nil
}()

/// One item as both sides must show it: its label path, whether it is enabled, its toggle
/// state (`-` for none) and its shortcut in menu-dump's notation (`-` for none).
struct NormalizedItem: Equatable, CustomStringConvertible {
  var path: String
  var enabled: Bool
  var toggle: String
  var shortcut: String

  var description: String {
    "\(path) | \(enabled ? "enabled" : "disabled") | \(toggle) | \(shortcut)"
  }
}

/// menu-serve exports a real menu file; libdbusmenu's `dbusmenu-dumper` reads it back over
/// the bus, and what it prints must be what `menu-dump --format json` says of the same file.
@Suite(.serialized)
struct DBusDumperEndToEndTests {
  static let dumper = "/usr/libexec/dbusmenu-dumper"
  static let menuFile = repositoryRoot.appendingPathComponent("keymaps/examples/text-editor.json")
  /// Actions menu-serve leaves to no responder, so that the comparison sees disabled items.
  static let disabled: Set<String> = ["cut:", "deleteDocument:"]

  @Test(
    "dbusmenu-dumper of menu-serve's export equals menu-dump --format json of the same file",
    .enabled(if: dumperMissing == nil, Comment(rawValue: dumperMissing ?? "")))
  func dumperEqualsMenuDump() async throws {
    let serve = try #require(builtTool("menu-serve"), "menu-serve is not built")
    let menuDump = try #require(builtTool("menu-dump"), "menu-dump is not built")
    let bus = try PrivateBus()
    let connection = try DBusConnection(address: bus.address)

    let server = Process()
    server.executableURL = serve
    server.arguments =
      ["--timeout", "660"] + Self.disabled.sorted().flatMap { ["--disable", $0] }
      + [Self.menuFile.path]
    var environment = ProcessInfo.processInfo.environment
    environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
    server.environment = environment
    server.standardOutput = FileHandle.nullDevice
    server.standardError = FileHandle.nullDevice
    try server.run()
    defer { kill(server.processIdentifier, SIGKILL) }
    #expect(try await waitForName("org.menukit.MenuServe", on: connection))

    let (dumperStatus, dumped) = try await Tools.output(
      of: "/usr/bin/env",
      [
        "DBUS_SESSION_BUS_ADDRESS=\(bus.address)", "LC_ALL=C.UTF-8", Self.dumper,
        "--dbus-name=org.menukit.MenuServe", "--dbus-object=/MenuBar",
      ])
    #expect(dumperStatus == 0, "dbusmenu-dumper exited \(dumperStatus): \(dumped)")
    let (dumpStatus, json) = try await Tools.output(
      of: menuDump.path, ["--format", "json", "--platform", "linux", Self.menuFile.path])
    #expect(dumpStatus == 0, "menu-dump exited \(dumpStatus): \(json)")

    let fromBus = try Self.items(dumperOutput: dumped)
    let fromFile = try Self.items(menuDumpJSON: json, disabled: Self.disabled)
    #expect(fromBus.count > 100)
    #expect(fromBus.contains { !$0.enabled } && fromBus.contains { $0.toggle == "mixed" })
    #expect(fromBus.map(\.description) == fromFile.map(\.description))
    print(
      "dbus e2e: dbusmenu-dumper equals menu-dump json -> "
        + (fromBus == fromFile ? "\(fromBus.count) items equal" : "DIFFERENT"))
  }

  // MARK: dbusmenu-dumper's output

  /// A node of dbusmenu-dumper's tree: its properties as printed, and its submenu.
  private final class DumpNode {
    var properties: [String: String] = [:]
    var children: [DumpNode] = []
  }

  /// The items of dbusmenu-dumper's output (a GVariant-like tree, one property a line), in
  /// order, separators left out.
  static func items(dumperOutput: String) throws -> [NormalizedItem] {
    var stack: [DumpNode] = []
    var root: DumpNode?
    for rawLine in dumperOutput.split(separator: "\n") {
      let line = rawLine.trimmingCharacters(in: .whitespaces)
      if line == "{" {
        stack.append(DumpNode())
      } else if line == "}" || line == "}," {
        guard let node = stack.popLast() else {
          throw DBusError(name: nil, message: "unbalanced dbusmenu-dumper output")
        }
        if let parent = stack.last { parent.children.append(node) } else { root = node }
      } else if line.hasPrefix("\""), let colon = line.range(of: "\": ") {
        var value = String(line[colon.upperBound...])
        if value.hasSuffix(",") { value.removeLast() }
        stack.last?.properties[
          String(line[line.index(after: line.startIndex)..<colon.lowerBound])] =
          value
      }
    }
    var result: [NormalizedItem] = []
    func walk(_ node: DumpNode, path: [String]) {
      for child in node.children where child.properties["type"] != "'separator'" {
        let label = mnemonicStripped(unquoted(child.properties["label"] ?? "''"), marker: "_")
        let toggle =
          switch child.properties["toggle-state"] {
          case "1": "on"
          case "0": "off"
          case "-1": "mixed"
          default: "-"
          }
        result.append(
          NormalizedItem(
            path: (path + [label]).joined(separator: " > "),
            enabled: child.properties["enabled"] != "false", toggle: toggle,
            shortcut: child.properties["shortcut"].map(shortcutLabel) ?? "-"))
        walk(child, path: path + [label])
      }
    }
    if let root { walk(root, path: []) }
    return result
  }

  /// A GVariant string literal's text.
  static func unquoted(_ literal: String) -> String {
    var text = literal
    if text.hasPrefix("'") && text.hasSuffix("'") && text.count >= 2 {
      text = String(text.dropFirst().dropLast())
    }
    return text.replacingOccurrences(of: "\\'", with: "'").replacingOccurrences(
      of: "\\\\", with: "\\")
  }

  /// dbusmenu's shortcut (`[['Control', 'n']]`, keysym names) in menu-dump's notation
  /// (`Ctrl+N`), strokes separated by a space.
  static func shortcutLabel(_ value: String) -> String {
    let inner = value.dropFirst(2).dropLast(2)
    let modifiers = ["Control": "Ctrl", "Shift": "Shift", "Alt": "Alt", "Super": "Super"]
    let keys = [
      "bracketleft": "[", "bracketright": "]", "minus": "-", "plus": "Plus", "slash": "/",
      "backslash": "\\", "comma": ",", "period": ".", "question": "?", "equal": "=",
      "semicolon": ";", "apostrophe": "'", "grave": "`", "Page_Up": "Page Up",
      "Page_Down": "Page Down",
    ]
    return inner.components(separatedBy: "], [").map { stroke in
      stroke.components(separatedBy: ", ").map { part in
        let name = unquoted(part)
        if let modifier = modifiers[name] { return modifier }
        if let key = keys[name] { return key }
        return name.count == 1 ? name.uppercased() : name
      }.joined(separator: "+")
    }.joined(separator: " ")
  }

  /// A title without its mnemonic markers (`_` in dbusmenu; `&` in a menu file), a doubled
  /// marker standing for itself.
  static func mnemonicStripped(_ title: String, marker: Character) -> String {
    var result = ""
    var characters = title[...]
    while let character = characters.popFirst() {
      guard character == marker else {
        result.append(character)
        continue
      }
      if characters.first == marker { result.append(characters.removeFirst()) }
    }
    return result
  }

  // MARK: menu-dump's JSON

  /// The items of `menu-dump --format json`, as the server shows them: inline groups (titled
  /// ones too: dbusmenu has no section titles) flattened, radio items in single-selection menus (and their inline groups), a toggle
  /// state where there is one, an item disabled by its attribute or by `disabled`.
  ///
  /// dbusmenu-dumper prints each character outside ASCII as `?` (it does not convert its
  /// output from UTF-8), so titles are compared that way.
  static func items(menuDumpJSON: String, disabled: Set<String>) throws -> [NormalizedItem] {
    let object = try JSONSerialization.jsonObject(with: Data(menuDumpJSON.utf8))
    let file = try #require(object as? [String: Any])
    let menu = try #require(file["menu"] as? [String: Any])
    var result: [NormalizedItem] = []
    func asciiTitle(_ title: String) -> String {
      String(
        String.UnicodeScalarView(
          mnemonicStripped(title, marker: "&").unicodeScalars.map { $0.isASCII ? $0 : "?" }))
    }
    func walk(_ children: [[String: Any]], path: [String], radio: Bool) {
      for child in children {
        let options = child["options"] as? [String] ?? []
        let attributes = child["attributes"] as? [String] ?? []
        if let inline = child["inline"] as? [[String: Any]]
          ?? (options.contains("displayInline") ? child["children"] as? [[String: Any]] : nil)
        {
          walk(inline, path: path, radio: radio || options.contains("singleSelection"))
        } else if let title = child["menu"] as? String {
          let label = asciiTitle(title)
          result.append(
            NormalizedItem(
              path: (path + [label]).joined(separator: " > "),
              enabled: !attributes.contains("disabled"), toggle: "-", shortcut: "-"))
          walk(
            child["children"] as? [[String: Any]] ?? [], path: path + [label],
            radio: options.contains("singleSelection"))
        } else if let title = child["command"] as? String {
          let state = child["state"] as? String ?? "off"
          let action = child["action"] as? String ?? ""
          result.append(
            NormalizedItem(
              path: (path + [asciiTitle(title)]).joined(separator: " > "),
              enabled: !attributes.contains("disabled") && !disabled.contains(action),
              toggle: radio || state != "off" ? state : "-",
              shortcut: child["label"] as? String ?? "-"))
        }
      }
    }
    walk(menu["children"] as? [[String: Any]] ?? [], path: [], radio: false)
    return result
  }
}
