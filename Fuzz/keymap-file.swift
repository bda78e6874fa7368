import MenuKit

/// Keymap files: loading never traps; a loaded keymap writes text that loads again with as many
/// bindings.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzKeymapFile(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = fuzzText(data, size)
  let (keymap, _) = KeymapFile.load(text: text, path: "fuzz.keymap.json", source: .user)
  guard let keymap else { return 0 }
  let written = KeymapFile.text(of: keymap)
  let (again, _) = KeymapFile.load(text: written, source: .user)
  if again?.bindings.count != keymap.bindings.count {
    fuzzFailure("a loaded keymap wrote text that does not load the same bindings:\n\(written)")
  }
  return 0
}
