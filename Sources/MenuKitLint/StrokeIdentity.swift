import MenuKit
import MenuKitXKB

/// Which strokes are one press on US QWERTY, the layout shortcuts are written for: a stroke
/// that spells Shift with the unshifted character (`Ctrl+Shift+[`) is the press that also
/// reads as the shifted character (`Ctrl+{`), so keymap-lint compares bindings by the press
/// (docs/decisions/0009-stroke-semantics.md).
///
/// The answer comes from the matcher itself: the stroke's key is pressed on a US QWERTY
/// keyboard with its modifiers held, and the first reading of that press
/// (``KeyCommandMatcher/readings(of:layout:)``) is the stroke's identity.
///
/// ```swift
/// let identity = StrokeIdentity(layouts: LayoutAnalyzer())
/// identity.press(of: PhysicalStroke(try KeyboardShortcut(parsing: "Ctrl+Shift+["),
///                                   platform: .linux))
/// // the stroke Ctrl+{ (input "{", modifiers .control)
/// ```
public final class StrokeIdentity {
  private let keymap: XKBKeymap?
  private var known: [PhysicalStroke: PhysicalStroke] = [:]

  /// The modifier keys held for each physical modifier: Control, Shift, Alt, Super.
  private static let modifierKeys: [(KeyModifierFlags, Int)] = [
    (.control, 29), (.shift, 42), (.alternate, 56), (.command, 125),
  ]

  /// Creates the identity over the analyzer's US QWERTY layout.
  ///
  /// - Parameter layouts: The analyzer whose `us` layout is used; without one (no XKB data),
  ///   every stroke is its own identity.
  public init(layouts: LayoutAnalyzer) {
    keymap = layouts.us?.keymap
  }

  /// The stroke as the press that types it on US QWERTY reads first: `Ctrl+{` for
  /// `Ctrl+Shift+[`, `Alt+!` for `Alt+Shift+1`; any other stroke is itself.
  ///
  /// - Parameter stroke: A stroke with physical modifiers.
  /// - Returns: Its identity.
  public func press(of stroke: PhysicalStroke) -> PhysicalStroke {
    guard stroke.modifiers.contains(.shift), let keymap, let text = stroke.input.characters,
      text.count == 1, text.first?.isLetter == false
    else { return stroke }
    if let answer = known[stroke] { return answer }
    var answer = stroke
    // The US key whose first level types the character.
    search: for code in keymap.evdevCodes {
      for keysym in keymap.keysyms(forEvdevCode: code, layout: 0, level: 0) {
        guard KeyInput(keysym: keysym) == stroke.input else { continue }
        let keyboard = XKBKeyboard(keymap: keymap)
        for (flag, modifierKey) in Self.modifierKeys where stroke.modifiers.contains(flag) {
          _ = keyboard.handle(KeyEvent(evdevCode: modifierKey, direction: .down, timestamp: 0))
        }
        if let key = keyboard.handle(KeyEvent(evdevCode: code, direction: .down, timestamp: 0))?
          .presses(in: .began).first?.key,
          let first = KeyCommandMatcher.readings(of: key, layout: keyboard).first
        {
          answer = PhysicalStroke(input: first.input, modifiers: first.modifierFlags)
        }
        break search
      }
    }
    known[stroke] = answer
    return answer
  }
}
