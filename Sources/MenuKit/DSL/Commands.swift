/// A list of SwiftUI-style command declarations that edit a main menu: new top-level menus
/// (``CommandMenu``) and additions to standard groups (``CommandGroup``).
///
/// `Commands` is sugar over ``MenuBuilder``: applying it performs one builder edit per
/// declaration, in declaration order. Each edit is atomic, so a declaration that cannot apply
/// changes nothing; the others still apply, and the builder records every failure in
/// ``MenuBuilder/diagnostics``. No failure is dropped.
///
/// ```swift
/// let commands = Commands {
///   CommandMenu("Cities", identifier: "com.example.cities") {
///     Button("Add City…", action: "addCity:").keyboardShortcut("n", modifiers: [.command, .shift])
///   }
///   CommandGroup(after: .newItem) {
///     Button("New from Clipboard", action: "newFromClipboard:")
///   }
///   CommandGroup(replacing: .help) {
///     Button("User Manual", action: "showManual:")
///   }
///   if showsDebugMenu {
///     debugCommands  // another Commands value
///   }
/// }
/// var builder = MenuBuilder(menu: mainMenu)
/// commands.apply(to: &builder)
/// let menu = builder.menu
/// ```
public struct Commands: Hashable, Sendable {
  /// The declarations, in the order they apply.
  public var contents: [CommandsContent]

  /// Creates commands from a plain array of declarations.
  public init(_ contents: [CommandsContent] = []) {
    self.contents = contents
  }
}

/// One declaration of a ``Commands`` list.
///
/// ```swift
/// let commands = Commands([
///   .menu(CommandMenu(Menu(title: "Cities"))),
///   .group(CommandGroup(.replacing, .help, elements: [])),
/// ])
/// ```
public enum CommandsContent: Hashable, Sendable {
  /// A new top-level menu.
  case menu(CommandMenu)
  /// Items added to, or replacing, a group.
  case group(CommandGroup)
  /// Removes the standard commands: what ``Commands/commandsRemoved()`` and
  /// ``Commands/commandsReplaced(content:)`` put first.
  case removeStandardCommands
}

/// A result builder that collects ``CommandMenu`` and ``CommandGroup`` declarations, as
/// SwiftUI's commands builder.
///
/// Its component is `[CommandsContent]`; `if`, `switch`, `for … in` and `if #available` work,
/// and a ``Commands`` value splices its declarations in, so command sets compose.
///
/// ```swift
/// @CommandsBuilder
/// func editingCommands(canFormat: Bool) -> [CommandsContent] {
///   CommandGroup(after: .pasteboard) {
///     Button("Paste as Plain Text", action: "pasteAsPlainText:").keyboardShortcut("V", modifiers: [.command, .alternate])
///   }
///   if !canFormat {
///     CommandGroup(replacing: .textFormatting) {}
///   }
/// }
/// ```
@resultBuilder
public enum CommandsBuilder {
  /// Lifts a command menu.
  public static func buildExpression(_ menu: CommandMenu) -> [CommandsContent] { [.menu(menu)] }

  /// Lifts a command group.
  public static func buildExpression(_ group: CommandGroup) -> [CommandsContent] {
    [.group(group)]
  }

  /// Splices the declarations of another command list.
  public static func buildExpression(_ commands: Commands) -> [CommandsContent] {
    commands.contents
  }

  /// Passes a declaration through.
  public static func buildExpression(_ content: CommandsContent) -> [CommandsContent] {
    [content]
  }

  /// Splices a sequence of declarations.
  public static func buildExpression(_ contents: some Sequence<CommandsContent>)
    -> [CommandsContent]
  {
    Array(contents)
  }

  /// Concatenates the statements of a block.
  public static func buildBlock(_ components: [CommandsContent]...) -> [CommandsContent] {
    components.flatMap { $0 }
  }

  /// Builds an `if` without `else`: nothing when the condition is false.
  public static func buildOptional(_ component: [CommandsContent]?) -> [CommandsContent] {
    component ?? []
  }

  /// Builds the first branch of an `if`/`else` or `switch`.
  public static func buildEither(first component: [CommandsContent]) -> [CommandsContent] {
    component
  }

  /// Builds the second branch of an `if`/`else` or `switch`.
  public static func buildEither(second component: [CommandsContent]) -> [CommandsContent] {
    component
  }

  /// Concatenates the iterations of a `for … in` loop.
  public static func buildArray(_ components: [[CommandsContent]]) -> [CommandsContent] {
    components.flatMap { $0 }
  }

  /// Builds the body of an `if #available` check.
  public static func buildLimitedAvailability(_ component: [CommandsContent])
    -> [CommandsContent]
  {
    component
  }
}

// MARK: - API

extension Commands {
  /// Creates commands from a ``CommandsBuilder`` body.
  public init(@CommandsBuilder _ content: () throws -> [CommandsContent]) rethrows {
    self.init(try content())
  }

  /// Applies every declaration to a builder, in order.
  ///
  /// Command menus go after the View menu (at the end of the root without one), each after
  /// the command menu declared before it. Command groups edit the group their placement
  /// names (``CommandGroupPlacement``). A declaration that cannot apply changes nothing and
  /// does not stop the others: the builder records why in ``MenuBuilder/diagnostics`` (a
  /// placement the platform lacks is an `MK206` note).
  public func apply(to builder: inout MenuBuilder) {
    var lastMenu: Int?
    var standardMenus: [Int]?
    for content in contents {
      switch content {
      case .menu(let commandMenu):
        builder.record { (builder) throws(MenuBuilderError) in
          lastMenu = try builder.insertCommandMenu(commandMenu.menu, after: lastMenu)
        }
      case .group(let group):
        group.apply(to: &builder)
      case .removeStandardCommands:
        // Commands+StandardCommands.swift
        if standardMenus == nil { standardMenus = builder.removeStandardCommands() }
      }
    }
    if let standardMenus { builder.removeEmptyMenus(among: standardMenus) }
  }
}
