// swift-tools-version: 6.0
// MenuKit: UIKit's menu, command and keyboard-shortcut model for Linux.
import Foundation
import PackageDescription

/// Whether to build the Wayland input source (MenuKitWayland, its C module and its tests).
///
/// The core needs no Wayland: these targets are only included where the system has
/// libwayland-client's headers (Debian: libwayland-dev), and `MENUKIT_NO_WAYLAND=1` leaves
/// them out even there. So `swift test` works on a machine with only the README's packages.
let buildsWayland =
  FileManager.default.fileExists(atPath: "/usr/include/wayland-client.h")
  && ProcessInfo.processInfo.environment["MENUKIT_NO_WAYLAND"] == nil

/// Whether to build the X11 input source (MenuKitX11, its C module and its tests).
///
/// Like Wayland, X11 is optional: these targets are only included where the system has
/// libxkbcommon-x11's headers (Debian: libxkbcommon-x11-dev, which brings libxcb-xkb-dev and
/// libxcb1-dev), and `MENUKIT_NO_X11=1` leaves them out even there.
let buildsX11 =
  FileManager.default.fileExists(atPath: "/usr/include/xkbcommon/xkbcommon-x11.h")
  && ProcessInfo.processInfo.environment["MENUKIT_NO_X11"] == nil

/// Whether to build the D-Bus services (MenuKitDBus, its C module, menu-serve and their tests).
///
/// They need GLib's GDBus (Debian: libglib2.0-dev), so they are only included where gio's
/// headers are, and `MENUKIT_NO_DBUS=1` leaves them out even there: the core builds without
/// GLib.
let buildsDBus =
  FileManager.default.fileExists(atPath: "/usr/include/glib-2.0/gio/gio.h")
  && ProcessInfo.processInfo.environment["MENUKIT_NO_DBUS"] == nil

/// Whether to build the GTK 4 bridge (MenuKitGTK, its C module, menukit-gtk-example and their
/// tests).
///
/// It needs GTK 4's headers (Debian: libgtk-4-dev) and libxkbcommon-x11's (libxkbcommon-x11-dev,
/// to read an X server's keymap), so it is only included where both are, and
/// `MENUKIT_NO_GTK=1` leaves it out even there: the core builds without GTK.
let buildsGTK =
  FileManager.default.fileExists(atPath: "/usr/include/gtk-4.0/gtk/gtk.h")
  && FileManager.default.fileExists(atPath: "/usr/include/xkbcommon/xkbcommon-x11.h")
  && ProcessInfo.processInfo.environment["MENUKIT_NO_GTK"] == nil

/// The directories of GLib's headers (`glib-2.0/include` holds the architecture's
/// glibconfig.h), given to the compiler directly: gio-2.0's pkg-config file adds `-pthread`,
/// which SwiftPM refuses with a warning on every build.
let glibIncludeFlags: [String] = {
  let architectures = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib")) ?? []
  let configDirectories = architectures.sorted().map { "/usr/lib/\($0)/glib-2.0/include" }
    .filter { FileManager.default.fileExists(atPath: $0 + "/glibconfig.h") }
  return (["/usr/include/glib-2.0"] + configDirectories).flatMap { ["-Xcc", "-I" + $0] }
}()

/// The directories of GTK 4's headers and of the libraries its headers include, given to the
/// compiler directly for the same reason as `glibIncludeFlags` (gtk4's pkg-config file adds
/// `-pthread` and `-mfpmath=sse`).
let gtkIncludeFlags: [String] = {
  let architectures = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib")) ?? []
  let graphene = architectures.sorted().map { "/usr/lib/\($0)/graphene-1.0/include" }
    .filter { FileManager.default.fileExists(atPath: $0 + "/graphene-config.h") }
  let directories =
    [
      "gtk-4.0", "pango-1.0", "harfbuzz", "freetype2", "libpng16", "fribidi", "cairo",
      "pixman-1", "gdk-pixbuf-2.0", "graphene-1.0",
    ].map { "/usr/include/" + $0 } + graphene
  return directories.flatMap { ["-Xcc", "-I" + $0] } + glibIncludeFlags
}()

