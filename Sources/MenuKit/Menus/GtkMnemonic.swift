/// Titles in GTK's mnemonic convention, which GMenuModel, org.gtk.Menus and dbusmenu use.
package enum GtkMnemonic {
  /// A title in GTK's mnemonic convention, which dbusmenu and org.gtk.Menus use: `_` marks
  /// the access key and `__` is a literal underscore.
  ///
  /// A title written in the Qt/Windows convention (`&Save`, `&&` a literal ampersand) is
  /// rewritten; any other title is GTK's already (MenuKit's lint reads both: MK611).
  package static func label(_ title: String) -> String {
    let characters = Array(title)
    var usesAmpersand = false
    var index = 0
    while index < characters.count - 1 {
      if characters[index] == "&" {
        if characters[index + 1] == "&" {
          index += 2
          continue
        }
        usesAmpersand = true
        break
      }
      index += 1
    }
    guard usesAmpersand else { return title }
    var result = ""
    index = 0
    while index < characters.count {
      let character = characters[index]
      if character == "&" && index + 1 < characters.count && characters[index + 1] == "&" {
        result.append("&")
        index += 2
        continue
      }
      switch character {
      case "&": result.append("_")
      case "_": result.append("__")
      default: result.append(character)
      }
      index += 1
    }
    return result
  }
}
