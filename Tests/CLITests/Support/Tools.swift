import Foundation
import MenuKitTestSupport
import MenuKitToolSupport
import Testing

@testable import menu_dump

/// Runs `menu-dump` in-process, on the main actor as the tool runs.
///
/// - Parameter arguments: The command line after the tool's name.
/// - Returns: The exit status and what the tool printed on each stream.
@MainActor
func menuDump(_ arguments: String...) -> (status: ToolExitStatus, output: String, errors: String) {
  menuDump(arguments)
}

/// Runs `menu-dump` in-process with an array of arguments.
///
/// - Parameter arguments: The command line after the tool's name.
/// - Returns: The exit status and what the tool printed on each stream.
@MainActor
func menuDump(_ arguments: [String]) -> (status: ToolExitStatus, output: String, errors: String) {
  var output = BufferedOutput()
  let status = MenuDump.run(arguments: arguments, output: &output)
  return (status, output.standardOutput, output.standardError)
}

/// Runs the built menu-dump as a process with `input` on its standard input.
///
/// - Parameters:
///   - arguments: The command line after the tool's name.
///   - input: What the tool reads on standard input.
/// - Returns: The exit status and what the tool printed on each stream.
/// - Throws: When menu-dump was not built next to the tests, or cannot be started.
func menuDumpExecutable(_ arguments: [String], standardInput input: String) throws -> (
  status: Int32, output: String, errors: String
) {
  let executable = try #require(builtTool("menu-dump"), "menu-dump is built next to the tests")
  return try runTool(executable, arguments, standardInput: input)
}
