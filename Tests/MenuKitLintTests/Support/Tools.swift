import Foundation
import MenuKitTestSupport
import MenuKitToolSupport
import Testing

@testable import keymap_lint

/// Runs keymap-lint in-process.
///
/// - Parameter arguments: The command line after the tool's name.
/// - Returns: The exit status and what the tool printed on each stream.
func keymapLint(_ arguments: String...) -> (
  status: ToolExitStatus, output: String, errors: String
) {
  keymapLint(arguments)
}

/// Runs keymap-lint in-process with an array of arguments.
///
/// - Parameter arguments: The command line after the tool's name.
/// - Returns: The exit status and what the tool printed on each stream.
func keymapLint(_ arguments: [String]) -> (
  status: ToolExitStatus, output: String, errors: String
) {
  var output = BufferedOutput()
  let status = KeymapLint.run(arguments: arguments, output: &output)
  return (status, output.standardOutput, output.standardError)
}

/// Runs the built keymap-lint as a process with text on its standard input.
///
/// - Parameters:
///   - arguments: The command line after the tool's name.
///   - standardInput: What the tool reads on standard input.
/// - Returns: The exit status and what the tool printed on each stream.
/// - Throws: When keymap-lint was not built next to the tests, or cannot be started.
func keymapLintExecutable(_ arguments: [String], standardInput: String) throws -> (
  status: Int32, output: String, errors: String
) {
  let executable = try #require(builtTool("keymap-lint"), "keymap-lint is built next to the tests")
  return try runTool(executable, arguments, standardInput: standardInput)
}
