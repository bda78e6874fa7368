import MenuKit
import Testing

/// An application whose window's first responder is a view below a controller that performs
/// the actions of the end-to-end tests' key commands and keymap bindings, recording them.
///
/// The Wayland and X11 end-to-end tests type into it with real keyboards.
@MainActor
package final class EditorScene {
  /// The first responder: a view that can become it.
  final class View: Responder {
    override var canBecomeFirstResponder: Bool { true }
  }

  /// The application, whose key window holds the view.
  package let app = Application()
  /// The key window.
  package let window: Window
  let view = View()
  let controller = Responder()
  /// The actions performed, in order (`save:`, `saveAll`).
  package var performed: [String] = []
  /// The path the keymap is loaded from, as its diagnostics name it.
  let keymapPath: String

  /// A scene whose keymap is read as if from `keymapPath` (`wayland-test.keymap.json`).
  package init(keymapPath: String) {
    self.keymapPath = keymapPath
    window = Window(application: app)
    app.keyWindow = window
    controller.setNext(window)
    view.setNext(controller)
    view.becomeFirstResponder()
    for action: ActionName in ["save:", "copy:", "undo:", "redo:", "goBack:", "saveAll"] {
      controller.handle(action) { [unowned self] _ in self.performed.append("\(action)") }
    }
  }

  /// A main menu with Save, Copy, Undo, Redo and Back (Ctrl+[, localized where unreachable),
  /// and a keymap that binds Ctrl+K Ctrl+S to `saveAll`.
  ///
  /// - Returns: A dispatcher for the linux profile over the scene's application.
  /// - Throws: When the keymap does not load.
  package func dispatcher() throws -> KeyDispatcher {
    var back = KeyCommand(title: "Back", action: "goBack:", input: "[", modifierFlags: .command)
    back.allowsAutomaticLocalization = true
    let commands = [
      KeyCommand(title: "Save", action: "save:", input: "s", modifierFlags: .command),
      KeyCommand(title: "Copy", action: "copy:", input: "c", modifierFlags: .command),
      KeyCommand(title: "Undo", action: "undo:", input: "z", modifierFlags: .command),
      KeyCommand(title: "Redo", action: "redo:", input: "y", modifierFlags: .command),
      back,
    ]
    let menu = Menu(children: [
      .menu(Menu(title: "Edit", children: commands.map(MenuElement.keyCommand)))
    ])
    let dispatcher = KeyDispatcher(application: app, mainMenu: menu, platform: .linux)
    let loaded = KeymapFile.load(
      text: """
        { "schemaVersion": 1, "keymap": [ { "bindings": [
          { "keys": "Ctrl+K Ctrl+S", "command": "saveAll" }
        ] } ] }
        """, path: keymapPath, source: .user)
    dispatcher.keymaps = [try #require(loaded.keymap, "\(loaded.diagnostics)")]
    return dispatcher
  }
}
