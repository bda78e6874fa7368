import CGtk4
import Foundation
import MenuKit

// Where the D-Bus targets are built too, GLib's types (GError) belong to their module.
#if canImport(CGLib)
  import CGLib
#endif

/// Menus written as one line per entry, for comparing a menu read back over D-Bus with
/// menu-dump's JSON of the same file: `File / Save | app.saveDocument-3a | Ctrl+S`, a
/// section as `[section]` in the path, a submenu as its own line ending in ` >`, a target
/// after the action in parentheses.
enum MenuLines {
  /// The lines of a GtkApplication's menubar, from `gdbus call … org.gtk.Menus.Start` output
  /// (parsed by GLib's GVariant text parser).
  static func fromGtkMenus(_ text: String) throws -> [String] {
    var error: UnsafeMutablePointer<GError>?
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard
      let parsed = g_variant_parse(
        g_variant_type_new("(a(uuaa{sv}))"), trimmed, nil, nil, &error)
    else {
      let message = error.map { String(cString: $0.pointee.message) } ?? "?"
      throw HarnessError(description: "gdbus printed no menus: \(message)\n\(text.prefix(500))")
    }
    defer { g_variant_unref(parsed) }
    // (group, menu) → items, each a dictionary of string attributes and links.
    var menus: [[UInt32]: [[String: String]]] = [:]
    let list = g_variant_get_child_value(parsed, 0)!
    defer { g_variant_unref(list) }
    for index in 0..<g_variant_n_children(list) {
      let entry = g_variant_get_child_value(list, index)!
      defer { g_variant_unref(entry) }
      let group = g_variant_get_uint32(g_variant_get_child_value(entry, 0))
      let menu = g_variant_get_uint32(g_variant_get_child_value(entry, 1))
      let items = g_variant_get_child_value(entry, 2)!
      var result: [[String: String]] = []
      for itemIndex in 0..<g_variant_n_children(items) {
        let item = g_variant_get_child_value(items, itemIndex)!
        var attributes: [String: String] = [:]
        for attributeIndex in 0..<g_variant_n_children(item) {
          let pair = g_variant_get_child_value(item, attributeIndex)!
          let key = String(cString: g_variant_get_string(g_variant_get_child_value(pair, 0), nil))
          let value = g_variant_get_variant(g_variant_get_child_value(pair, 1))!
          let type = String(cString: g_variant_get_type_string(value))
          if type == "s" {
            attributes[key] = String(cString: g_variant_get_string(value, nil))
          } else if type == "(uu)" {
            attributes[key] =
              "\(g_variant_get_uint32(g_variant_get_child_value(value, 0))) \(g_variant_get_uint32(g_variant_get_child_value(value, 1)))"
          } else {
            let printed = g_variant_print(value, 0)!
            attributes[key] = String(cString: printed)
            g_free(printed)
          }
        }
        result.append(attributes)
      }
      menus[[group, menu]] = result
    }
    var lines: [String] = []
    func walk(_ key: [UInt32], _ path: String, depth: Int) throws {
      guard depth < 64 else { return }
      // GTK's exporter leaves out menus without items (an empty section).
      for item in menus[key] ?? [] {
        let label = item["label"] ?? ""
        if let link = item[":section"] {
          let section = label.isEmpty ? " [section]" : " [section \(label)]"
          try walk(
            link.split(separator: " ").compactMap { UInt32($0) }, path + section,
            depth: depth + 1)
        } else if let link = item[":submenu"] {
          lines.append("\(path) / \(label) >")
          try walk(
            link.split(separator: " ").compactMap { UInt32($0) }, path + " / " + label,
            depth: depth + 1)
        } else {
          var line = "\(path) / \(label) | \(item["action"] ?? "-")"
          if let target = item["target"] { line += "(\(target))" }
          if let accel = item["accel"] {
            let shortcut = try KeyboardShortcut(parsing: accel, dialect: .gtk, platform: .linux)
            line += " | " + shortcut.label(for: .linux)
          }
          lines.append(line)
        }
      }
    }
    try walk([0, 0], "", depth: 0)
    return lines
  }

  /// The lines of `menu-dump --format json` output: titles in GTK's mnemonic convention,
  /// actions as GAction names, shortcut labels as menu-dump printed them.
  static func fromMenuDumpJSON(_ text: String) throws -> [String] {
    guard
      let root = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
      let menu = root["menu"] as? [String: Any]
    else { throw HarnessError(description: "menu-dump printed no menu") }
    var lines: [String] = []
    func walk(_ children: [[String: Any]], _ path: String) throws {
      for child in children {
        if let attributes = child["attributes"] as? [String], attributes.contains("hidden") {
          continue
        }
        let options = child["options"] as? [String] ?? []
        if let inline = child["inline"] as? [[String: Any]] {
          let title = (child["title"] as? String).map(GtkMnemonic.label) ?? ""
          try walk(inline, path + (title.isEmpty ? " [section]" : " [section \(title)]"))
        } else if let title = child["menu"] as? String, options.contains("displayInline") {
          let label = GtkMnemonic.label(title)
          try walk(
            child["children"] as? [[String: Any]] ?? [],
            path + (label.isEmpty ? " [section]" : " [section \(label)]"))
        } else if let title = child["menu"] as? String {
          let label = GtkMnemonic.label(title)
          lines.append("\(path) / \(label) >")
          try walk(child["children"] as? [[String: Any]] ?? [], path + " / " + label)
        } else if let title = child["command"] as? String, let action = child["action"] as? String {
          var line =
            "\(path) / \(GtkMnemonic.label(title)) | app.\(GActionName.encode(ActionName(rawValue: action)))"
          if let propertyList = child["propertyList"] {
            let data = try JSONSerialization.data(
              withJSONObject: propertyList, options: [.fragmentsAllowed])
            line += "(\(String(decoding: data, as: UTF8.self)))"
          }
          if let label = child["label"] as? String { line += " | " + label }
          lines.append(line)
        }
      }
    }
    try walk(menu["children"] as? [[String: Any]] ?? [], "")
    return lines
  }
}
