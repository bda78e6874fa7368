import MenuKit

private let standardMenu = StandardMenus.mainMenu(for: .linux)

/// Menu files: loading never traps; a loaded file applies to the standard menus, validates,
/// and writes text that loads again.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMenuFile(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = fuzzText(data, size)
  let result = MenuFile.parse(text, path: "fuzz.json")
  guard let file = result.file else { return 0 }
  var builder = MenuBuilder(menu: standardMenu)
  _ = file.apply(to: &builder)
  _ = MenuValidator(platform: .linux).validate(builder.menu)
  let written = file.jsonText(platform: .linux)
  if MenuFile.parse(written).file == nil {
    fuzzFailure("a loaded menu file wrote text that does not load:\n\(written)")
  }
  return 0
}