/// Settings shared by every Swift target.
let swiftSettings: [SwiftSetting] = [
  // Every imported module must be imported in the file that uses its members.
  .enableUpcomingFeature("MemberImportVisibility")
]

// The command-line tools run once per invocation (in scripts, in CI, behind a palette), so
// their release builds carry the Swift runtime and libraries inside them: a process then
// starts without loading and relocating a dozen shared libraries (decision 0019). Debug builds
// and the libraries link dynamically, as usual.
let toolLinkerSettings: [LinkerSetting] = [
  .unsafeFlags(
    ["-static-stdlib", "-use-ld=lld", "-l_FoundationCShims", "-l_FoundationCollections"],
    .when(configuration: .release))
]

let package = Package(
  name: "MenuKit",
  products: [
    .library(name: "MenuKit", targets: ["MenuKit"]),
    .library(name: "MenuKitXKB", targets: ["MenuKitXKB"]),
    .library(name: "MenuKitPalette", targets: ["MenuKitPalette"]),
    .library(name: "MenuKitInterop", targets: ["MenuKitInterop"]),
    .executable(name: "menu-dump", targets: ["menu-dump"]),
    .executable(name: "keymap-lint", targets: ["keymap-lint"]),
  ],
  targets: [
    // JSON with source positions (the reader every file reader uses, the writer, the in-place
    // text editor) and SourceLocation; no dependency, re-exported by MenuKit (decision 0016).
    .target(name: "MenuKitJSON", swiftSettings: swiftSettings),
    // Pure Swift core: menus, commands, key commands, builder, DSL, files, validation, rendering.
    .target(name: "MenuKit", dependencies: ["MenuKitJSON"], swiftSettings: swiftSettings),
    // The command palette: index, fuzzy matcher, ranking and history, over MenuKit's model.
    .target(
      name: "MenuKitPalette", dependencies: ["MenuKit", "MenuKitJSON"], swiftSettings: swiftSettings
    ),
    // Other editors' keymaps: VS Code, Zed, GTK and Sublime Text importers and exporters, and
    // the one format detector and loader every tool reads files through.
    .target(
      name: "MenuKitInterop", dependencies: ["MenuKit", "MenuKitJSON"], swiftSettings: swiftSettings
    ),
    // The system libxkbcommon, found through pkg-config (Debian: libxkbcommon-dev).
    .systemLibrary(
      name: "CXKBCommon",
      pkgConfig: "xkbcommon",
      providers: [.apt(["libxkbcommon-dev"])]
    ),
    // Swift wrapper over CXKBCommon; no C type appears in its public API.
    .target(
      name: "MenuKitXKB", dependencies: ["MenuKit", "CXKBCommon"], swiftSettings: swiftSettings),
    // What both CLIs share (not a product): argument scanning, help and subcommands, exit
    // status, output and standard input; one command-line convention (docs/tools/command-line.md).
    .target(
      name: "MenuKitToolSupport", dependencies: ["MenuKit", "MenuKitXKB", "MenuKitInterop"],
      swiftSettings: swiftSettings),
    // Thin CLI: renders and validates menu files.
    .executableTarget(
      name: "menu-dump",
      dependencies: [
        "MenuKit", "MenuKitXKB", "MenuKitPalette", "MenuKitInterop", "MenuKitToolSupport",
      ],
      swiftSettings: swiftSettings, linkerSettings: toolLinkerSettings),
    // The system libxkbregistry (the layouts xkb-data lists), through pkg-config (Debian:
    // libxkbregistry-dev).
    .systemLibrary(
      name: "CXKBRegistry",
      pkgConfig: "xkbregistry",
      providers: [.apt(["libxkbregistry-dev"])]
    ),
    // keymap-lint's rules, context satisfiability, layout analysis and output formats.
    .target(
      name: "MenuKitLint",
      dependencies: ["MenuKit", "MenuKitJSON", "MenuKitXKB", "MenuKitInterop", "CXKBRegistry"],
      swiftSettings: swiftSettings),
    // Thin CLI: lints menu and keymap files with MenuKitLint.
    .executableTarget(
      name: "keymap-lint",
      dependencies: ["MenuKit", "MenuKitXKB", "MenuKitLint", "MenuKitToolSupport"],
      swiftSettings: swiftSettings, linkerSettings: toolLinkerSettings),
    // The baseline of the key-translation benchmark: the same libxkbcommon calls in plain C.
    .target(
      name: "CXKBReference", dependencies: ["CXKBCommon"], path: "Benchmarks/CXKBReference"),
    // Benchmarks: run with `swift run -c release menukit-benchmarks`.
    .executableTarget(
      name: "menukit-benchmarks",
      dependencies: ["MenuKit", "MenuKitXKB", "MenuKitPalette", "CXKBReference"],
      path: "Benchmarks/MenuKitBenchmarks",
      swiftSettings: swiftSettings
    ),
    // What the test targets share (not a product): temporary files, the built tools, fake
    // layouts, the corpus, and the end-to-end tests' scene and expected outcomes. Its API is
    // `package`, so it stays out of every product.
    .target(
      name: "MenuKitTestSupport", dependencies: ["MenuKit"], path: "Tests/MenuKitTestSupport",
      swiftSettings: swiftSettings),
    // Fixtures/corpus and Fixtures/interop hold keymap data files read through #filePath, not
    // resources.
    .testTarget(
      name: "MenuKitTests",
      dependencies: [
        "MenuKit", "MenuKitJSON", "MenuKitPalette", "MenuKitInterop", "MenuKitTestSupport",
      ],
      exclude: ["Fixtures/corpus", "Fixtures/interop"],
      swiftSettings: swiftSettings),
    // The JSON layer alone: reader, writer and text editor.
    .testTarget(
      name: "MenuKitJSONTests", dependencies: ["MenuKitJSON"], swiftSettings: swiftSettings),
    .testTarget(
      name: "MenuKitXKBTests", dependencies: ["MenuKit", "MenuKitXKB", "MenuKitInterop"],
      swiftSettings: swiftSettings),
    // keymap-lint's library and its CLI, run in-process.
    .testTarget(
      name: "MenuKitLintTests",
      dependencies: [
        "MenuKitLint", "keymap-lint", "MenuKit", "MenuKitXKB", "MenuKitInterop",
        "MenuKitToolSupport", "MenuKitTestSupport",
      ],
      swiftSettings: swiftSettings),
    // End-to-end tests of the CLIs; they run the built executables.
    .testTarget(
      name: "CLITests",
      dependencies: [
        "menu-dump", "MenuKit", "MenuKitXKB", "MenuKitPalette", "MenuKitInterop",
        "MenuKitToolSupport", "CXKBCommon", "MenuKitTestSupport",
      ],
      // Golden holds the expected outputs and their inputs, read through #filePath.
      exclude: ["Golden"], swiftSettings: swiftSettings),
    // The slow tests and those that drive other programs: headless Chromium, the palette in
    // tmux, saves killed with SIGKILL, and each desktop product end to end (its folder, added
    // below where the product is built: sway, Xvfb, a private bus, the GTK example app).
    // Support holds their one harness; Fixtures and Expected the files they read. Not part of
    // the README's test command; `.ci/run` runs them in steps of their own
    // (`swift test --filter IntegrationTests`; docs/development/testing.md).
    .testTarget(
      name: "IntegrationTests",
      dependencies: [
        "menu-dump", "MenuKit", "MenuKitXKB", "MenuKitToolSupport", "MenuKitTestSupport",
      ],
      exclude: ["Fixtures", "Expected", "Wayland", "X11", "DBus", "GTK"],
      swiftSettings: swiftSettings),
  ],
  swiftLanguageModes: [.v6]
)

