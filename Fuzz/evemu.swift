import MenuKit
import MenuKitXKB

/// evemu recordings: reading never traps, and the text written for the key events read back
/// gives the same keys.
///
/// The reader accepts any code up to 0xffff, but ``EvemuRecording/text(for:deviceName:)``
/// requires key codes (0 to `KEY_MAX`, 0x2ff), so only those are written back.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEvemu(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = fuzzText(data, size)
  guard let events = try? EvemuRecording.keyEvents(in: text, path: "fuzz.evemu") else { return 0 }
  let keys = events.filter { $0.evdevCode <= 0x2FF }
  let written = EvemuRecording.text(for: keys)
  guard let again = try? EvemuRecording.keyEvents(in: written) else {
    fuzzFailure("events read from a recording wrote text that does not read:\n\(written)")
  }
  if again.map(\.evdevCode) != keys.map(\.evdevCode) {
    fuzzFailure("events read from a recording wrote other keys:\n\(written)")
  }
  return 0
}
