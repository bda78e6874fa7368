/// SwiftUI's `commandsRemoved()` and `commandsReplaced(content:)`, for commands applied to a
/// builder.
///
/// In SwiftUI a scene includes a set of commands by default, and these modifiers remove or
/// replace them. In MenuKit the commands a builder starts with are the platform's standard
/// menus (``StandardMenus``), so these modifiers act on them: on every item the builder's tree
/// holds when the commands are applied.
extension Commands {
  /// Commands that remove the standard commands, then apply these declarations (SwiftUI's
  /// `Scene.commandsRemoved()`).
  ///
  /// Applied to a builder, they first remove every command, key command, action and deferred
  /// element of its tree — the standard menus' items, and whatever earlier edits added. The
  /// menus stay while the declarations apply, so ``CommandGroup`` placements and
  /// ``CommandMenu``s still find their places; once every declaration has applied, each of
  /// those menus that is left empty is removed too (an empty menu would be an empty title in
  /// the menu bar). The menus and groups the declarations add are kept, empty or not.
  ///
  /// ```swift
  /// let commands = Commands {
  ///   CommandMenu("Game") {
  ///     Button("New Game", action: "newGame:").keyboardShortcut("n")
  ///   }
  ///   CommandGroup(replacing: .appTermination) {
  ///     Button("Quit", action: "terminate:").keyboardShortcut("q")
  ///   }
  /// }.commandsRemoved()
  /// commands.apply(to: &builder)  // File holds Quit alone; Edit, Format, View, Window, Help are gone
  /// ```
  ///
  /// - Returns: The declarations, after a ``CommandsContent/removeStandardCommands``.
  public func commandsRemoved() -> Commands {
    Commands([.removeStandardCommands] + contents)
  }

  /// Commands that replace the standard commands with those of `content`, then apply these
  /// declarations (SwiftUI's `Scene.commandsReplaced(content:)`).
  ///
  /// The standard commands are removed as ``commandsRemoved()`` removes them, then `content`
  /// applies, then these declarations; standard menus left empty at the end are removed.
  ///
  /// ```swift
  /// let commands = Commands().commandsReplaced {
  ///   CommandGroup(replacing: .newItem) {
  ///     Button("New Note", action: "newNote:").keyboardShortcut("n")
  ///   }
  /// }
  /// ```
  ///
  /// - Parameter content: The commands that take the standard commands' place.
  /// - Returns: The removal, `content`'s declarations, then these declarations.
  public func commandsReplaced(
    @CommandsBuilder content: () throws -> [CommandsContent]
  ) rethrows -> Commands {
    Commands([.removeStandardCommands] + (try content()) + contents)
  }
}

// MARK: - Internal

extension MenuBuilder {
  /// Removes every command, key command, action and deferred element of the tree, and the
  /// menus without an identifier that are left empty (no edit can name them); returns the
  /// nodes of the menus that stay, children before their parents.
  mutating func removeStandardCommands() -> [Int] {
    var kept: [Int] = []
    // A node's children come after it in `subtree`: reversed, children are done first.
    for node in subtree(of: rootNode).reversed() where node != rootNode {
      guard let parent = nodes[node].parent else { continue }
      if case .menu(let menu) = nodes[node].element,
        menu.identifier != nil || !nodes[node].children.isEmpty
      {
        kept.append(node)
        continue
      }
      kill(node)
      nodes[parent].children.removeAll { $0 == node }
    }
    return kept
  }

  /// Removes each of `menus` (children before their parents) that is alive and empty.
  mutating func removeEmptyMenus(among menus: [Int]) {
    for node in menus where nodes[node].isAlive && nodes[node].children.isEmpty {
      guard let parent = nodes[node].parent else { continue }
      kill(node)
      nodes[parent].children.removeAll { $0 == node }
    }
  }
}
