import Testing

@testable import MenuKit

@Suite("README example")
struct ReadmeExampleTests {
  /// The library example of README.md, kept in step with it: if this stops compiling or
  /// passing, update both.
  @Test("the README's library example builds the menu it describes")
  func readmeExample() throws {
    var builder = MenuBuilder(menu: StandardMenus.mainMenu(for: .linux))

    // UIKit's UIMenuBuilder operations, addressed by identifier.
    let open = KeyCommand(
      title: "Open…", action: "openDocument:", input: "o", modifierFlags: .command)
    builder.replace(
      menu: .open,
      with: Menu(
        identifier: "com.example.open", options: .displayInline,
        children: [.keyCommand(open)]))

    // Or SwiftUI-style commands, applied through the same builder.
    let commands = Commands {
      CommandMenu("Cities") {
        Button("Tokyo", action: "showCity:").propertyList("tokyo").keyboardShortcut("1")
        Button("Paris", action: "showCity:").propertyList("paris").keyboardShortcut("2")
      }
      CommandGroup(replacing: .help) {
        Button("User Manual", action: "showManual:")
      }
    }
    commands.apply(to: &builder)

    let menu = builder.menu
    #expect(MenuValidator(platform: .linux).validate(menu) == [])
    let text = TextMenuRenderer(platform: .linux).render(menu)
    #expect(text.contains("Cities\n  Tokyo  Ctrl+1\n  Paris  Ctrl+2"))
    #expect(text.contains("Help\n  User Manual"))
    let titles = menu.children.map(\.title)
    #expect(titles.firstIndex(of: "Cities") == titles.firstIndex(of: "View").map { $0 + 1 })
    #expect(builder.menu(for: "com.example.open")?.children == [.keyCommand(open)])
  }
}
