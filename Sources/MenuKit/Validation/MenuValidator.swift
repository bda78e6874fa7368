/// Checks a menu tree for the mistakes that UIKit would reject or silently mishandle.
///
/// The validator runs every rule over the tree and returns every problem it finds, never
/// stopping at the first. The rules and their codes are:
///
/// | Code | Severity | Problem |
/// | --- | --- | --- |
/// | MK301 | error | Two menus share a ``MenuIdentifier``, or two actions an ``ActionIdentifier``. |
/// | MK302 | error | Two key commands have the same shortcut under ``platform``. |
/// | MK303 | error | A menu that is not inline (nor the root) has an empty title. |
/// | MK304 | error | A single-selection menu has more than one element `on`. |
/// | MK305 | error, warning | A key command's input is not one key; or it is an uppercase letter. |
/// | MK306 | error | Menus nest deeper than ``maximumDepth``. |
/// | MK307 | warning | Two commands share an action and property list. |
///
/// Diagnostics come in tree order: the order of the elements they are about, depth first,
/// and in code order for one element. A tree built in code has no source positions, so each
/// message names where the element is instead, as `in File ▸ Open Recent`: titles joined with
/// `▸`, an inline group shown by its identifier or as `(inline)`, and the middle of a long
/// path elided with `…`. Deferred elements are not resolved, so their contents are not checked.
///
/// ```swift
/// let menu = Menu(title: "", identifier: .root, children: [
///   .menu(Menu(title: "Edit", identifier: .edit, children: [
///     .keyCommand(KeyCommand(title: "Cut", action: "cut:", input: "x", modifierFlags: .command)),
///     .keyCommand(KeyCommand(title: "Cross Out", action: "crossOut:", input: "x",
///                            modifierFlags: .control)),
///   ])),
/// ])
/// for diagnostic in MenuValidator(platform: .linux).validate(menu) {
///   print(diagnostic)
/// }
/// // error[MK302]: shortcut Ctrl+X of 'Cut' (cut:) in Edit is also used by
/// //   'Cross Out' (crossOut:) in Edit under the linux profile
/// ```
///
/// - Complexity: O(*n*) for a tree of *n* elements. The walk is iterative, so a tree of any
///   depth is validated without exhausting the call stack.
public struct MenuValidator: Sendable {
  /// The deepest a menu may be nested: the root's children are at depth 1.
  ///
  /// No usable menu comes near this limit; real menu bars nest three or four levels. The
  /// limit exists because much of the code that consumes a tree is recursive: Swift's
  /// synthesised `==`, `hash(into:)` and deallocation of nested ``Menu`` values, renderers
  /// such as ``TextMenuRenderer`` (which stops drawing at this depth), encoders, and
  /// platform menu toolkits. A tree that passes validation can be handed to all of them
  /// without risking a stack overflow.
  public static let maximumDepth = 64

  /// The platform whose modifier mapping decides which shortcuts collide.
  ///
  /// Under ``PlatformProfile/linux`` and ``PlatformProfile/windows``, `Cmd+X` and `Ctrl+X`
  /// are the same keys; under ``PlatformProfile/mac`` they are not.
  public var platform: PlatformProfile

  /// Creates a validator for a platform profile.
  ///
  /// - Parameter platform: The profile whose shortcut conventions apply.
  public init(platform: PlatformProfile) {
    self.platform = platform
  }
}

// MARK: - API

extension MenuValidator {
  /// Checks a menu tree and returns every problem found, in tree order.
  ///
  /// An empty result means the tree passed every rule; use
  /// ``Swift/Array/containsErrors`` to ignore warnings.
  ///
  /// - Parameter menu: The root of the tree. It is exempt from the empty-title rule.
  /// - Returns: The diagnostics, in the order of the elements they are about: the first 100,
  ///   then, when there are more, one `MK105` that says how many (``DiagnosticCode/moreProblems``).
  /// - Complexity: O(*n*) for a tree of *n* elements.
  public func validate(_ menu: Menu) -> [Diagnostic] {
    var rules = makeRules()
    // The first 100 problems, then one MK105: a tree of 300,000 key commands with one
    // shortcut is 300,000 problems, of which a reader needs the first.
    var diagnostics = DiagnosticList()
    var position = TreePosition(depth: 0, ancestors: [])
    for index in rules.indices {
      diagnostics.append(contentsOf: rules[index].diagnose(.menu(menu), at: position))
    }
    menu.forEachElement { element, depth in
      // The walk is depth first, so the ancestors of an element at depth d are the first
      // d - 1 menus on the current path.
      position.ancestors.removeLast(position.ancestors.count - (depth - 1))
      position.depth = depth
      for index in rules.indices {
        diagnostics.append(contentsOf: rules[index].diagnose(element, at: position))
      }
      if case .menu(let child) = element {
        position.ancestors.append(TreePosition.label(of: child))
      }
    }
    return diagnostics.sorted
  }
}

// MARK: - Internal

extension MenuValidator {
  /// A fresh instance of every rule, in code order.
  func makeRules() -> [any ValidationRule] {
    [
      DuplicateIdentifierRule(),
      DuplicateShortcutRule(platform: platform),
      EmptyTitleRule(),
      MultipleSelectionRule(),
      SingleKeyRule(),
      MenuDepthRule(maximumDepth: Self.maximumDepth),
      DuplicateCommandRule(),
    ]
  }
}
