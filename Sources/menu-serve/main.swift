// menu-serve: exports a menu file on the session bus as com.canonical.dbusmenu and
// org.gtk.Menus/org.gtk.Actions, and prints each action performed from there, one a line.
// docs/guides/dbus.md documents it.
import Foundation
import MenuKit
import MenuKitDBus

let help = """
  Usage: menu-serve [options] [menu-file ...]

  Exports the menu on the session bus ($DBUS_SESSION_BUS_ADDRESS): the standard main menu of
  the platform, edited by each menu file in order. Every command is enabled except those
  given with --disable. Each action performed through the bus is printed on standard output.

  Options:
    --name NAME         the bus name to own (default org.menukit.MenuServe)
    --platform NAME     linux, mac or windows: the standard menu to start from (default linux)
    --disable ACTION    leave ACTION to no responder, so that it is disabled (repeatable)
    --timeout SECONDS   exit after SECONDS (default: run until interrupted)
    -h, --help          show this help

  Objects (NAME's path is /org/menukit/MenuServe for the default name):
    /MenuBar                        com.canonical.dbusmenu
    /org/menukit/MenuServe/menus/menubar   org.gtk.Menus
    /org/menukit/MenuServe          org.gtk.Actions

  Exit status: 0 after --timeout, 1 with no session bus or a name already owned, 64 on a
  usage error, 65 when a menu file has errors.

  """

/// The responder at the end of the chain: it performs every action but the disabled ones,
/// and prints it.
@MainActor
final class PrintingResponder: Responder {
  var disabled: Set<ActionName> = []

  override func canPerformAction(_ action: ActionName, withSender sender: Any?) -> Bool {
    !disabled.contains(action)
  }

  override func perform(_ action: ActionName, withSender sender: Any?) -> Bool {
    guard !disabled.contains(action) else { return false }
    // Unbuffered, so that a reader sees each line as it is performed.
    FileHandle.standardOutput.write(Data((action.rawValue + "\n").utf8))
    return true
  }
}

func fail(_ message: String, _ status: Int32) -> Never {
  FileHandle.standardError.write(Data("menu-serve: \(message)\n".utf8))
  exit(status)
}

var name = "org.menukit.MenuServe"
var platform = PlatformProfile.linux
var files: [String] = []
var timeout: Double?
let responder = PrintingResponder()
var arguments = CommandLine.arguments.dropFirst()[...]
while let argument = arguments.popFirst() {
  func value() -> String {
    guard let value = arguments.popFirst() else {
      fail("\(argument) needs a value\nSee 'menu-serve --help'.", 64)
    }
    return value
  }
  switch argument {
  case "-h", "--help":
    print(help, terminator: "")
    exit(0)
  case "--name": name = value()
  case "--platform":
    let text = value()
    guard let profile = PlatformProfile(rawValue: text) else {
      fail("unknown platform '\(text)'\nSee 'menu-serve --help'.", 64)
    }
    platform = profile
  case "--disable": responder.disabled.insert(ActionName(rawValue: value()))
  case "--timeout":
    let text = value()
    guard let seconds = Double(text), seconds > 0 else {
      fail("--timeout '\(text)' is not a number of seconds\nSee 'menu-serve --help'.", 64)
    }
    timeout = seconds
  default:
    if argument.hasPrefix("-") && argument != "-" {
      fail("unknown option '\(argument)'\nSee 'menu-serve --help'.", 64)
    }
    files.append(argument)
  }
}

var builder = MenuBuilder(menu: StandardMenus.mainMenu(for: platform))
var diagnostics: [Diagnostic] = []
for path in files {
  let result = MenuFile.load(contentsOf: path)
  diagnostics += result.diagnostics
  guard let file = result.file else { continue }
  diagnostics += file.apply(to: &builder)
}
for diagnostic in diagnostics {
  FileHandle.standardError.write(Data("\(diagnostic)\n".utf8))
}
if diagnostics.contains(where: { $0.severity == .error }) { exit(65) }

let application = Application()
application.delegate = responder
let system = MenuSystem(kind: .main, platform: platform, baseMenu: builder.menu)
let base = "/" + name.replacingOccurrences(of: ".", with: "/")
do {
  let connection = try DBusConnection.sessionBus()
  let dbusmenu = try DBusMenuServer(
    menuSystem: system, application: application, connection: connection, objectPath: "/MenuBar")
  let gtk = try GtkMenuExporter(
    menuSystem: system, application: application, connection: connection,
    menuPath: base + "/menus/menubar", actionsPath: base)
  try await connection.requestName(name)
  FileHandle.standardError.write(
    Data(
      "menu-serve: \(name) on \(connection.uniqueName): /MenuBar (dbusmenu), \(gtk.menuPath) (org.gtk.Menus), \(gtk.actionsPath) (org.gtk.Actions)\n"
        .utf8))
  try await Task.sleep(for: .seconds(timeout ?? 1e9))
  dbusmenu.stop()
  gtk.stop()
  connection.close()
} catch {
  fail("\(error)", 1)
}
