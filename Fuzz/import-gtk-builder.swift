import MenuKit
import MenuKitInterop

/// Importing with `GTKBuilderShortcuts` (and its XML reader): loading never traps or grows
/// beyond the input, and a loaded keymap writes as a MenuKit keymap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImport(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = fuzzText(data, size)
  let (keymap, _) = GTKBuilderShortcuts.load(
    text: text, path: "fuzz", platform: .linux, source: .user)
  if let keymap { _ = KeymapFile.text(of: keymap) }
  return 0
}
