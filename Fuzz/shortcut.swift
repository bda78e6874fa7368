import MenuKit

/// MenuKit's own shortcut text: parsing never traps, and a parsed shortcut's canonical text
/// parses back to it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzShortcut(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = fuzzText(data, size)
  if let shortcut = try? KeyboardShortcut(parsing: text) {
    let canonical = shortcut.canonicalText
    guard let again = try? KeyboardShortcut(parsing: canonical), again == shortcut else {
      fuzzFailure("'\(text)' parsed to \(canonical), which does not parse back")
    }
    _ = shortcut.label(for: .linux)
    _ = shortcut.label(for: .mac)
  }
  if let sequence = try? KeySequence(parsing: text) {
    let canonical = sequence.canonicalText
    guard let again = try? KeySequence(parsing: canonical), again == sequence else {
      fuzzFailure("'\(text)' parsed to the sequence \(canonical), which does not parse back")
    }
  }
  return 0
}
