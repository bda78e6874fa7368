import MenuKit

/// Chain description files: loading never traps.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzChainFile(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  _ = ChainFile.parse(fuzzText(data, size), path: "fuzz.chain.json")
  return 0
}
