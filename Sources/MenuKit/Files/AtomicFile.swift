#if canImport(Glibc)
  import Glibc
#endif

/// Saves files so that a save can neither lose data nor write where it must not: the one
/// routine behind every file MenuKit writes (user keymaps and their backups, the palette
/// history).
///
/// A save resolves the path once (``resolve(_:creatingDirectories:)``) to an open directory and
/// a name in it, and does every later step relative to that directory (`openat`, `renameat`,
/// `fstatat`), so the path cannot be swapped for another one half-way:
///
/// 1. The path must end with a file name: a trailing `/`, `/.` or `/..` is an error, never a
///    new file. Missing parent directories are created (mode 0700), when asked.
/// 2. A symbolic link is written through: the save replaces the file the link points to and
///    keeps the link, as editors do. A link that points nowhere, or to something other than a
///    regular file, is refused, and so is a link in a shared sticky directory (such as `/tmp`)
///    that belongs to another user (the kernel's `fs.protected_symlinks` rule, applied whatever
///    the system's setting).
/// 3. The bytes go to a new temporary file in the target's directory, created with
///    `O_CREAT|O_EXCL|O_NOFOLLOW` under a name that cannot be guessed
///    (`.<name>.<pid>.<64 random bits>.tmp`), so no file or link planted there is ever opened.
/// 4. The temporary file gets the target's permission bits and, where the system allows, its
///    owner and group; then it is written, flushed (`fsync`), renamed over the target, and the
///    directory is flushed.
///
/// ```swift
/// let target = try AtomicFile.resolve("/home/me/.config/app/user.keymap.json",
///                                     creatingDirectories: true)
/// let lock = try target.lock()          // serializes savers of this file
/// let current = try target.read()       // nil when the file does not exist yet
/// try target.write(Array(newText.utf8))
/// lock.release()
/// ```
package enum AtomicFile {
  /// Why a file operation failed.
  package struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
    /// What failed and why, without the file's kind: "the path ends with '/' …",
    /// "renaming the temporary file over it failed: permission denied".
    package var reason: String
    /// The system's error number, or 0 for a failure MenuKit found itself.
    package var errorNumber: Int32

    /// Creates a failure.
    package init(_ reason: String, errorNumber: Int32 = 0) {
      self.reason = reason
      self.errorNumber = errorNumber
    }

    /// Whether the failure is that a file already exists (for exclusive creation).
    package var fileExists: Bool { errorNumber == EEXIST }

    /// The reason.
    package var description: String { reason }
  }

  /// Checks that a path can name a file: not empty, no NUL, and a last component that is a
  /// name, not `""` (a trailing `/`), `.` or `..`.
  ///
  /// - Throws: ``Failure`` saying what is wrong with the path.
  package static func checkFileName(_ path: String) throws(Failure) {
    guard !path.isEmpty else { throw Failure("the path is empty") }
    guard !path.utf8.contains(0) else { throw Failure("the path contains a NUL character") }
    let last = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
    switch last {
    case "":
      throw Failure(
        "the path ends with '/', which names a directory; give the file's path without it")
    case ".", "..":
      throw Failure(
        "the path ends with '/\(last)', which names a directory; give the file's path")
    default: break
    }
  }

  /// Resolves a path once to the directory that holds the file (opened) and its name there.
  ///
  /// A symbolic link is resolved to the file it points to (see ``AtomicFile``); links among
  /// the parent directories are followed as any path is.
  ///
  /// - Parameters:
  ///   - path: The file's path.
  ///   - creatingDirectories: Whether to create missing parent directories (mode 0700).
  /// - Returns: The target.
  /// - Throws: ``Failure`` for a path that does not name a file, a link that cannot be
  ///   followed, or a directory that cannot be opened or created. A missing directory fails
  ///   with `errorNumber` `ENOENT` when `creatingDirectories` is false.
  package static func resolve(_ path: String, creatingDirectories: Bool) throws(Failure)
    -> Target
  {
    try checkFileName(path)
    var status = stat()
    if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK {
      return try resolveLink(path, link: status)
    }
    let (directoryPath, name) = split(path)
    var descriptor = openDirectory(directoryPath)
    if descriptor < 0, errno == ENOENT, creatingDirectories {
      try createDirectories(directoryPath)
      descriptor = openDirectory(directoryPath)
    }
    guard descriptor >= 0 else {
      throw systemFailure("opening the directory '\(directoryPath)'")
    }
    return Target(
      path: path, directoryPath: directoryPath, name: name, directory: descriptor, isLink: false)
  }

  /// A file resolved for saving: its directory, held open, and its name there.
  package final class Target {
    /// The path as the caller gave it.
    package let path: String
    /// The directory that holds the file: the path's own directory, or for a symbolic link
    /// the directory of the file it points to.
    package let directoryPath: String
    /// The file's name in the directory.
    package let name: String
    /// The open directory; every step after ``AtomicFile/resolve(_:creatingDirectories:)``
    /// is relative to it.
    let directory: Int32
    /// Whether the path ends with a symbolic link, resolved to the file it points to.
    package let isLink: Bool
    /// The temporary file names to try first, for tests; random names follow.
    package var temporaryNames: [String] = []

    init(path: String, directoryPath: String, name: String, directory: Int32, isLink: Bool) {
      self.path = path
      self.directoryPath = directoryPath
      self.name = name
      self.directory = directory
      self.isLink = isLink
    }

    deinit {
      close(directory)
    }
  }

  /// An exclusive advisory lock (`flock`) on a target, held until ``release()``.
  ///
  /// The lock is taken on a sibling file, `.<name>.lock`, which the holder removes when it
  /// releases it; a waiter that then finds its lock file gone or replaced takes the lock again.
  package final class Lock {
    /// The locked target.
    let target: Target
    /// The lock file, or -1 once released.
    private var descriptor: Int32

    init(target: Target, descriptor: Int32) {
      self.target = target
      self.descriptor = descriptor
    }

    /// Removes the lock file and releases the lock; later calls do nothing.
    package func release() {
      guard descriptor >= 0 else { return }
      unlinkat(target.directory, target.lockName, 0)
      close(descriptor)
      descriptor = -1
    }

    deinit {
      release()
    }
  }
}

