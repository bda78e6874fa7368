import Foundation

/// The repository's root directory, found from this file's path (tests read the shipped
/// keymaps/, docs/ and fixtures from it).
package let repositoryRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Makes a new, empty directory under the system's temporary directory.
///
/// - Returns: The directory's path.
/// - Throws: When it cannot be created.
package func temporaryDirectory() throws -> String {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent(
    "menukit-test-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url.path
}

/// Writes `text` to a file called `name` in a new temporary directory.
///
/// - Parameters:
///   - name: The file's name (`menu.json`, `mine.keymaps.json`): the tools tell some kinds of
///     file by it.
///   - text: What the file holds, as UTF-8.
/// - Returns: The file's path.
/// - Throws: When the directory or the file cannot be written.
package func temporaryFile(_ name: String, _ text: String) throws -> String {
  let path = try temporaryDirectory() + "/" + name
  try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  return path
}

/// Writes `text` to a file called `name` (by default `menu.json`) in a new temporary
/// directory.
///
/// - Parameters:
///   - text: What the file holds, as UTF-8.
///   - name: The file's name.
/// - Returns: The file's path.
/// - Throws: When the directory or the file cannot be written.
package func temporaryFile(_ text: String, name: String = "menu.json") throws -> String {
  try temporaryFile(name, text)
}

/// A file of the real-world keymap corpus the tests keep (`Tests/MenuKitTests/Fixtures/corpus`,
/// a copy of ../shared/corpus).
///
/// - Parameter path: The file's path inside the corpus (`vscode/keybindings.json`).
/// - Returns: Its absolute path.
package func corpus(_ path: String) -> String {
  repositoryRoot.appendingPathComponent("Tests/MenuKitTests/Fixtures/corpus/\(path)").path
}
