/// MK305: a key command's input is not a single key, or is an uppercase letter.
///
/// An input of several characters (or none) can never be typed as one key press: an error.
/// An uppercase Latin letter is a warning, at the same code: UIKit matches key commands
/// against the lowercase characters a key produces, so `"O"` should be `"o"` with
/// ``KeyModifierFlags/shift``.
struct SingleKeyRule: ValidationRule {
  mutating func diagnose(_ element: MenuElement, at position: TreePosition) -> [Diagnostic] {
    guard case .keyCommand(let keyCommand) = element, let text = keyCommand.input.characters
    else { return [] }
    let subject = "key command \(position.describe(keyCommand.command))"
    if !keyCommand.input.isSingleKey {
      let input = text.isEmpty ? "an empty input" : "the input '\(text)'"
      return [
        Diagnostic(
          .notASingleKey,
          "\(subject) has \(input), which is not a single key; use one character or a special "
            + "key such as .upArrow")
      ]
    }
    if Self.isUppercaseLatinLetter(text) {
      return [
        Diagnostic(
          .notASingleKey,
          "\(subject) has the uppercase input '\(text)'; use lowercase '\(text.lowercased())' "
            + "with Shift; UIKit matches lowercase characters",
          severity: .warning)
      ]
    }
    return []
  }

  /// Whether `text` is one uppercase letter from the Latin blocks (U+0000 to U+024F) that has
  /// a one-character lowercase form.
  static func isUppercaseLatinLetter(_ text: String) -> Bool {
    guard text.unicodeScalars.count == 1, let scalar = text.unicodeScalars.first,
      scalar.value < 0x250, scalar.properties.isUppercase
    else { return false }
    let lowered = text.lowercased()
    return lowered != text && lowered.count == 1
  }
}
