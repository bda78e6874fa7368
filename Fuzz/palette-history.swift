import MenuKit
import MenuKitPalette

/// Palette history files: reading never traps.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPaletteHistory(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  _ = try? PaletteHistory(jsonText: fuzzText(data, size), path: "fuzz-history.json")
  return 0
}
