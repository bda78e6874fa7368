import MenuKit

private let platforms: [PlatformProfile] = [.linux, .mac, .windows]

/// GTK accelerator text, both ways. The first byte picks the platform and what the rest is:
/// - GTK text (`<Primary><Shift>bracketleft`): a shortcut read from it is written again in
///   GTK, which reads back to the same shortcut, and its MenuKit text reads back to it too;
/// - MenuKit text (`Cmd+Shift+[`): a shortcut GTK can name is written in GTK, which reads back
///   to the same shortcut up to what the dialect documents (`text(in:platform:)`): `.control`
///   reads back as `.command` on linux and windows, `.super` as `.command` on mac, and
///   `.alphaShift` and `.numericPad` are not written.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGTKText(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size > 0 else { return 0 }
  let selector = Int(data[0])
  let platform = platforms[selector % platforms.count]
  let text = fuzzText(data + 1, size - 1)
  if selector / platforms.count % 2 == 0 {
    checkGTKText(text, platform: platform)
  } else {
    checkMenuKitText(text, platform: platform)
  }
  return 0
}

/// Text read as GTK writes GTK text that reads back to the same shortcut.
private func checkGTKText(_ text: String, platform: PlatformProfile) {
  guard let shortcut = try? KeyboardShortcut(parsing: text, dialect: .gtk, platform: platform)
  else { return }
  guard let written = shortcut.text(in: .gtk, platform: platform) else {
    fuzzFailure("GTK '\(text)' (\(platform)) read as \(shortcut), which GTK cannot write")
  }
  let again = try? KeyboardShortcut(parsing: written, dialect: .gtk, platform: platform)
  guard again == shortcut else {
    fuzzFailure(
      "GTK '\(text)' (\(platform)) read as \(shortcut) and was written '\(written)', which "
        + "reads back as \(again.map { "\($0)" } ?? "an error")")
  }
  let canonical = shortcut.canonicalText
  guard (try? KeyboardShortcut(parsing: canonical)) == shortcut else {
    fuzzFailure("GTK '\(text)' (\(platform)) read as \(canonical), which does not read back")
  }
}

/// A MenuKit shortcut that GTK can write reads back from its GTK text.
private func checkMenuKitText(_ text: String, platform: PlatformProfile) {
  guard let shortcut = try? KeyboardShortcut(parsing: text),
    let written = shortcut.text(in: .gtk, platform: platform)
  else { return }
  let again = try? KeyboardShortcut(parsing: written, dialect: .gtk, platform: platform)
  let expected = expectedReading(of: shortcut, on: platform)
  guard again == expected else {
    fuzzFailure(
      "\(shortcut) (\(platform)) was written in GTK as '\(written)', which reads back as "
        + "\(again.map { "\($0)" } ?? "an error"), not \(expected)")
  }
}

/// The shortcut that GTK text written for `shortcut` reads back as, by the documented rules.
private func expectedReading(of shortcut: KeyboardShortcut, on platform: PlatformProfile)
  -> KeyboardShortcut
{
  var flags = shortcut.modifierFlags.subtracting([.alphaShift, .numericPad])
  if platform == .mac {
    if flags.contains(.super) { flags.formUnion(.command) }
    flags.remove(.super)
  } else {
    if flags.contains(.control) { flags.formUnion(.command) }
    flags.remove(.control)
  }
  return KeyboardShortcut(shortcut.input, modifierFlags: flags)
}
