/// A libxkbcommon call that failed, with the messages the library logged while it ran.
///
/// libxkbcommon reports failure by returning `NULL` and explains it only in its log. Each
/// wrapper call empties its context's log buffer before calling into the library, so
/// ``logLines`` holds exactly what that call logged, in libxkbcommon's own words:
///
/// ```swift
/// do {
///   _ = try XKBKeymap(context: context, names: .init(layout: "doesnotexist"))
/// } catch {
///   print(error.operation)  // xkb_keymap_new_from_names
///   print(error.logLines.first ?? "")
///   // Couldn't find file "symbols/doesnotexist" in include paths
/// }
/// ```
///
/// The lines are warnings and errors (libxkbcommon's warning level), without their trailing
/// newline and without a level prefix. Their wording belongs to libxkbcommon and can change
/// between its releases, so match them loosely.
public struct XKBError: Error, Hashable, CustomStringConvertible {
  /// The C function that failed, such as `xkb_keymap_new_from_string` or `fopen`.
  public var operation: String

  /// What failed, in words, naming the input.
  public var message: String

  /// The messages libxkbcommon logged during the failed call, oldest first.
  public var logLines: [String]

  /// Creates an error from its parts.
  ///
  /// - Parameters:
  ///   - operation: The C function that failed.
  ///   - message: What failed, in words.
  ///   - logLines: The messages libxkbcommon logged during the call.
  public init(operation: String, message: String, logLines: [String] = []) {
    self.operation = operation
    self.message = message
    self.logLines = logLines
  }

  /// The message, the failed function, and the log lines, one per indented line.
  ///
  /// For example:
  ///
  /// ```
  /// could not compile the keymap text (xkb_keymap_new_from_string)
  ///   (input string):1:38: syntax error
  ///   Failed to parse input xkb string
  /// ```
  public var description: String {
    var text = "\(message) (\(operation))"
    for line in logLines {
      text += "\n  \(line)"
    }
    return text
  }
}
