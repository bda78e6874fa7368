import CWaylandTestSupport
import Foundation
import Glibc
import MenuKitXKB
import Testing

@testable import MenuKitWayland

/// A memfd holding bytes, sealed when asked; the caller closes it.
private func memfd(_ bytes: [UInt8], sealed: Bool = false) -> Int32 {
  bytes.withUnsafeBytes { menukit_test_memfd($0.baseAddress, $0.count, sealed ? 1 : 0) }
}

/// The text of the us keymap, NUL-terminated as compositors send it.
private let usKeymap: [UInt8] = {
  let keymap = try! XKBKeymap(context: .system(), names: .init(layout: "us"))
  return Array(keymap.asString().utf8) + [0]
}()

/// A keymap load's outcome in words.
private func load(format: UInt32 = 1, fd: Int32, size: UInt32) -> String {
  do {
    let keymap = try loadKeymap(format: format, fd: fd, size: size, context: .hermetic())
    return "ok: \(keymap.layoutNames)"
  } catch {
    return "\(error)"
  }
}

@Suite("Keymaps from wl_keyboard.keymap")
struct KeymapLoadingTests {
  @Test("a keymap in a memfd loads, read or mapped when sealed")
  func loads() {
    for sealed in [false, true] {
      let fd = memfd(usKeymap, sealed: sealed)
      defer { close(fd) }
      #expect(load(fd: fd, size: UInt32(usKeymap.count)) == "ok: [\"English (US)\"]")
    }
  }

  @Test("a hostile compositor gets a clear error, never a crash")
  func rejects() throws {
    let fd = memfd(usKeymap)
    defer { close(fd) }
    let size = UInt32(usKeymap.count)
    #expect(load(format: 0, fd: fd, size: size).contains("sent no keymap"))
    #expect(load(format: 7, fd: fd, size: size) == "the keymap format is 7; expected 1 (xkb_v1)")
    #expect(load(fd: fd, size: 0) == "the keymap is 0 bytes; expected 1 to 8388608")
    #expect(load(fd: fd, size: .max).hasPrefix("the keymap is 4294967295 bytes"))
    #expect(load(fd: -1, size: size) == "the keymap cannot be read: the file descriptor is -1")
    #expect(load(fd: 9999, size: size).contains("fstat: Bad file descriptor"))
    // Larger than the file: nothing reads past its end.
    #expect(load(fd: fd, size: size + 4096).contains("fewer than the \(size + 4096) announced"))
    // A pipe is not a file.
    var ends: [Int32] = [0, 0]
    pipe(&ends)
    defer {
      close(ends[0])
      close(ends[1])
    }
    #expect(load(fd: ends[0], size: 10).contains("not a regular file"))
    // Text that is not a keymap.
    let junk = memfd(Array("xkb_keymap { nonsense".utf8) + [0])
    defer { close(junk) }
    #expect(load(fd: junk, size: 22).hasPrefix("the keymap does not compile"))
  }
}
