/// The standard main menus of each platform profile, with their conventional shortcuts.
///
/// They come from the menu files in `keymaps/standard/` (`linux.json`, `mac.json`,
/// `windows.json`), embedded in the library by `scripts/embed-standard-menus`; a test checks
/// that the embedded copies match the files. linux follows the GNOME and KDE conventions (no
/// application menu; Quit in File, Preferences in Edit, About in Help), mac follows Apple's.
///
/// ```swift
/// let menu = StandardMenus.mainMenu(for: .mac)
/// menu.children.first?.title  // "App"
/// ```
public enum StandardMenus {
  /// The standard main menu of a platform profile.
  public static func mainMenu(for platform: PlatformProfile) -> Menu {
    cache[platform]!
  }

  /// The text of the standard menu file of a platform profile, as shipped in
  /// `keymaps/standard/`.
  public static func menuFileText(for platform: PlatformProfile) -> String {
    switch platform {
    case .linux: embeddedLinux
    case .mac: embeddedMac
    case .windows: embeddedWindows
    }
  }

  private static let cache: [PlatformProfile: Menu] = Dictionary(
    uniqueKeysWithValues: PlatformProfile.allCases.map { ($0, load($0)) })

  private static func load(_ platform: PlatformProfile) -> Menu {
    let path = "keymaps/standard/\(platform.rawValue).json"
    let result = MenuFile.parse(menuFileText(for: platform), path: path)
    guard let menu = result.file?.menu, !result.diagnostics.containsErrors else {
      let problems = result.diagnostics.map(\.description).joined(separator: "\n")
      preconditionFailure("the embedded standard menu \(path) does not load:\n\(problems)")
    }
    return menu
  }
}
