// menukit-gtk-example: a small GTK 4 editor window whose menubar, actions, shortcuts and key
// handling come from MenuKit (docs/guides/gtk.md).
//
//   swift run menukit-gtk-example [--menu FILE] [--keymap FILE | --no-keymap]
//                                 [--gtk-accelerators-only] [--quit-after SECONDS]
//
// It loads keymaps/examples/text-editor.json and its keymap (relative to the current
// directory) and prints one line per action performed, `performed saveDocument:` (with the
// property list after a space when the command has one), and `ready` once the window is shown.
// With --gtk-accelerators-only the window's keys are left to GTK's own accelerators, to compare.
import CGtk4
import Foundation
import MenuKit
import MenuKitGTK

/// The command-line options.
struct Options {
  var menuPath = "keymaps/examples/text-editor.json"
  var keymapPath: String? = "keymaps/examples/text-editor.keymap.json"
  var quitAfter: UInt32?
  var gtkAcceleratorsOnly = false

  init(arguments: [String]) {
    var iterator = arguments.makeIterator()
    while let argument = iterator.next() {
      switch argument {
      case "--menu": menuPath = iterator.next() ?? menuPath
      case "--keymap": keymapPath = iterator.next()
      case "--no-keymap": keymapPath = nil
      case "--quit-after": quitAfter = iterator.next().flatMap { UInt32($0) }
      case "--gtk-accelerators-only": gtkAcceleratorsOnly = true
      default:
        FileHandle.standardError.write(
          Data("menukit-gtk-example: unknown option '\(argument)'\n".utf8))
        exit(64)
      }
    }
  }
}

/// The text view's responder: the first responder, in the `Editor` key context.
final class EditorView: Responder {
  override var canBecomeFirstResponder: Bool { true }
  override var keyContext: KeyContext? { KeyContext(["Editor"]) }
}

/// Performs every command by printing it; Revert is enabled only once the text changed.
final class DocumentController: Responder {
  var isModified = false

  override func canPerformAction(_ action: ActionName, withSender sender: Any?) -> Bool {
    action == "revertDocumentToSaved:" ? isModified : true
  }

  override func perform(_ action: ActionName, withSender sender: Any?) -> Bool {
    guard canPerformAction(action, withSender: sender) else { return false }
    let argument =
      (sender as? Command)?.propertyList ?? (sender as? KeyCommand)?.command.propertyList
    say("performed \(action)" + (argument.map { " \($0)" } ?? ""))
    return true
  }
}

/// Writes a line to standard output at once (a test reads it while the app runs).
func say(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// Prints diagnostics and exits with status 65 (bad input data) when there are errors.
func report(_ diagnostics: [Diagnostic]) {
  for diagnostic in diagnostics {
    FileHandle.standardError.write(Data("\(diagnostic)\n".utf8))
  }
  if diagnostics.containsErrors { exit(65) }
}

let options = Options(arguments: Array(CommandLine.arguments.dropFirst()))
let loaded = MenuFile.load(contentsOf: options.menuPath)
report(loaded.diagnostics)
let file = loaded.file!
var keymaps: [Keymap] = []
if let path = options.keymapPath {
  let loadedKeymap = KeymapFile.load(contentsOf: path, source: .app)
  report(loadedKeymap.diagnostics)
  if let keymap = loadedKeymap.keymap { keymaps.append(keymap) }
}

let app = Application()
let window = Window(application: app)
let controller = DocumentController()
let view = EditorView()
app.keyWindow = window
controller.setNext(window)
view.setNext(controller)
_ = view.becomeFirstResponder()

let system = MenuSystem(kind: .main, baseMenu: file.menu)
if !file.edits.isEmpty {
  system.addBuildHandler { builder in report(file.apply(to: &builder)) }
}

let gtkApp = gtk_application_new("org.menukit.GtkExample", G_APPLICATION_DEFAULT_FLAGS)!
let bridge = GtkMenuBridge(
  gtkApplication: UnsafeMutableRawPointer(gtkApp), menuSystem: system, application: app,
  keymaps: keymaps)

/// The window: a menubar over a text view; the buffer's modified flag revalidates the menu.
let onActivate: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = {
  _, _ in
  MainActor.assumeIsolated {
    let gtkWindow = gtk_application_window_new(gtkApp)!
    let windowPointer = UnsafeMutableRawPointer(gtkWindow)
    gtk_application_window_set_show_menubar(
      windowPointer.assumingMemoryBound(to: GtkApplicationWindow.self), 1)
    gtk_window_set_title(windowPointer.assumingMemoryBound(to: GtkWindow.self), "MenuKit editor")
    gtk_window_set_default_size(windowPointer.assumingMemoryBound(to: GtkWindow.self), 640, 400)
    let textView = gtk_text_view_new()!
    let buffer = gtk_text_view_get_buffer(
      UnsafeMutableRawPointer(textView).assumingMemoryBound(to: GtkTextView.self))!
    gtk_text_buffer_set_text(buffer, "Type here; the menus and shortcuts are MenuKit's.\n", -1)
    gtk_text_buffer_set_modified(buffer, 0)
    let modifiedChanged: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Void = {
      buffer, _ in
      let modified =
        gtk_text_buffer_get_modified(
          UnsafeMutableRawPointer(buffer)?.assumingMemoryBound(to: GtkTextBuffer.self)) != 0
      MainActor.assumeIsolated {
        controller.isModified = modified
        system.setNeedsRevalidate()
      }
    }
    g_signal_connect_data(
      UnsafeMutableRawPointer(buffer), "modified-changed",
      unsafeBitCast(modifiedChanged, to: GCallback.self), nil, nil, GConnectFlags(0))
    gtk_window_set_child(windowPointer.assumingMemoryBound(to: GtkWindow.self), textView)
    if !options.gtkAcceleratorsOnly { bridge.attach(window: windowPointer) }
    gtk_window_present(windowPointer.assumingMemoryBound(to: GtkWindow.self))
    gtk_widget_grab_focus(textView)
    say("ready")
  }
}
g_signal_connect_data(
  UnsafeMutableRawPointer(gtkApp), "activate", unsafeBitCast(onActivate, to: GCallback.self),
  nil, nil, GConnectFlags(0))
if let seconds = options.quitAfter {
  g_timeout_add_seconds(
    seconds,
    { app in
      g_application_quit(app?.assumingMemoryBound(to: GApplication.self))
      return 0
    }, UnsafeMutableRawPointer(gtkApp))
}
let status = g_application_run(
  UnsafeMutableRawPointer(gtkApp).assumingMemoryBound(to: GApplication.self), 1,
  CommandLine.unsafeArgv)
exit(status)
