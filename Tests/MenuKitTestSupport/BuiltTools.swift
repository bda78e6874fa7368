import Foundation

/// A tool this package builds (`menu-dump`, `keymap-lint`), found next to the test bundle, or
/// nil where it was not built.
///
/// - Parameter name: The executable's name.
/// - Returns: Its URL.
package func builtTool(_ name: String) -> URL? {
  var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
  for _ in 0..<3 {
    let candidate = directory.appendingPathComponent(name)
    if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    directory = directory.deletingLastPathComponent()
  }
  return nil
}

/// Runs an executable to its end and returns its exit status and what it printed.
///
/// - Parameters:
///   - executable: The program to run.
///   - arguments: Its arguments.
///   - standardInput: What it reads on standard input; nil gives it the test's own.
///   - environment: Its environment; nil gives it the test's own.
/// - Returns: The exit status, standard output and standard error, decoded as UTF-8.
/// - Throws: When the program cannot be started.
package func runTool(
  _ executable: URL, _ arguments: [String], standardInput: String? = nil,
  environment: [String: String]? = nil
) throws -> (status: Int32, output: String, errors: String) {
  let process = Process()
  process.executableURL = executable
  process.arguments = arguments
  if let environment { process.environment = environment }
  let input = Pipe()
  let output = Pipe()
  let errors = Pipe()
  if standardInput != nil { process.standardInput = input }
  process.standardOutput = output
  process.standardError = errors
  try process.run()
  if let standardInput {
    input.fileHandleForWriting.write(Data(standardInput.utf8))
    try input.fileHandleForWriting.close()
  }
  let outputData = output.fileHandleForReading.readDataToEndOfFile()
  let errorData = errors.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return (
    process.terminationStatus, String(decoding: outputData, as: UTF8.self),
    String(decoding: errorData, as: UTF8.self)
  )
}

/// The first of `names` found as an executable in a directory of the `PATH` (`/usr/bin:/bin`
/// when it is not set), or nil where none is installed.
///
/// - Parameter names: The program's names, most likely first (`chromium`, `chromium-browser`).
/// - Returns: The program's path.
package func executableOnPath(_ names: String...) -> String? {
  let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
  for directory in path.split(separator: ":") {
    for name in names {
      let candidate = "\(directory)/\(name)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
  }
  return nil
}
