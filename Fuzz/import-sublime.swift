import MenuKit
import MenuKitInterop

/// Importing with `SublimeKeymap`: loading never traps, on any platform, and a loaded keymap
/// writes as a MenuKit keymap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImport(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = fuzzText(data, size)
  for platform in [PlatformProfile.linux, .mac] {
    let (keymap, _) = SublimeKeymap.load(
      text: text, path: "fuzz", platform: platform, source: .user)
    if let keymap { _ = KeymapFile.text(of: keymap) }
  }
  return 0
}
