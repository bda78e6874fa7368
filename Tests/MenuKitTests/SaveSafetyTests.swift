import Foundation
import MenuKit
import MenuKitPalette
import MenuKitTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

// MARK: - Fixtures

/// Writes text to a file.
private func write(_ text: String, to path: String) throws {
  try Data(text.utf8).write(to: URL(fileURLWithPath: path))
}

/// The contents of a file as text.
private func contents(_ path: String) throws -> String {
  try String(contentsOfFile: path, encoding: .utf8)
}

/// The status of a file, without following a link.
private func status(_ path: String) -> stat {
  var result = stat()
  lstat(path, &result)
  return result
}

/// A file's permission bits.
private func mode(_ path: String) -> mode_t { status(path).st_mode & 0o7777 }

private func keys(_ text: String) throws -> KeySequence { try KeySequence(parsing: text) }

/// The text of a valid user keymap with one binding, F1 → help.
private let oneBinding = """
  { "schemaVersion": 1, "keymap": [{ "bindings": [{ "keys": "F1", "command": "help" }] }] }

  """

/// An unprivileged user and group that own an "attacker's" files in tests run as root.
private let otherUser: uid_t = 65534

/// Whether the tests run as root, which may create files owned by another user.
private let isRoot = geteuid() == 0

// MARK: - Tests

@Suite("Saving files: paths, links, permissions")
struct SaveSafetyTests {
  @Test(
    "a path that ends in '/', '/.', '//' or '/x/..' is refused, and the file is unchanged",
    arguments: ["/", "/.", "//", "/x/.."])
  func trailingComponents(suffix: String) throws {
    let path = try temporaryDirectory() + "/user.keymap.json"
    try write(oneBinding, to: path)
    #expect {
      _ = try UserKeymap(contentsOf: path + suffix)
    } throws: { error in
      "\(error)".contains("the path ends with")
    }
    #expect(try contents(path) == oneBinding)

