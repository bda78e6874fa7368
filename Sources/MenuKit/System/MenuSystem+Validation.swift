extension MenuSystem {
  /// The system's menu validated for a first responder now (see ``MenuValidation``).
  ///
  /// Each call asks the chain — `canPerformAction(_:withSender:)` and `validate(_:)` — at
  /// that moment, as UIKit does just before a menu is displayed: call it when the menu is
  /// shown, and the answers follow the app's state (a selection that changed, another first
  /// responder, a changed `next`) with no call to ``setNeedsRevalidate()``. A host that keeps
  /// the result while the menu stays open observes the system (``observe(_:)``) and validates
  /// again on ``Change/revalidate``.
  ///
  /// ```swift
  /// tableView.selection = nil
  /// MenuSystem.main.validatedMenu(for: tableView).isEnabled(CommandKey(action: "copy:"))  // false
  /// tableView.selection = 3
  /// MenuSystem.main.validatedMenu(for: tableView).isEnabled(CommandKey(action: "copy:"))  // true
  /// ```
  ///
  /// - Complexity: O(*n* · *c*) for *n* elements and a chain of *c* responders; the built
  ///   tree is kept until ``setNeedsRebuild()``.
  public func validatedMenu(for firstResponder: Responder?) -> ValidatedMenu {
    MenuValidation(firstResponder: firstResponder).validate(menu)
  }
}
