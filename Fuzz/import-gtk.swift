import MenuKit
import MenuKitInterop

/// Importing with `GTKAccelerators`: loading never traps, on any platform, and a loaded keymap exports.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImport(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = fuzzText(data, size)
  for platform in [PlatformProfile.linux, .mac] {
    let (keymap, _) = GTKAccelerators.load(
      text: text, path: "fuzz", platform: platform, source: .user)
    if let keymap { _ = GTKAccelerators.text(of: keymap, platform: platform).text }
  }
  return 0
}