    let history = try temporaryDirectory() + "/history.json"
    try write("{}", to: history)
    #expect(throws: PaletteHistoryError.self) {
      try PaletteHistory().write(toFile: history + suffix)
    }
    #expect(try contents(history) == "{}")
  }

  @Test("the palette history never writes through a link planted at a temporary name")
  func historyPlantedLink() throws {
    let directory = try temporaryDirectory()
    let victim = try temporaryDirectory() + "/victim"
    try write("precious\n", to: victim)
    let path = directory + "/history.json"
    // The name the history used to write to, `<path>.tmp-<pid>`, and a link there.
    try FileManager.default.createSymbolicLink(
      atPath: path + ".tmp-\(getpid())", withDestinationPath: victim)
    var history = PaletteHistory()
    history.recordUse(of: "copy:")
    try history.write(toFile: path)
    #expect(try contents(victim) == "precious\n")
    #expect(try PaletteHistory(contentsOfFile: path) == history)
  }

  @Test("a temporary file is created exclusively: a link at its name is skipped, not followed")
  func plantedTemporaryName() throws {
    let directory = try temporaryDirectory()
    let victim = try temporaryDirectory() + "/victim"
    try write("precious\n", to: victim)
    try FileManager.default.createSymbolicLink(
      atPath: directory + "/planted.tmp", withDestinationPath: victim)
    let target = try AtomicFile.resolve(directory + "/file.json", creatingDirectories: false)
    target.temporaryNames = ["planted.tmp"]
    try target.write(Array("new\n".utf8))
    #expect(try contents(victim) == "precious\n")
    #expect(try contents(directory + "/file.json") == "new\n")
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: directory + "/planted.tmp")
        == victim)
  }

  @Test("a read while saves replace the file gets one whole version, never a cut one")
  func readDuringReplacement() throws {
    // Found by "40 bind processes at once on one file": a read sized the file by its name's
    // status, then opened the name, which a save could have renamed a larger file over in
    // between; the cut text looked broken, and the reader backed it up (MK505).
    let path = try temporaryDirectory() + "/file.json"
    let short = Array("short\n".utf8)
    let long = Array(String(repeating: "a longer version of the file\n", count: 200).utf8)
    try Data(short).write(to: URL(fileURLWithPath: path))
    let reader = try AtomicFile.resolve(path, creatingDirectories: false)
    let done = DispatchSemaphore(value: 0)
    let writer = Thread {
      if let target = try? AtomicFile.resolve(path, creatingDirectories: false) {
        for _ in 0..<100 {
          try? target.write(short)
          try? target.write(long)
        }
      }
      done.signal()
    }
    writer.start()
    var reads = 0
    var cut: [Int] = []
    repeat {
      let bytes = try reader.read()
      reads += 1
      if bytes != short && bytes != long { cut.append(bytes?.count ?? -1) }
    } while done.wait(timeout: .now()) == .timedOut
    #expect(cut.isEmpty, "\(cut.count) of \(reads) reads were cut: \(cut.prefix(5)) bytes")
    #expect(reads > 0)
  }

  @Test("a 0600 history stays 0600; a new one gets 0644 less the umask")
  func historyMode() throws {
    let path = try temporaryDirectory() + "/history.json"
    try PaletteHistory().write(toFile: path)
    #expect(mode(path) & ~0o644 == 0 && mode(path) & 0o600 == 0o600)
    chmod(path, 0o600)
    var history = PaletteHistory()
    history.recordUse(of: "copy:")
    try history.write(toFile: path)
    #expect(mode(path) == 0o600)
  }

  @Test("missing parent directories are created with mode 0700")
  func createsDirectories() throws {
    let root = try temporaryDirectory()
    try PaletteHistory().write(toFile: root + "/a/b/history.json")
    #expect(mode(root + "/a") == 0o700)
    #expect(mode(root + "/a/b") == 0o700)
    #expect(FileManager.default.fileExists(atPath: root + "/a/b/history.json"))

    var userKeymap = try UserKeymap(contentsOf: root + "/c/d/user.keymap.json")
    userKeymap.addBinding(try keys("F1"), command: "help")
    try userKeymap.save()
    #expect(mode(root + "/c/d") == 0o700)
    let loaded = KeymapFile.load(contentsOf: root + "/c/d/user.keymap.json", source: .user)
    #expect(loaded.keymap?.bindings.count == 1)

    // A parent that is a file cannot become a directory: a clear error, nothing written.
    try write("x", to: root + "/file")
    #expect {
      try PaletteHistory().write(toFile: root + "/file/history.json")
    } throws: { error in
      "\(error)".contains("not a directory")
    }
  }

  @Test("a symbolic link is written through: the link stays, its target keeps its mode")
  func linkWrittenThrough() throws {
    let directory = try temporaryDirectory()
    let real = try temporaryDirectory() + "/real.keymap.json"
    try write(oneBinding, to: real)
    chmod(real, 0o600)
    let link = directory + "/user.keymap.json"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: real)
    var userKeymap = try UserKeymap(contentsOf: link)
    userKeymap.addBinding(try keys("F2"), command: "rename")
    try userKeymap.save()
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == real)
    #expect(mode(real) == 0o600)
    #expect(KeymapFile.load(contentsOf: real, source: .user).keymap?.bindings.count == 2)
    // No temporary or lock file is left in either directory.
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["user.keymap.json"])
    let realDirectory = (real as NSString).deletingLastPathComponent
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: realDirectory) == ["real.keymap.json"])
  }

  @Test("a link to nothing or to a directory is refused")
  func badLinks() throws {
    let directory = try temporaryDirectory()
    try FileManager.default.createSymbolicLink(
      atPath: directory + "/dangling.json", withDestinationPath: directory + "/nowhere.json")
    #expect {
      try PaletteHistory().write(toFile: directory + "/dangling.json")
    } throws: { error in
      "\(error)".contains("which does not exist")
    }
    #expect(!FileManager.default.fileExists(atPath: directory + "/nowhere.json"))
    try FileManager.default.createSymbolicLink(
      atPath: directory + "/directory.json", withDestinationPath: directory)
    #expect {
      try PaletteHistory().write(toFile: directory + "/directory.json")
    } throws: { error in
      "\(error)".contains("not a regular file")
    }
  }

  @Test(
    "a link that another user planted in a shared sticky directory is not followed",
    .enabled(if: isRoot, "needs root to make a link owned by another user"))
  func foreignLinkInStickyDirectory() throws {
    let shared = try temporaryDirectory()
    chmod(shared, 0o1777)
    let victim = try temporaryDirectory() + "/victim"
    try write("root:x:0:0\n", to: victim)
    for name in ["user.keymap.json", "history.json"] {
      let link = shared + "/" + name
      try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: victim)
      #expect(lchown(link, otherUser, gid_t(otherUser)) == 0)
    }
    #expect {
      var userKeymap = try UserKeymap(contentsOf: shared + "/user.keymap.json")
      userKeymap.addBinding(try keys("F1"), command: "help")
      try userKeymap.save()
    } throws: { error in
      "\(error)".contains("another user (uid 65534)")
    }
    #expect(throws: PaletteHistoryError.self) {
      try PaletteHistory().write(toFile: shared + "/history.json")
    }
    #expect(try contents(victim) == "root:x:0:0\n")
    // A link of one's own there is followed.
    try FileManager.default.removeItem(atPath: shared + "/history.json")
    try FileManager.default.createSymbolicLink(
      atPath: shared + "/history.json", withDestinationPath: victim)
    try PaletteHistory().write(toFile: shared + "/history.json")
    #expect(try contents(victim).contains("schemaVersion"))
  }

  @Test(
    "saving keeps the file's owner and group, also through a link",
    .enabled(if: isRoot, "needs root to give a file to another user"))
  func ownerKept() throws {
    let directory = try temporaryDirectory()
    let path = directory + "/user.keymap.json"
    try write(oneBinding, to: path)
    chown(path, otherUser, gid_t(otherUser))
    chmod(path, 0o600)
    let link = directory + "/link.keymap.json"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
    var userKeymap = try UserKeymap(contentsOf: link)
    userKeymap.addBinding(try keys("F2"), command: "rename")
    try userKeymap.save()
    #expect(status(path).st_uid == otherUser)
    #expect(status(path).st_gid == gid_t(otherUser))
    #expect(mode(path) == 0o600)

    let history = directory + "/history.json"
    try PaletteHistory().write(toFile: history)
    chown(history, otherUser, gid_t(otherUser))
    try PaletteHistory().write(toFile: history)
    #expect(status(history).st_uid == otherUser)
  }
}