// MARK: - API

extension AtomicFile.Target {
  /// The target's path after resolution: the directory and the name.
  package var resolvedPath: String {
    directoryPath == "/" ? "/" + name : directoryPath + "/" + name
  }

  /// The path of a file named `name` next to the target: in the path's own directory as the
  /// caller wrote it, or, through a symbolic link, next to the file it points to.
  package func pathOfSibling(named name: String) -> String {
    if isLink { return directoryPath == "/" ? "/" + name : directoryPath + "/" + name }
    guard let slash = path.lastIndex(of: "/") else { return name }
    return path[...slash] + name
  }

  /// Waits for, then takes, the exclusive lock of the target.
  ///
  /// Every process and every value that takes the lock of the same file (through any path or
  /// link to it) waits for the one that holds it.
  ///
  /// - Returns: The lock; release it after the save.
  /// - Throws: ``AtomicFile/Failure`` when the lock file cannot be created or opened, such as
  ///   in a directory without write permission or when a link was planted in its place.
  package func lock() throws(AtomicFile.Failure) -> AtomicFile.Lock {
    while true {
      var descriptor = openat(
        directory, lockName, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
      if descriptor < 0, errno == EACCES {
        // Another user's lock file, while that user saves: a read-only descriptor locks too.
        descriptor = openat(directory, lockName, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
      }
      guard descriptor >= 0 else {
        throw AtomicFile.systemFailure("creating the lock file '\(lockName)'")
      }
      var status = stat()
      guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
        close(descriptor)
        throw AtomicFile.Failure(
          "creating the lock file '\(lockName)' failed: it is not a regular file")
      }
      while flock(descriptor, LOCK_EX) != 0 {
        guard errno == EINTR else {
          let failure = AtomicFile.systemFailure("locking '\(lockName)'")
          close(descriptor)
          throw failure
        }
      }
      // The holder before us may have removed the file we waited on: lock the current one.
      var current = stat()
      if fstatat(directory, lockName, &current, AT_SYMLINK_NOFOLLOW) == 0,
        current.st_dev == status.st_dev, current.st_ino == status.st_ino
      {
        return AtomicFile.Lock(target: self, descriptor: descriptor)
      }
      close(descriptor)
    }
  }

  /// The file's bytes, or nil when it does not exist.
  ///
  /// - Parameter maximumSize: The largest file read; a larger one is an error.
  /// - Throws: ``AtomicFile/Failure`` when the target is not a regular file, is larger than
  ///   `maximumSize`, or cannot be read.
  package func read(maximumSize: Int = MenuFile.maximumFileSize) throws(AtomicFile.Failure)
    -> [UInt8]?
  {
    guard let status = try existingStatus() else { return nil }
    try AtomicFile.checkSize(Int(status.st_size), maximumSize: maximumSize)
    let descriptor = openat(directory, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      // Removed since its status was read: missing, as if it had been missing then.
      if errno == ENOENT { return nil }
      throw AtomicFile.systemFailure("opening it")
    }
    defer { close(descriptor) }
    // The size of the file opened, not of the one the status above described: a save may have
    // renamed a new file over it in between, and a read sized by the old one would cut a
    // larger new one short (and a reader without the lock would take it for a broken file).
    var opened = stat()
    guard fstat(descriptor, &opened) == 0 else {
      throw AtomicFile.systemFailure("reading its status")
    }
    guard opened.st_mode & S_IFMT == S_IFREG else {
      throw AtomicFile.Failure("it is not a regular file")
    }
    try AtomicFile.checkSize(Int(opened.st_size), maximumSize: maximumSize)
    // Read to the end, as far as one byte past the limit: a file another program writes in
    // place can grow while it is read.
    guard
      let read = SourceFile.readToEnd(
        descriptor, capacity: Int(opened.st_size) + 1, maximumSize: maximumSize)
    else { throw AtomicFile.systemFailure("reading it") }
    let (bytes, count) = read
    guard count <= maximumSize else {
      throw AtomicFile.Failure(
        "it has more than \(SourceFile.byteCount(maximumSize)), and MenuKit reads files of at "
          + "most \(SourceFile.byteCount(maximumSize))", errorNumber: EFBIG)
    }
    return Array(bytes[..<count])
  }

  /// Replaces the file with `bytes` atomically, or creates it: a crash at any moment leaves
  /// the old file or the new one, never a mix.
  ///
  /// An existing file's permission bits, and where permitted its owner and group, are kept;
  /// a new file gets mode 0644 less the umask.
  ///
  /// - Parameters:
  ///   - bytes: The new contents.
  ///   - chunkDelay: For tests: write 16 bytes at a time with this pause after each, so a
  ///     test can kill the process in the middle of the write.
  /// - Throws: ``AtomicFile/Failure`` naming the step that failed and the system's reason;
  ///   the file is then unchanged.
  package func write(_ bytes: [UInt8], chunkDelay: Duration? = nil) throws(AtomicFile.Failure) {
    let existing = try existingStatus()
    removeStaleTemporaryFiles()
    let (descriptor, temporary) = try createTemporaryFile(restricted: existing != nil)
    do throws(AtomicFile.Failure) {
      if let existing { try copyOwnership(existing, to: descriptor) }
      let chunk = chunkDelay == nil ? max(bytes.count, 1) : 16
      var offset = 0
      while offset < bytes.count {
        let count = min(chunk, bytes.count - offset)
        guard AtomicFile.writeAll(descriptor, bytes, from: offset, count: count) else {
          throw AtomicFile.systemFailure("writing the temporary file")
        }
        offset += count
        if let chunkDelay { AtomicFile.sleep(chunkDelay) }
      }
      guard fsync(descriptor) == 0 else {
        throw AtomicFile.systemFailure("flushing the temporary file")
      }
      guard close(descriptor) == 0 else {
        throw AtomicFile.systemFailure("closing the temporary file")
      }
    } catch {
      close(descriptor)
      unlinkat(directory, temporary, 0)
      throw error
    }
    guard renameat(directory, temporary, directory, name) == 0 else {
      let failure = AtomicFile.systemFailure("renaming the temporary file over it")
      unlinkat(directory, temporary, 0)
      throw failure
    }
    guard fsync(directory) == 0 || errno == EINVAL || errno == EBADF else {
      throw AtomicFile.systemFailure("flushing the directory '\(directoryPath)'")
    }
  }

  /// Creates a new file next to the target (a backup) holding `bytes`, flushed; never
  /// replaces or follows anything already at that name.
  ///
  /// - Parameters:
  ///   - name: The new file's name in the target's directory.
  ///   - bytes: Its contents.
  /// - Throws: ``AtomicFile/Failure``; its ``AtomicFile/Failure/fileExists`` tells a taken
  ///   name.
  package func createSibling(named name: String, holding bytes: [UInt8])
    throws(AtomicFile.Failure)
  {
    let descriptor = openat(
      directory, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw AtomicFile.systemFailure("creating it") }
    defer { close(descriptor) }
    guard AtomicFile.writeAll(descriptor, bytes, from: 0, count: bytes.count),
      fsync(descriptor) == 0
    else {
      let failure = AtomicFile.systemFailure("writing it")
      unlinkat(directory, name, 0)
      throw failure
    }
    _ = fsync(directory)
  }

  /// The name of the target's lock file.
  var lockName: String { ".\(AtomicFile.stem(of: name)).lock" }
}

// MARK: - Internal

extension AtomicFile.Target {
  /// The status of the file at the target, nil when there is none.
  ///
  /// - Throws: ``AtomicFile/Failure`` when it is not a regular file (a directory, a device,
  ///   or a link put there after the path was resolved).
  fileprivate func existingStatus() throws(AtomicFile.Failure) -> stat? {
    var status = stat()
    guard fstatat(directory, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else {
      if errno == ENOENT { return nil }
      throw AtomicFile.systemFailure("reading its status")
    }
    switch status.st_mode & S_IFMT {
    case S_IFREG: return status
    case S_IFDIR: throw AtomicFile.Failure("it is a directory", errorNumber: EISDIR)
    case S_IFLNK:
      throw AtomicFile.Failure(
        "it became a symbolic link while it was being saved", errorNumber: ELOOP)
    default: throw AtomicFile.Failure("it is not a regular file")
    }
  }

  /// Creates the temporary file: a new name each try, exclusive, never through a link.
  ///
  /// - Parameter restricted: Whether to create it with mode 0600 (its mode is set next), else
  ///   0644 less the umask, for a new file.
  fileprivate func createTemporaryFile(restricted: Bool) throws(AtomicFile.Failure)
    -> (descriptor: Int32, name: String)
  {
    var planned = temporaryNames[...]
    for _ in 0..<100 {
      let temporary =
        planned.popFirst()
        ?? ".\(AtomicFile.stem(of: name)).\(getpid()).\(AtomicFile.randomHex()).tmp"
      let descriptor = openat(
        directory, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
        restricted ? 0o600 : 0o644)
      if descriptor >= 0 { return (descriptor, temporary) }
      guard errno == EEXIST else { break }
    }
    throw AtomicFile.systemFailure("creating a temporary file in '\(directoryPath)'")
  }

  /// Gives the temporary file the target's owner and group (where permitted) and mode.
  fileprivate func copyOwnership(_ status: stat, to descriptor: Int32) throws(AtomicFile.Failure) {
    if status.st_uid != geteuid() || status.st_gid != getegid() {
      // Only root may give a file away; others may still keep its group when they are in it.
      if fchown(descriptor, status.st_uid, status.st_gid) != 0 {
        _ = fchown(descriptor, uid_t.max, status.st_gid)
      }
    }
    guard fchmod(descriptor, status.st_mode & 0o777) == 0 else {
      throw AtomicFile.systemFailure("setting the permissions of the temporary file")
    }
  }

  /// Removes the temporary files that earlier saves of this file left when their process
  /// died (killed or crashed) before renaming them: `.<name>.<pid>.<random>.tmp` whose
  /// process no longer exists.
  fileprivate func removeStaleTemporaryFiles() {
    let copy = dup(directory)
    guard copy >= 0 else { return }
    guard let stream = fdopendir(copy) else {
      close(copy)
      return
    }
    defer { closedir(stream) }
    let prefix = ".\(AtomicFile.stem(of: name))."
    var stale: [String] = []
    while let entry = readdir(stream) {
      // The name is read in place, up to its terminating NUL: a record can be shorter than
      // `dirent`, so copying the whole 256-byte `d_name` reads past the end of the last one.
      let entryName = UnsafeRawPointer(entry).advanced(
        by: MemoryLayout<dirent>.offset(of: \.d_name)!
      )
      .withMemoryRebound(to: CChar.self, capacity: 1) { String(cString: $0) }
      guard entryName.hasPrefix(prefix), entryName.hasSuffix(".tmp") else { continue }
      let parts = entryName.dropFirst(prefix.count).dropLast(4).split(separator: ".")
      guard parts.count == 2, let pid = pid_t(parts[0]), pid > 0, pid != getpid(),
        kill(pid, 0) != 0, errno == ESRCH
      else { continue }
      stale.append(entryName)
    }
    for entryName in stale { unlinkat(directory, entryName, 0) }
  }
}

extension AtomicFile {
  /// Resolves a symbolic link at the end of a path to the regular file it points to.
  fileprivate static func resolveLink(_ path: String, link: stat) throws(Failure) -> Target {
    let (linkDirectory, _) = split(path)
    var parent = stat()
    // fs.protected_symlinks: in a sticky world-writable directory, follow only one's own
    // links and the directory owner's.
    if stat(linkDirectory, &parent) == 0, parent.st_mode & S_ISVTX != 0,
      parent.st_mode & S_IWOTH != 0, link.st_uid != geteuid(), link.st_uid != parent.st_uid
    {
      throw Failure(
        "it is a symbolic link that another user (uid \(link.st_uid)) made in the shared "
          + "directory '\(linkDirectory)'; MenuKit does not follow it", errorNumber: EACCES)
    }
    guard let resolved = realpath(path, nil) else {
      if errno == ENOENT {
        // Not ENOENT: a missing file is a new one, a link to nothing is a mistake.
        throw Failure("it is a symbolic link to '\(linkText(path))', which does not exist")
      }
      throw systemFailure("resolving the symbolic link")
    }
    let real = String(cString: resolved)
    free(resolved)
    var target = stat()
    guard stat(real, &target) == 0 else { throw systemFailure("reading the status of '\(real)'") }
    guard target.st_mode & S_IFMT == S_IFREG else {
      throw Failure(
        "it is a symbolic link to '\(real)', which is not a regular file",
        errorNumber: target.st_mode & S_IFMT == S_IFDIR ? EISDIR : 0)
    }
    let (directoryPath, name) = split(real)
    let descriptor = openDirectory(directoryPath, following: false)
    guard descriptor >= 0 else { throw systemFailure("opening the directory '\(directoryPath)'") }
    var found = stat()
    guard fstatat(descriptor, name, &found, AT_SYMLINK_NOFOLLOW) == 0,
      found.st_dev == target.st_dev, found.st_ino == target.st_ino
    else {
      close(descriptor)
      throw Failure("the symbolic link's target changed while it was being resolved")
    }
    return Target(
      path: path, directoryPath: directoryPath, name: name, directory: descriptor, isLink: true)
  }