/// Adds a desktop product's end-to-end suites, the folder `folder` of Tests/IntegrationTests,
/// to the integration tests, with the targets they use; called where the product is built.
@MainActor func addEndToEndSuites(
  _ folder: String, dependencies: [Target.Dependency], swiftSettings extra: [SwiftSetting] = []
) {
  let target = package.targets.first { $0.name == "IntegrationTests" }!
  target.exclude.removeAll { $0 == folder }
  target.dependencies += dependencies
  target.swiftSettings = (target.swiftSettings ?? []) + extra
}

// The Wayland input source, added only where libwayland-client's headers are (see
// `buildsWayland`).
if buildsWayland {
  package.products.append(.library(name: "MenuKitWayland", targets: ["MenuKitWayland"]))
  package.targets += [
    // The system libwayland-client, through pkg-config (Debian: libwayland-dev).
    .systemLibrary(
      name: "CWaylandClient",
      pkgConfig: "wayland-client",
      providers: [.apt(["libwayland-dev"])]
    ),
    // Keys from a Wayland compositor's wl_keyboard, translated by MenuKitXKB; no C type in its
    // public API.
    .target(
      name: "MenuKitWayland", dependencies: ["MenuKit", "MenuKitXKB", "CWaylandClient"],
      swiftSettings: swiftSettings),
    // Test-only C: xdg-shell glue (wayland-scanner output), a window that takes keyboard
    // focus for the end-to-end test, and sealed memfds for the keymap tests.
    .target(
      name: "CWaylandTestSupport", dependencies: ["CWaylandClient"],
      path: "Tests/CWaylandTestSupport"),
    // MenuKitWayland's unit tests: keymaps from hostile compositors, the guide's example.
    .testTarget(
      name: "MenuKitWaylandTests",
      dependencies: ["MenuKitWayland", "CWaylandTestSupport", "MenuKit", "MenuKitXKB"],
      swiftSettings: swiftSettings),
  ]
  // Its end-to-end test in a headless sway (it skips where sway, setpriv or root are missing).
  addEndToEndSuites("Wayland", dependencies: ["MenuKitWayland", "CWaylandTestSupport"])
}

