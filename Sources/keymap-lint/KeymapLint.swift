import Foundation

/// `keymap-lint`: validates keymaps in CI. This version prints its help; the checks arrive
/// with the keymap issue (see docs/keymap-lint.md).
@main
struct KeymapLint {
  static let help = """
    USAGE: keymap-lint [--format text|json|sarif] [--layouts L,...] FILE ...

    Validates MenuKit menu and keymap files: conflicts, shadowed sequences, shortcuts that
    cannot be typed on some layouts, reserved system shortcuts. (Not implemented yet: this
    version only prints this help. Use 'menu-dump FILE' to load and validate menu files.)

    OPTIONS:
      -h, --help   Show this help.

    EXIT STATUS:
      0   clean
      1   findings
      64  the command line is wrong
      65  a file is malformed

    """

  static func main() {
    let arguments = CommandLine.arguments.dropFirst()
    if arguments.isEmpty || arguments.contains("--help") || arguments.contains("-h") {
      FileHandle.standardOutput.write(Data(help.utf8))
      exit(0)
    }
    FileHandle.standardError.write(
      Data(
        "keymap-lint: linting is not implemented yet; see 'keymap-lint --help'\n".utf8))
    exit(64)
  }
}
