import MenuKit
import MenuKitXKB

/// Which strokes are one press on US QWERTY, the layout shortcuts are written for: a stroke
/// that spells Shift with the unshifted character (`Ctrl+Shift+[`) is the press that also
/// reads as the shifted character (`Ctrl+{`), so keymap-lint compares bindings by the press
/// (docs/decisions/0009-stroke-semantics.md).
///
/// The answer comes from the typing engine and the matcher: the press that types the stroke
/// on US QWERTY (``LayoutKeyboard/typing(of:platform:allowsAutomaticLocalization:)``, what
/// `how-to-type` says) and its first reading (``KeyCommandMatcher/readings(of:layout:)``) is
/// the stroke's identity.
///
/// ```swift
/// let identity = StrokeIdentity(layouts: LayoutAnalyzer())
/// identity.press(of: PhysicalStroke(try KeyboardShortcut(parsing: "Ctrl+Shift+["),
///                                   platform: .linux))
/// // the stroke Ctrl+{ (input "{", modifiers .control)
/// ```
package final class StrokeIdentity {
  private let us: LayoutKeyboard?
  private var known: [PhysicalStroke: PhysicalStroke] = [:]

  /// Creates the identity over the analyzer's US QWERTY layout.
  ///
  /// - Parameter layouts: The analyzer whose `us` layout is used; without one (no XKB data),
  ///   every stroke is its own identity.
  package init(layouts: LayoutAnalyzer) {
    us = layouts.us
  }

  /// The stroke as the press that types it on US QWERTY reads first: `Ctrl+{` for
  /// `Ctrl+Shift+[`, `Alt+!` for `Alt+Shift+1`; any other stroke is itself.
  ///
  /// - Parameter stroke: A stroke with physical modifiers.
  /// - Returns: Its identity.
  package func press(of stroke: PhysicalStroke) -> PhysicalStroke {
    guard stroke.modifiers.contains(.shift), let us, let text = stroke.input.characters,
      text.count == 1, text.first?.isLetter == false
    else { return stroke }
    if let answer = known[stroke] { return answer }
    // Physical modifiers as the linux profile writes them (Super is `.super` there).
    let shortcut = KeyboardShortcut(
      stroke.input,
      modifierFlags: PlatformProfile.linux.authoredFlags(forPhysical: stroke.modifiers))
    var answer = stroke
    if let key = us.typing(of: shortcut, platform: .linux).press?.key,
      let first = KeyCommandMatcher.readings(of: key, layout: us.keyboard).first
    {
      answer = PhysicalStroke(input: first.input, modifiers: first.modifierFlags)
    }
    known[stroke] = answer
    return answer
  }
}