// The X11 input source, added only where libxkbcommon-x11's headers are (see `buildsX11`).
if buildsX11 {
  package.products.append(.library(name: "MenuKitX11", targets: ["MenuKitX11"]))
  package.targets += [
    // The system libxkbcommon-x11 over XCB and its XKB extension, through pkg-config
    // (xkbcommon-x11; its module map also links xcb and xcb-xkb). Debian: libxkbcommon-x11-dev
    // libxcb-xkb-dev libxcb1-dev.
    .systemLibrary(
      name: "CXKBCommonX11",
      pkgConfig: "xkbcommon-x11",
      providers: [.apt(["libxkbcommon-x11-dev", "libxcb-xkb-dev", "libxcb1-dev"])]
    ),
    // Keys from an X server's core keyboard on a window the app owns, translated by MenuKitXKB;
    // no C type in its public API.
    .target(
      name: "MenuKitX11", dependencies: ["MenuKit", "MenuKitXKB", "CXKBCommonX11"],
      swiftSettings: swiftSettings),
    // MenuKitX11's unit tests: setup errors without a server, the guide's example.
    .testTarget(
      name: "MenuKitX11Tests",
      dependencies: ["MenuKitX11", "CXKBCommonX11", "MenuKit", "MenuKitXKB"],
      swiftSettings: swiftSettings),
  ]
  // Its end-to-end test under Xvfb, driven by xdotool (it skips where they are missing).
  addEndToEndSuites("X11", dependencies: ["MenuKitX11", "CXKBCommonX11"])
}

