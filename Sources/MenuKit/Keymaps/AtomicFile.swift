import Foundation

/// Writes files so that a crash never leaves a half-written one.
enum AtomicFile {
  /// Why a file operation failed.
  struct Failure: Error {
    /// The step and the system's reason: "renaming the temporary file failed: …".
    var message: String
    /// Whether the failure is that the file already exists (for exclusive creation).
    var fileExists = false
  }

  /// Replaces the file at `path` with `bytes` atomically: a temporary file in the same
  /// directory is written, flushed, and renamed over it, and the directory is flushed.
  ///
  /// A symbolic link is followed, and an existing file's permission bits are kept.
  /// With `chunkDelay`, the bytes are written 16 at a time with that pause after each, so a
  /// test can kill the process in the middle of the write.
  static func write(_ bytes: [UInt8], to path: String, chunkDelay: Duration?)
    throws(UserKeymapError)
  {
    let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    let directory = (target as NSString).deletingLastPathComponent
    let name = (target as NSString).lastPathComponent
    let temporary =
      (directory.isEmpty ? "." : directory)
      + "/.\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
    func failure(_ step: String) -> UserKeymapError {
      UserKeymapError("cannot save the user keymap '\(path)': \(step) failed: \(Self.reason())")
    }
    removeStaleTemporaryFiles(in: directory.isEmpty ? "." : directory, name: name)
    var status = stat()
    let mode = stat(target, &status) == 0 ? mode_t(status.st_mode & 0o7777) : nil
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw failure("creating a temporary file in '\(directory)'") }
    do throws(UserKeymapError) {
      if let mode, fchmod(descriptor, mode) != 0 { throw failure("setting permissions") }
      let chunk = chunkDelay == nil ? max(bytes.count, 1) : 16
      var offset = 0
      while offset < bytes.count {
        let count = min(chunk, bytes.count - offset)
        guard Self.writeAll(descriptor, bytes, from: offset, count: count) else {
          throw failure("writing the temporary file")
        }
        offset += count
        if let chunkDelay { Self.sleep(chunkDelay) }
      }
      guard fsync(descriptor) == 0 else { throw failure("flushing the temporary file") }
      guard close(descriptor) == 0 else { throw failure("closing the temporary file") }
    } catch {
      close(descriptor)
      unlink(temporary)
      throw error
    }
    guard rename(temporary, target) == 0 else {
      let error = failure("renaming the temporary file over it")
      unlink(temporary)
      throw error
    }
    guard syncDirectory(directory.isEmpty ? "." : directory) else {
      throw failure("flushing the directory '\(directory)'")
    }
  }

  /// Removes the temporary files that earlier saves of `name` left when their process died
  /// (killed or crashed) before renaming them: `.<name>.<pid>.<random>.tmp` whose process no
  /// longer exists.
  static func removeStaleTemporaryFiles(in directory: String, name: String) {
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
      return
    }
    let prefix = ".\(name)."
    for entry in entries where entry.hasPrefix(prefix) && entry.hasSuffix(".tmp") {
      let parts = entry.dropFirst(prefix.count).split(separator: ".")
      guard parts.count == 3, let pid = pid_t(parts[0]), pid > 0, pid != getpid(),
        kill(pid, 0) != 0, errno == ESRCH
      else { continue }
      unlink(directory + "/" + entry)
    }
  }

  /// Creates a new file at `path` holding `bytes` and flushes it; fails with
  /// `fileExists` set rather than overwrite a file.
  static func create(_ bytes: [UInt8], at path: String) throws(Failure) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw Failure(message: "creating it failed: \(reason())", fileExists: errno == EEXIST)
    }
    defer { close(descriptor) }
    guard writeAll(descriptor, bytes, from: 0, count: bytes.count), fsync(descriptor) == 0 else {
      let failure = Failure(message: "writing it failed: \(reason())")
      unlink(path)
      throw failure
    }
    _ = syncDirectory((path as NSString).deletingLastPathComponent)
  }

  /// Writes `count` bytes from `offset`, retrying short writes and interruptions.
  private static func writeAll(_ descriptor: Int32, _ bytes: [UInt8], from offset: Int, count: Int)
    -> Bool
  {
    var written = 0
    while written < count {
      let result = bytes.withUnsafeBytes { buffer in
        Glibc.write(descriptor, buffer.baseAddress! + offset + written, count - written)
      }
      if result < 0 {
        if errno == EINTR { continue }
        return false
      }
      written += result
    }
    return true
  }

  /// Flushes a directory's entries to disk; file systems that cannot do so are not an error.
  private static func syncDirectory(_ directory: String) -> Bool {
    let descriptor = open(directory.isEmpty ? "." : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    return fsync(descriptor) == 0 || errno == EINVAL
  }

  /// Pauses the calling thread.
  private static func sleep(_ duration: Duration) {
    let (seconds, attoseconds) = duration.components
    let microseconds = seconds * 1_000_000 + attoseconds / 1_000_000_000_000
    usleep(useconds_t(max(0, min(microseconds, 1_000_000))))
  }

  /// The system's reason for the last failure, such as "permission denied".
  private static func reason() -> String {
    let text = String(cString: strerror(errno))
    return text.prefix(1).lowercased() + text.dropFirst()
  }
}
