import Foundation
public import MenuKit

/// A desktop whose system shortcuts never reach an app.
///
/// The table of each is in `docs/keymap-lint.md` ("Reserved shortcuts") and in
/// ``ReservedShortcut/table(for:)``.
public enum Desktop: String, CaseIterable, Hashable, Sendable {
  /// GNOME Shell and Mutter.
  case gnome
  /// KDE Plasma and KWin.
  case kde
  /// macOS.
  case macos

  /// The desktop checked by default: GNOME on linux and windows, macOS on mac.
  ///
  /// - Parameter platform: The platform profile.
  /// - Returns: The desktop.
  public static func `default`(for platform: PlatformProfile) -> Desktop {
    platform == .mac ? .macos : .gnome
  }
}

/// A shortcut a desktop takes for itself, such as Alt+Tab.
public struct ReservedShortcut: Hashable, Sendable {
  /// The physical stroke: `.command` is the Super (⌘) key.
  public var stroke: PhysicalStroke
  /// How the table writes it, such as `Super+L`.
  public var text: String
  /// What the desktop does with it.
  public var purpose: String

  /// The reserved shortcuts of a desktop, in table order.
  ///
  /// - Parameter desktop: The desktop.
  /// - Returns: The table.
  public static func table(for desktop: Desktop) -> [ReservedShortcut] {
    let rows: [(String, String)]
    switch desktop {
    case .gnome: rows = gnome + virtualTerminals
    case .kde: rows = kde + virtualTerminals
    case .macos: rows = macos
    }
    return rows.compactMap { text, purpose in
      guard let stroke = physicalStroke(text) else { return nil }
      return ReservedShortcut(stroke: stroke, text: text, purpose: purpose)
    }
  }

  /// Reads `Super+Shift+L` as a physical stroke: `Super` (and `Cmd` on macOS) is the Super or
  /// ⌘ key, `Option` is Alt.
  static func physicalStroke(_ text: String) -> PhysicalStroke? {
    let written =
      text
      .replacingOccurrences(of: "Super+", with: "Cmd+")
      .replacingOccurrences(of: "Option+", with: "Alt+")
    guard let shortcut = try? KeyboardShortcut(parsing: written) else { return nil }
    // Read under mac: Cmd stays the Super/⌘ key and Ctrl stays Control.
    return PhysicalStroke(shortcut, platform: .mac)
  }

  static let virtualTerminals: [(String, String)] = (1...12).map {
    ("Ctrl+Alt+F\($0)", "switches to virtual terminal \($0) (the kernel and display server)")
  }

  static let gnome: [(String, String)] = [
    ("Alt+Tab", "switches applications"), ("Alt+Shift+Tab", "switches applications backwards"),
    ("Super+Tab", "switches applications"), ("Alt+`", "switches windows of an application"),
    ("Alt+F1", "opens the activities overview"), ("Alt+F2", "runs a command"),
    ("Alt+F4", "closes the window"), ("Alt+F7", "moves the window"),
    ("Alt+F8", "resizes the window"), ("Alt+F10", "maximizes the window"),
    ("Alt+Space", "opens the window menu"), ("Super+L", "locks the screen"),
    ("Super+A", "shows the applications"), ("Super+D", "shows the desktop"),
    ("Super+H", "hides the window"), ("Super+V", "shows the notification list"),
    ("Super+Space", "switches the input source"), ("Super+Up", "maximizes the window"),
    ("Super+Down", "restores the window"), ("Super+Left", "tiles the window left"),
    ("Super+Right", "tiles the window right"), ("Super+PageUp", "moves to the workspace above"),
    ("Super+PageDown", "moves to the workspace below"),
    ("Ctrl+Alt+Delete", "logs out"), ("Ctrl+Alt+T", "opens a terminal (Ubuntu)"),
    ("Ctrl+Alt+Up", "moves to the workspace above"),
    ("Ctrl+Alt+Down", "moves to the workspace below"),
    ("Ctrl+Alt+Left", "moves to the workspace on the left"),
    ("Ctrl+Alt+Right", "moves to the workspace on the right"),
    ("Ctrl+Alt+Tab", "switches system controls"),
  ]

  static let kde: [(String, String)] = [
    ("Alt+Tab", "walks through windows"), ("Alt+Shift+Tab", "walks through windows backwards"),
    ("Alt+F1", "opens the application launcher"), ("Alt+F2", "opens KRunner"),
    ("Alt+Space", "opens KRunner"), ("Alt+F3", "opens the window menu"),
    ("Alt+F4", "closes the window"), ("Ctrl+F1", "switches to desktop 1"),
    ("Ctrl+F2", "switches to desktop 2"), ("Ctrl+F3", "switches to desktop 3"),
    ("Ctrl+F4", "switches to desktop 4"), ("Ctrl+F7", "shows the windows of the application"),
    ("Ctrl+F8", "shows the desktop grid"), ("Ctrl+F9", "shows the windows of this desktop"),
    ("Ctrl+F10", "shows all windows"), ("Ctrl+F12", "shows the desktop"),
    ("Ctrl+Alt+Delete", "logs out"), ("Ctrl+Alt+L", "locks the screen"),
    ("Ctrl+Alt+Escape", "kills a window"), ("Super+L", "locks the screen"),
    ("Super+E", "opens the file manager"), ("Super+Tab", "switches activities"),
  ]

  static let macos: [(String, String)] = [
    ("Cmd+Tab", "switches applications"), ("Cmd+Shift+Tab", "switches applications backwards"),
    ("Cmd+Space", "opens Spotlight"), ("Cmd+Alt+Space", "opens a Finder search window"),
    ("Ctrl+Space", "switches the input source"), ("Ctrl+Cmd+Space", "opens the character viewer"),
    ("Cmd+Alt+Escape", "opens Force Quit"), ("Ctrl+Cmd+Q", "locks the screen"),
    ("Cmd+Shift+3", "takes a screenshot"), ("Cmd+Shift+4", "takes a screenshot of a selection"),
    ("Cmd+Shift+5", "opens the screenshot tool"), ("Cmd+Alt+D", "shows or hides the Dock"),
    ("Ctrl+Up", "opens Mission Control"), ("Ctrl+Down", "shows the application's windows"),
    ("Ctrl+Left", "moves to the space on the left"),
    ("Ctrl+Right", "moves to the space on the right"), ("Cmd+Shift+Q", "logs out"),
  ]
}
