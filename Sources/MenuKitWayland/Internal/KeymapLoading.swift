internal import CWaylandClient
internal import Glibc
internal import MenuKitXKB

/// Reads and compiles the keymap of a `wl_keyboard.keymap` event, trusting nothing in it.
///
/// The format must be XKB text (version 1), the size between 1 and
/// ``WaylandKeyboard/maximumKeymapSize``, and the file at least that long (checked with
/// `fstat` first, so that nothing reads past its end). A file sealed against shrinking (a
/// sealed memfd, as the protocol recommends) is mapped read-only and private; any other file
/// is read with `pread`, since a compositor could shrink it under a mapping and the read
/// would fault. The text ends at its first NUL byte. The caller closes the descriptor.
///
/// - Throws: ``WaylandKeyboardError`` for each check that fails, or when the text does not
///   compile.
func loadKeymap(format: UInt32, fd: Int32, size: UInt32, context: XKBContext)
  throws(WaylandKeyboardError) -> XKBKeymap
{
  guard format == WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue else {
    throw .unsupportedKeymapFormat(format)
  }
  guard size > 0, size <= WaylandKeyboard.maximumKeymapSize else { throw .keymapSize(size) }
  guard fd >= 0 else { throw .unreadableKeymap("the file descriptor is \(fd)") }
  var status = stat()
  guard fstat(fd, &status) == 0 else {
    throw .unreadableKeymap("fstat: \(String(cString: strerror(errno)))")
  }
  guard status.st_mode & S_IFMT == S_IFREG else {
    throw .unreadableKeymap("the file descriptor is not a regular file or memfd")
  }
  guard status.st_size >= Int(size) else {
    throw .unreadableKeymap(
      "the file has \(status.st_size) bytes, fewer than the \(size) announced")
  }
  let bytes = try readBytes(fd: fd, count: Int(size))
  let text = String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
  do {
    return try XKBKeymap(context: context, string: text)
  } catch {
    throw .keymapDoesNotCompile(error)
  }
}

/// The first `count` bytes of a regular file, mapped when the file cannot shrink, else read.
private func readBytes(fd: Int32, count: Int) throws(WaylandKeyboardError) -> [UInt8] {
  if menukit_fd_cannot_shrink(fd) != 0 {
    let mapping = mmap(nil, count, PROT_READ, MAP_PRIVATE, fd, 0)
    if let mapping, mapping != UnsafeMutableRawPointer(bitPattern: -1) {
      defer { munmap(mapping, count) }
      return Array(UnsafeRawBufferPointer(start: mapping, count: count))
    }
  }
  var bytes = [UInt8](repeating: 0, count: count)
  var done = 0
  while done < count {
    let read = bytes.withUnsafeMutableBytes { buffer in
      pread(fd, buffer.baseAddress! + done, count - done, off_t(done))
    }
    if read < 0, errno == EINTR { continue }
    guard read > 0 else {
      let reason = read < 0 ? String(cString: strerror(errno)) : "the file ended early"
      throw .unreadableKeymap("pread: \(reason)")
    }
    done += read
  }
  return bytes
}
