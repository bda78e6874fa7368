import MenuKit

private let platforms: [PlatformProfile] = [.linux, .mac, .windows]

/// Every shortcut dialect: the first byte picks the dialect and platform, the rest is the text.
/// Parsing never traps, and text written in a dialect parses back in it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDialect(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size > 0 else { return 0 }
  let dialects = ShortcutDialect.allCases
  let selector = Int(data[0])
  let dialect = dialects[selector % dialects.count]
  let platform = platforms[(selector / dialects.count) % platforms.count]
  let text = fuzzText(data + 1, size - 1)
  _ = try? KeyboardShortcut(parsing: text, dialect: dialect, platform: platform)
  guard let sequence = try? KeySequence(parsing: text, dialect: dialect, platform: platform)
  else { return 0 }
  for other in dialects {
    guard let written = sequence.text(in: other, platform: platform) else { continue }
    if (try? KeySequence(parsing: written, dialect: other, platform: platform)) == nil {
      fuzzFailure(
        "'\(text)' (\(dialect), \(platform)) wrote '\(written)' in \(other), which does not parse")
    }
  }
  return 0
}
