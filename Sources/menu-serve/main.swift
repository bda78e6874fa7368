// menu-serve: exports a menu file on the session bus as com.canonical.dbusmenu and
// org.gtk.Menus/org.gtk.Actions, and prints each action performed from there, one a line.
// docs/guides/dbus.md documents it; it reads its arguments as every MenuKit tool does
// (docs/tools/command-line.md).
import Foundation
import MenuKit
import MenuKitDBus
import MenuKitToolSupport

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
    --version           print the version (\(menuKitToolsVersion))
    -h, --help          show this help

  Objects (NAME's path is /org/menukit/MenuServe for the default name):
    /MenuBar                        com.canonical.dbusmenu
    /org/menukit/MenuServe/menus/menubar   org.gtk.Menus
    /org/menukit/MenuServe          org.gtk.Actions

  """
  + "\n"
  + ToolExitStatus.helpSection(
    success: "after --timeout", failure: "no session bus, or the name is already owned")

/// What the arguments ask menu-serve to serve.
struct Options {
  var name = "org.menukit.MenuServe"
  var platform = PlatformProfile.linux
  var files: [String] = []
  var disabled: Set<ActionName> = []
  var timeout: Double?
  var showsHelp = false

  init(parsing arguments: [String]) throws(UsageError) {
    var scanner = ArgumentScanner(arguments)
    while let argument = scanner.next() {
      switch argument.name {
      case "-h", "--help":
        try scanner.flag(argument)
        showsHelp = true
      case "--name": name = try scanner.value(of: argument)
      case "--platform": platform = try scanner.choice("platform", of: argument)
      case "--disable": disabled.insert(ActionName(rawValue: try scanner.value(of: argument)))
      case "--timeout":
        let text = try scanner.value(of: argument)
        guard let seconds = Double(text), seconds.isFinite, seconds > 0 else {
          throw UsageError("--timeout '\(text)' is not a number of seconds")
        }
        timeout = seconds
      default: files.append(try scanner.positional(argument))
      }
    }
  }
}

/// The responder at the end of the chain: it performs every action but the disabled ones,
/// and prints it.
@MainActor
final class PrintingResponder: Responder {
  let disabled: Set<ActionName>

  init(disabled: Set<ActionName>) {
    self.disabled = disabled
  }

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

func exit(_ status: ToolExitStatus, error message: String? = nil) -> Never {
  if let message { FileHandle.standardError.write(Data(message.utf8)) }
  exit(status.rawValue)
}

let tool = CommandLineTool(name: "menu-serve", subcommands: [])
let options: Options
do {
  switch try tool.request(for: Array(CommandLine.arguments.dropFirst())) {
  case .version:
    print(tool.versionLine, terminator: "")
    exit(.success)
  case .help:
    print(help, terminator: "")
    exit(.success)
  case .run(_, let arguments):
    options = try Options(parsing: arguments)
  }
} catch {
  exit(.usage, error: tool.message(for: error, subcommand: nil))
}
if options.showsHelp {
  print(help, terminator: "")
  exit(.success)
}

var builder = MenuBuilder(menu: StandardMenus.mainMenu(for: options.platform))
var diagnostics: [Diagnostic] = []
for path in options.files {
  let result = MenuFile.load(contentsOf: path)
  diagnostics += result.diagnostics
  guard let file = result.file else { continue }
  diagnostics += file.apply(to: &builder)
}
for diagnostic in diagnostics {
  FileHandle.standardError.write(Data("\(diagnostic)\n".utf8))
}
if diagnostics.contains(where: { $0.severity == .error }) { exit(.dataError) }

let responder = PrintingResponder(disabled: options.disabled)
let application = Application()
application.delegate = responder
let system = MenuSystem(kind: .main, platform: options.platform, baseMenu: builder.menu)
let base = "/" + options.name.replacingOccurrences(of: ".", with: "/")
do {
  let connection = try DBusConnection.sessionBus()
  let dbusmenu = try DBusMenuServer(
    menuSystem: system, application: application, connection: connection, objectPath: "/MenuBar")
  let gtk = try GtkMenuExporter(
    menuSystem: system, application: application, connection: connection,
    menuPath: base + "/menus/menubar", actionsPath: base)
  try await connection.requestName(options.name)
  FileHandle.standardError.write(
    Data(
      "menu-serve: \(options.name) on \(connection.uniqueName): /MenuBar (dbusmenu), \(gtk.menuPath) (org.gtk.Menus), \(gtk.actionsPath) (org.gtk.Actions)\n"
        .utf8))
  try await Task.sleep(for: .seconds(options.timeout ?? 1e9))
  dbusmenu.stop()
  gtk.stop()
  connection.close()
} catch {
  exit(.failure, error: "menu-serve: \(error)\n")
}