  /// The text of a symbolic link, for messages.
  fileprivate static func linkText(_ path: String) -> String {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink(path, &buffer, buffer.count - 1)
    guard count >= 0 else { return "?" }
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Creates the missing directories of a path, as `mkdir -p` does, with mode 0700.
  fileprivate static func createDirectories(_ path: String) throws(Failure) {
    var current = open(path.hasPrefix("/") ? "/" : ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard current >= 0 else { throw systemFailure("opening the directory of '\(path)'") }
    defer { close(current) }
    var walked = path.hasPrefix("/") ? "" : "."
    for component in path.split(separator: "/") where component != "." {
      walked += "/" + component
      var next = openat(current, String(component), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
      if next < 0, errno == ENOENT {
        guard mkdirat(current, String(component), 0o700) == 0 || errno == EEXIST else {
          throw systemFailure("creating the directory '\(walked)'")
        }
        next = openat(current, String(component), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
      }
      guard next >= 0 else { throw systemFailure("opening the directory '\(walked)'") }
      close(current)
      current = next
    }
  }

  /// Opens a directory for `*at` calls and `fsync`.
  fileprivate static func openDirectory(_ path: String, following: Bool = true) -> Int32 {
    let flags = O_RDONLY | O_DIRECTORY | O_CLOEXEC | (following ? 0 : O_NOFOLLOW)
    return open(path, flags)
  }

  /// A path's directory part (`.` for none) and its last component.
  fileprivate static func split(_ path: String) -> (directory: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return (".", path) }
    let name = String(path[path.index(after: slash)...])
    var directory = String(path[..<slash])
    while directory.hasSuffix("/") { directory.removeLast() }
    return (directory.isEmpty ? "/" : directory, name)
  }

  /// A file name shortened so that the temporary and lock names built on it stay within the
  /// system's 255-byte limit.
  fileprivate static func stem(of name: String) -> String {
    var stem = Substring(name)
    while stem.utf8.count > 200 { stem.removeLast() }
    return String(stem)
  }

  /// 64 random bits in hexadecimal, from the system's secure generator.
  fileprivate static func randomHex() -> String {
    let value = UInt64.random(in: .min ... .max)
    let hex = String(value, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }

  /// Refuses a file larger than `maximumSize` before it is read.
  fileprivate static func checkSize(_ size: Int, maximumSize: Int) throws(Failure) {
    guard size <= maximumSize else {
      throw Failure(
        "it is \(SourceFile.byteCount(size)), and MenuKit reads files of at most "
          + "\(SourceFile.byteCount(maximumSize))", errorNumber: EFBIG)
    }
  }

  /// A failure of a step, with the system's reason for the last error.
  fileprivate static func systemFailure(_ step: String) -> Failure {
    let number = errno
    let text = String(cString: strerror(number))
    return Failure(
      "\(step) failed: \(text.prefix(1).lowercased() + text.dropFirst())", errorNumber: number)
  }

  /// Writes `count` bytes from `offset`, retrying short writes and interruptions.
  fileprivate static func writeAll(
    _ descriptor: Int32, _ bytes: [UInt8], from offset: Int, count: Int
  ) -> Bool {
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

  /// Pauses the calling thread.
  fileprivate static func sleep(_ duration: Duration) {
    let (seconds, attoseconds) = duration.components
    let microseconds = seconds * 1_000_000 + attoseconds / 1_000_000_000_000
    usleep(useconds_t(max(0, min(microseconds, 1_000_000))))
  }
}