@Suite("Saving a user keymap: concurrent edits")
struct UserKeymapConcurrencyTests {
  @Test("two values opened before either saves both keep their bindings")
  func twoValues() throws {
    let path = try temporaryDirectory() + "/user.keymap.json"
    try write("// mine\n" + oneBinding, to: path)
    var first = try UserKeymap(contentsOf: path)
    var second = try UserKeymap(contentsOf: path)
    first.addBinding(try keys("F2"), command: "rename")
    second.addBinding(try keys("F3"), command: "find")
    try first.save()
    try second.save()
    let bindings = KeymapFile.load(contentsOf: path, source: .user).keymap?.bindings
    #expect(bindings?.map(\.keys.canonicalText) == ["F1", "F2", "F3"])
    #expect(try contents(path).hasPrefix("// mine\n"))
    #expect(second.text == (try contents(path)))
    #expect(!second.hasUnsavedChanges)
    // The merged value saves on top of its own save again without changes.
    second.addBinding(try keys("F4"), command: "next")
    try second.save()
    #expect(KeymapFile.load(contentsOf: path, source: .user).keymap?.bindings.count == 4)
  }

  @Test("many values saving at once from several threads keep every binding")
  func threads() throws {
    let path = try temporaryDirectory() + "/user.keymap.json"
    let count = 16
    DispatchQueue.concurrentPerform(iterations: count) { index in
      do {
        var userKeymap = try UserKeymap(contentsOf: path)
        userKeymap.addBinding(
          try keys("Ctrl+Alt+F\(index % 12 + 1)"), command: ActionName("c\(index)"))
        try userKeymap.save()
      } catch {
        Issue.record("save \(index): \(error)")
      }
    }
    let bindings = KeymapFile.load(contentsOf: path, source: .user).keymap?.bindings ?? []
    #expect(Set(bindings.map(\.effect)).count == count)
  }

  @Test("a removal that another save already made is kept; rebinding a removed binding fails")
  func conflictingEdits() throws {
    let path = try temporaryDirectory() + "/user.keymap.json"
    try write(oneBinding, to: path)
    var first = try UserKeymap(contentsOf: path)
    var second = try UserKeymap(contentsOf: path)
    var third = try UserKeymap(contentsOf: path)
    let f1 = try #require(first.keymap.bindings.first)
    try first.remove(f1)
    try first.save()
    try second.remove(f1)
    try second.save()
    #expect(KeymapFile.load(contentsOf: path, source: .user).keymap?.bindings == [])
    let saved = try contents(path)
    try third.changeKeys(of: f1, to: try keys("F9"))
    #expect {
      try third.save()
    } throws: { error in
      "\(error)".contains("another save removed or changed the binding of 'F1'")
    }
    #expect(try contents(path) == saved)
  }
}