// The D-Bus services, added only where GLib's gio headers are (see `buildsDBus`).
if buildsDBus {
  package.products += [
    .library(name: "MenuKitDBus", targets: ["MenuKitDBus"]),
    .executable(name: "menu-serve", targets: ["menu-serve"]),
  ]
  package.targets += [
    // The system gio-2.0 (GDBus; Debian: libglib2.0-dev). Its headers are found through
    // `glibIncludeFlags`, not pkg-config (see there).
    .systemLibrary(name: "CGLib", providers: [.apt(["libglib2.0-dev"])]),
    // com.canonical.dbusmenu, org.gtk.Menus/org.gtk.Actions and the GlobalShortcuts portal
    // over GDBus; no C type in its public API.
    .target(
      name: "MenuKitDBus", dependencies: ["MenuKit", "CGLib"],
      swiftSettings: swiftSettings + [.unsafeFlags(glibIncludeFlags)]),
    // Thin CLI: exports a menu file on the session bus and prints the actions performed.
    .executableTarget(
      name: "menu-serve", dependencies: ["MenuKit", "MenuKitDBus", "MenuKitToolSupport"],
      swiftSettings: swiftSettings),
    // MenuKitDBus's unit tests: the portal's trigger notation, menu-serve's command line.
    .testTarget(
      name: "MenuKitDBusTests", dependencies: ["MenuKitDBus", "MenuKit", "MenuKitTestSupport"],
      swiftSettings: swiftSettings),
  ]
  // Its services on a private dbus-daemon, driven by gdbus, dbusmenu-dumper and the real
  // portal frontend (they skip where those are missing).
  addEndToEndSuites("DBus", dependencies: ["MenuKitDBus", "menu-serve"])
}

// The GTK 4 bridge, added only where GTK 4's and libxkbcommon-x11's headers are (see
// `buildsGTK`).
if buildsGTK {
  package.products += [
    .library(name: "MenuKitGTK", targets: ["MenuKitGTK"]),
    .executable(name: "menukit-gtk-example", targets: ["menukit-gtk-example"]),
  ]
  package.targets += [
    // The system GTK 4 with a shim for the GObject macros Swift does not import, and
    // libxkbcommon-x11 to read an X server's keymap. Its headers are found through
    // `gtkIncludeFlags`, not pkg-config (see there). Debian: libgtk-4-dev libxkbcommon-x11-dev.
    .systemLibrary(
      name: "CGtk4", providers: [.apt(["libgtk-4-dev", "libxkbcommon-x11-dev"])]),
    // A MenuSystem as a GtkApplication's menubar, GActions and accelerators, with key
    // presses dispatched by MenuKit; no C type in its public API.
    .target(
      name: "MenuKitGTK", dependencies: ["MenuKit", "MenuKitXKB", "CGtk4"],
      swiftSettings: swiftSettings + [.unsafeFlags(gtkIncludeFlags)]),
    // A small editor window built from keymaps/examples/text-editor.json and its keymap; it
    // prints each action performed as a line (`performed save:`).
    .executableTarget(
      name: "menukit-gtk-example", dependencies: ["MenuKit", "MenuKitGTK", "CGtk4"],
      swiftSettings: swiftSettings + [.unsafeFlags(gtkIncludeFlags)]),
    // MenuKitGTK's unit tests: the menu description, modifiers, the bridge without a display.
    .testTarget(
      name: "MenuKitGTKTests", dependencies: ["MenuKitGTK", "MenuKit", "CGtk4"],
      swiftSettings: swiftSettings + [.unsafeFlags(gtkIncludeFlags)]),
  ]
  // The example app end to end under Xvfb (xdotool, gdbus, a screenshot) and headless sway
  // (they skip where those tools are missing).
  addEndToEndSuites(
    "GTK", dependencies: ["CGtk4", "menukit-gtk-example"],
    swiftSettings: [.unsafeFlags(gtkIncludeFlags)])
}
