/// Where a key binding comes from; keymaps layer in this order, lowest first.
///
/// The key commands of the menu tree are the built-in defaults; an app's keymaps override them,
/// extensions' keymaps override the app's, and the user keymap overrides everything. Sources
/// compare in that order: `.builtIn < .app < .extension < .user`. See `docs/formats/keymaps.md` for
/// how the layer combines with context depth and file order.
///
/// ```swift
/// KeymapSource.user > KeymapSource.app  // true
/// KeymapSource(rawValue: "built-in")    // .builtIn
/// ```
public enum KeymapSource: String, Hashable, Sendable, CaseIterable, Comparable {
  /// The defaults: the key commands in the menu tree.
  case builtIn = "built-in"
  /// A keymap that the app ships.
  case app
  /// A keymap that an extension or plug-in contributes.
  case `extension`
  /// The user's own keymap.
  case user

  /// The layer's position: 0 for built-in, up to 3 for user.
  private var layer: Int {
    switch self {
    case .builtIn: 0
    case .app: 1
    case .extension: 2
    case .user: 3
    }
  }

  /// Whether `lhs` is a lower layer than `rhs`.
  public static func < (lhs: KeymapSource, rhs: KeymapSource) -> Bool { lhs.layer < rhs.layer }
}

/// One entry of a keymap: a key sequence, what it does, and under which context.
///
/// A binding either performs a command, disables its keys (`"command": null` in a file), or
/// removes the binding of one command to its keys (`"command": "-file.saveAll"`). A keymap
/// file's section context is copied onto each of its bindings.
///
/// ```swift
/// let saveAll = KeyBinding(
///   keys: try KeySequence(parsing: "Cmd+K Cmd+S"),
///   effect: .perform("file.saveAll", arguments: nil),
///   context: try ContextPredicate(parsing: "Editor"),
///   source: .user)
/// ```
public struct KeyBinding: Hashable, Sendable {
  /// What pressing the keys does.
  public enum Effect: Hashable, Sendable {
    /// Performs the command (an action name) with optional arguments, as
    /// `"command": "file.saveAll", "args": …` in a file.
    case perform(ActionName, arguments: PropertyList?)
    /// Disables the keys: no binding of a lower layer or earlier position applies in this
    /// context. Written `"command": null`.
    case unbind
    /// Removes the binding of these keys to one command, leaving other commands' bindings of the
    /// keys alone. Written `"command": "-file.saveAll"`.
    case unbindCommand(ActionName)
  }

  /// The keys, one stroke or a multi-stroke sequence such as `Ctrl+K Ctrl+S`.
  public var keys: KeySequence
  /// What the keys do.
  public var effect: Effect
  /// When the binding applies; nil means everywhere.
  public var context: ContextPredicate?
  /// Which layer the binding belongs to.
  public var source: KeymapSource
  /// Where the binding's object is in its file, when it was loaded from one.
  public var location: SourceLocation?

  /// Creates a binding.
  ///
  /// - Parameters:
  ///   - keys: The key sequence.
  ///   - effect: What the keys do.
  ///   - context: When the binding applies; nil (the default) means everywhere.
  ///   - source: Which layer the binding belongs to.
  ///   - location: Where the binding is in its file, if anywhere.
  public init(
    keys: KeySequence, effect: Effect, context: ContextPredicate? = nil, source: KeymapSource,
    location: SourceLocation? = nil
  ) {
    self.keys = keys
    self.effect = effect
    self.context = context
    self.source = source
    self.location = location
  }
}

/// The bindings of one layer, in file order, such as the contents of a user keymap file.
///
/// Order matters: at equal context depth and layer, a later binding wins over an earlier one
/// (see `docs/formats/keymaps.md`). Load one from a file with ``KeymapFile``.
///
/// ```swift
/// let result = KeymapFile.load(contentsOf: "keymaps/user.keymap.json", source: .user)
/// result.keymap?.bindings.count
/// ```
public struct Keymap: Hashable, Sendable {
  /// The layer every binding of the keymap belongs to.
  public var source: KeymapSource
  /// The file the keymap was loaded from, if any.
  public var path: String?
  /// The bindings in file order; a section's context is copied onto its bindings.
  public var bindings: [KeyBinding]

  /// Creates a keymap.
  ///
  /// - Parameters:
  ///   - source: The layer of the keymap.
  ///   - path: The file it comes from, if any.
  ///   - bindings: The bindings, in order.
  public init(source: KeymapSource, path: String? = nil, bindings: [KeyBinding] = []) {
    self.source = source
    self.path = path
    self.bindings = bindings
  }
}
