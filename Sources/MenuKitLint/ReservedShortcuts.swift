import MenuKit

/// A desktop whose system shortcuts never reach an app.
///
/// The table of each is in `docs/tools/keymap-lint.md` ("Reserved shortcuts") and in
/// ``ReservedShortcut/table(for:)``.
package enum Desktop: String, CaseIterable, Hashable, Sendable {
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
  package static func `default`(for platform: PlatformProfile) -> Desktop {
    platform == .mac ? .macos : .gnome
  }
}

/// A shortcut a desktop takes for itself, such as Alt+Tab.
package struct ReservedShortcut: Hashable, Sendable {
  /// The physical stroke: `.command` is the Super (⌘) key.
  package var stroke: PhysicalStroke
  /// How the table writes it, in MenuKit's canonical text, such as `Super+L`.
  package var text: String
  /// What the desktop does with it.
  package var purpose: String

  /// The reserved shortcuts of a desktop, in table order.
  ///
  /// - Parameter desktop: The desktop.
  /// - Returns: The table.
  package static func table(for desktop: Desktop) -> [ReservedShortcut] {
    let rows: [(String, String)]
    switch desktop {
    case .gnome: rows = gnome + gnomeSuper + virtualTerminals
    case .kde: rows = kde + kdeSuper + virtualTerminals
    case .macos: rows = macos
    }
    return rows.compactMap { text, purpose in
      guard let stroke = physicalStroke(text) else { return nil }
      return ReservedShortcut(stroke: stroke, text: text, purpose: purpose)
    }
  }

  /// Reads canonical text such as `Super+Shift+L` as a physical stroke: `Super` is the Super
  /// key (the logo or Windows key), `Cmd` in the macOS table is ⌘ (the same key), `Ctrl` is
  /// Control and `Option` is Alt. `Super` alone is a tap of the Super key.
  static func physicalStroke(_ text: String) -> PhysicalStroke? {
    guard let shortcut = try? KeyboardShortcut(parsing: text) else { return nil }
    // Read under mac: Cmd and Super are the Super/⌘ key, and Ctrl stays Control.
    return PhysicalStroke(shortcut, platform: .mac)
  }

  static let virtualTerminals: [(String, String)] = (1...12).map {
    ("Ctrl+Alt+F\($0)", "switches to virtual terminal \($0) (the kernel and display server)")
  }

  static let gnome: [(String, String)] = [
    ("Alt+Tab", "switches applications"), ("Alt+Shift+Tab", "switches applications backwards"),
    ("Alt+`", "switches windows of an application"),
    ("Alt+F1", "opens the activities overview"), ("Alt+F2", "runs a command"),
    ("Alt+F4", "closes the window"), ("Alt+F7", "moves the window"),
    ("Alt+F8", "resizes the window"), ("Alt+F10", "maximizes the window"),
    ("Alt+Space", "opens the window menu"),
    ("Ctrl+Alt+Delete", "logs out"), ("Ctrl+Alt+T", "opens a terminal (Ubuntu)"),
    ("Ctrl+Alt+Up", "moves to the workspace above"),
    ("Ctrl+Alt+Down", "moves to the workspace below"),
    ("Ctrl+Alt+Left", "moves to the workspace on the left"),
    ("Ctrl+Alt+Right", "moves to the workspace on the right"),
    ("Ctrl+Alt+Tab", "switches system controls"),
  ]

  /// GNOME's Super shortcuts, from the schemas' defaults: `org.gnome.desktop.wm.keybindings`
  /// (GNOME/gsettings-desktop-schemas, schemas/org.gnome.desktop.wm.keybindings.gschema.xml.in),
  /// `org.gnome.shell.keybindings` (GNOME/gnome-shell, data/org.gnome.shell.gschema.xml.in),
  /// `org.gnome.mutter` and `org.gnome.mutter.keybindings` (GNOME/mutter,
  /// data/org.gnome.mutter.gschema.xml.in: `overlay-key` is `Super_L`),
  /// `org.gnome.mutter.wayland.keybindings` (data/org.gnome.mutter.wayland.gschema.xml.in) and
  /// `org.gnome.settings-daemon.plugins.media-keys` (GNOME/gnome-settings-daemon). Super+D is
  /// not among them: `show-desktop` has no default.
  static let gnomeSuper: [(String, String)] =
    [
      ("Super", "opens the activities overview when tapped (mutter's overlay key)"),
      ("Super+Tab", "switches applications"),
      ("Super+Shift+Tab", "switches applications backwards"),
      ("Super+`", "switches windows of an application"),
      ("Super+Shift+`", "switches windows of an application backwards"),
      ("Super+A", "shows the applications"), ("Super+S", "opens the activities overview"),
      ("Super+V", "shows the notification list"), ("Super+M", "shows the notification list"),
      ("Super+N", "focuses the active notification"),
      ("Super+F10", "opens the application menu"),
      ("Super+Alt+Up", "moves up through the overview's views"),
      ("Super+Alt+Down", "moves down through the overview's views"),
      ("Super+L", "locks the screen"), ("Super+H", "hides the window"),
      ("Super+Up", "maximizes the window"), ("Super+Down", "restores the window"),
      ("Super+Left", "tiles the window left"), ("Super+Right", "tiles the window right"),
      ("Super+Home", "moves to workspace 1"), ("Super+End", "moves to the last workspace"),
      ("Super+PageUp", "moves to the workspace above"),
      ("Super+PageDown", "moves to the workspace below"),
      ("Super+Shift+Home", "moves the window to workspace 1"),
      ("Super+Shift+End", "moves the window to the last workspace"),
      ("Super+Shift+PageUp", "moves the window to the workspace above"),
      ("Super+Shift+PageDown", "moves the window to the workspace below"),
      ("Super+Shift+Up", "moves the window to the monitor above"),
      ("Super+Shift+Down", "moves the window to the monitor below"),
      ("Super+Shift+Left", "moves the window to the monitor on the left"),
      ("Super+Shift+Right", "moves the window to the monitor on the right"),
      ("Super+Space", "switches the input source"),
      ("Super+Shift+Space", "switches the input source backwards"),
      ("Super+P", "switches the monitor configuration"),
      ("Super+Escape", "restores the keyboard shortcuts an app inhibited (Wayland)"),
      ("Super+F1", "opens the help browser"), ("Super+Alt+S", "turns the screen reader on or off"),
      ("Super+Alt+8", "turns the magnifier on or off"),
      ("Super+Alt+=", "zooms the magnifier in"), ("Super+Alt+-", "zooms the magnifier out"),
    ]
    + (1...9).map { ("Super+\($0)", "switches to application \($0) of the dash") }

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
    ("Ctrl+Alt+Escape", "kills a window"),
  ]

  /// KDE Plasma's Meta (Super) shortcuts: KWin's defaults (KDE/kwin, src/kwinbindings.cpp and
  /// its virtual-desktop and effect shortcuts) and the defaults that Plasma's components
  /// register with kglobalaccel (the middle field of `kglobalshortcutsrc` entries such as
  /// `show-on-mouse-pos=Meta+V,Meta+V,…`): plasmashell, Klipper, ksmserver, Dolphin's
  /// `X-KDE-Shortcuts=Meta+E`, the emoji selector's `Meta+.`, Spectacle and KScreen. Plasma 5
  /// and 6 differ in a few (Super+Tab walks through activities in Plasma 5; Super+W and
  /// Super+G are Plasma 6's overview and grid).
  static let kdeSuper: [(String, String)] =
    [
      ("Super", "opens the application launcher when tapped"),
      ("Super+E", "opens the file manager"), ("Super+L", "locks the screen"),
      ("Super+D", "shows the desktop"), ("Super+Tab", "walks through activities"),
      ("Super+Shift+Tab", "walks through activities backwards"),
      ("Super+Q", "shows the activity switcher"), ("Super+S", "stops the current activity"),
      ("Super+W", "opens the overview"), ("Super+G", "opens the desktop grid"),
      ("Super+V", "shows the clipboard history at the pointer"),
      ("Ctrl+Super+X", "opens the clipboard's action menu"),
      ("Ctrl+Super+R", "runs the clipboard's action on the current clipboard"),
      ("Super+.", "opens the emoji selector"), ("Super+Alt+K", "switches the keyboard layout"),
      ("Super+P", "switches the display configuration"),
      ("Super+Alt+P", "moves the keyboard focus between panels"),
      ("Super+Shift+S", "takes a screenshot of a region"),
      ("Super+PageUp", "maximizes the window"), ("Super+PageDown", "minimizes the window"),
      ("Super+Up", "tiles the window to the top"), ("Super+Down", "tiles the window to the bottom"),
      ("Super+Left", "tiles the window to the left"),
      ("Super+Right", "tiles the window to the right"),
      ("Super+Alt+Up", "switches to the window above"),
      ("Super+Alt+Down", "switches to the window below"),
      ("Super+Alt+Left", "switches to the window on the left"),
      ("Super+Alt+Right", "switches to the window on the right"),
      ("Ctrl+Super+Up", "switches one desktop up"),
      ("Ctrl+Super+Down", "switches one desktop down"),
      ("Ctrl+Super+Left", "switches one desktop to the left"),
      ("Ctrl+Super+Right", "switches one desktop to the right"),
      ("Ctrl+Super+Shift+Up", "moves the window one desktop up"),
      ("Ctrl+Super+Shift+Down", "moves the window one desktop down"),
      ("Ctrl+Super+Shift+Left", "moves the window one desktop to the left"),
      ("Ctrl+Super+Shift+Right", "moves the window one desktop to the right"),
      ("Super+Shift+Left", "moves the window to the previous screen"),
      ("Super+Shift+Right", "moves the window to the next screen"),
      ("Ctrl+Super+Escape", "kills a window"),
    ]
    + (1...9).map { ("Super+\($0)", "activates task manager entry \($0)") }

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
