import FoundationEssentials
import MenuKitJSON

#if canImport(Glibc)
  import Glibc
#endif

/// A user keymap opened for editing: change, add and remove bindings, then save atomically.
///
/// Apps that let users customise shortcuts keep the user's choices in a user keymap file
/// (`*.keymap.json`, the top layer, see `docs/formats/keymaps.md`). Edits change only the text they
/// must: the rest of the file, comments included, stays byte for byte. Removing a binding that
/// comes from a lower layer (built-in, app, extension) writes an entry that removes it
/// (`"command": "-name"`), since that layer's file is not the user's to change.
///
/// ```swift
/// var userKeymap = try UserKeymap(contentsOf: "~/.config/editor/user.keymap.json")
/// userKeymap.addBinding(try KeySequence(parsing: "Ctrl+K Ctrl+S"), command: "file.saveAll")
/// try userKeymap.remove(builtInBinding)       // writes { "keys": …, "command": "-name" }
/// try userKeymap.save()                       // temporary file, fsync, rename, fsync directory
/// ```
///
/// A missing file is an empty keymap, created on the first save. A file with errors is never
/// lost: it is first copied to a backup (`<name>.bak`, or a timestamped name when that exists),
/// its valid bindings are loaded, every problem is in ``diagnostics``, and the next save writes
/// a valid file with the valid bindings and the edits.
///
/// Several processes, or several `UserKeymap` values, may edit one file at once: ``save()``
/// locks the file, and when another save changed it since this value read it, applies this
/// value's edits again to the file as it is, so every save's bindings are kept.
public struct UserKeymap: Sendable {
  /// The file's path.
  public let path: String
  /// The valid bindings, in file order, all with the source ``KeymapSource/user``.
  public private(set) var keymap: Keymap
  /// The problems found when the file was opened (none for a missing file).
  public private(set) var diagnostics: [Diagnostic]
  /// Where the file was copied because it had errors, if it had any.
  public private(set) var backupPath: String?
  /// The text that ``save()`` writes.
  public private(set) var text: String
  /// Whether ``text`` differs from what is on disk.
  public private(set) var hasUnsavedChanges = false
  /// The loaded text's tree, spans and binding entries, kept in step with `text`.
  private var document: KeymapDocument
  /// The edits since the file was read or saved, in order: ``save()`` applies them again to
  /// the file as it is then, when another process or value saved it in between.
  private var edits: [Edit] = []
  /// The file's bytes when it was read or saved; nil when it did not exist.
  private var baseContents: [UInt8]?

  /// One edit, as the public methods received it.
  private enum Edit: Sendable {
    case add(KeyBinding)
    case changeKeys(KeyBinding, KeySequence)
    case remove(KeyBinding)
  }

  /// Opens the user keymap at `path`; a missing or empty file is an empty keymap.
  ///
  /// A file with errors (invalid JSON, not UTF-8, bad entries) is copied to a backup first, and
  /// `MK505` is added to ``diagnostics`` with the backup's path.
  ///
  /// ```swift
  /// let userKeymap = try UserKeymap(contentsOf: path)
  /// userKeymap.diagnostics.forEach { print($0) }
  /// ```
  ///
  /// - Parameter path: The user keymap's path.
  /// - Throws: ``UserKeymapError`` when the file exists but cannot be read (such as a
  ///   directory or a file without read permission), or has errors and cannot be backed up.
  public init(contentsOf path: String) throws(UserKeymapError) {
    var contents: [UInt8]?
    var target: AtomicFile.Target?
    do throws(AtomicFile.Failure) {
      target = try AtomicFile.resolve(path, creatingDirectories: false)
      contents = try target?.read()
    } catch  where error.errorNumber == ENOENT {
      // The directory does not exist yet: the file is missing, and the first save creates both.
    } catch {
      throw UserKeymapError("cannot read the user keymap '\(path)': \(error.reason)")
    }
    try self.init(path: path, contents: contents, target: target)
  }

  /// Opens a user keymap from its text, as ``init(contentsOf:)`` would read it at `path`, but
  /// without the file system: for tests and fuzzing, which edit in memory.
  ///
  /// A text with errors is not backed up, and ``diagnostics`` has no `MK505`; as after opening a
  /// file with errors, ``text`` then holds only the valid bindings. Nothing is written until
  /// ``save()``.
  ///
  /// - Parameters:
  ///   - text: The file's contents; empty or blank text is an empty keymap.
  ///   - path: The path the keymap would be saved to.
  package init(text: String, path: String) {
    self.init(path: path, contents: Array(text.utf8))
    if needsBackup { replaceText(KeymapFile.text(of: keymap)) }
  }

  /// Loads a user keymap from the bytes of its file (nil for a missing file), backing up a
  /// file with errors next to `target`.
  private init(path: String, contents: [UInt8]?, target: AtomicFile.Target?)
    throws(UserKeymapError)
  {
    self.init(path: path, contents: target == nil ? nil : contents)
    guard needsBackup, let contents, let target else { return }
    let backup = try Self.backUp(path, contents: contents, next: target)
    backupPath = backup
    diagnostics.append(
      Diagnostic(
        .keymapBackedUp,
        "the user keymap has errors; it was copied to '\(backup)' and the next save keeps "
          + "only its valid bindings",
        at: SourceLocation(file: path, line: 1, column: 1)))
    replaceText(KeymapFile.text(of: keymap))
  }

  /// Loads a user keymap from the bytes of its file (nil for a missing file); ``needsBackup``
  /// tells whether it has errors, which the caller handles.
  private init(path: String, contents: [UInt8]?) {
    self.path = path
    baseContents = contents
    let empty = KeymapDocument(
      keymap: nil, root: nil, spans: JSONSpans(), entries: [], diagnostics: [])
    guard let contents else {
      text = ""
      diagnostics = []
      document = empty
      keymap = Keymap(source: .user, path: path)
      return
    }
    let decoded = String(validating: contents, as: UTF8.self)
    if let decoded, decoded.unicodeScalars.allSatisfy(\.properties.isWhitespace) {
      // An empty file holds nothing to lose: it is an empty keymap, as a missing one is.
      text = ""
      diagnostics = []
      document = empty
      keymap = Keymap(source: .user, path: path)
      return
    }
    var opened: KeymapDocument
    if let decoded {
      opened = KeymapFile.decode(text: decoded, path: path, source: .user)
      text = decoded
    } else {
      opened = KeymapDocument(
        keymap: nil, root: nil, spans: JSONSpans(), entries: [],
        diagnostics: [
          Diagnostic(.unreadableFile, "cannot read the user keymap '\(path)': it is not UTF-8 text")
        ])
      text = ""
    }
    diagnostics = opened.diagnostics
    keymap = opened.keymap ?? Keymap(source: .user, path: path)
    keymap.path = path
    document = opened
  }

  /// Whether the text as opened has errors, so that it must be backed up and replaced by its
  /// valid bindings.
  private var needsBackup: Bool {
    document.diagnostics.containsErrors || (!text.isEmpty && document.keymap == nil)
  }

  // MARK: Editing

  /// Adds a binding of `keys` to a command at the end of the keymap, so it wins over every
  /// earlier binding at the same context depth.
  ///
  /// ```swift
  /// userKeymap.addBinding(try KeySequence(parsing: "F5"), command: "run",
  ///                       context: try ContextPredicate(parsing: "Editor"))
  /// ```
  ///
  /// - Parameters:
  ///   - keys: The key sequence.
  ///   - command: The command's action name.
  ///   - arguments: The command's arguments (`args` in the file), if any.
  ///   - context: When the binding applies; nil means everywhere.
  public mutating func addBinding(
    _ keys: KeySequence, command: ActionName, arguments: PropertyList? = nil,
    context: ContextPredicate? = nil
  ) {
    add(
      KeyBinding(
        keys: keys, effect: .perform(command, arguments: arguments), context: context,
        source: .user))
  }

  /// Adds any binding (a command, an unbind, a removal) at the end of the keymap.
  ///
  /// It joins the last section when that has the same context, or starts a new section.
  /// The binding's source and location are not used.
  ///
  /// - Parameter binding: The binding to add.
  public mutating func add(_ binding: KeyBinding) {
    insert(binding)
    edits.append(.add(binding))
  }

  /// Adds a binding at the end of the text: the body of ``add(_:)``.
  private mutating func insert(_ binding: KeyBinding) {
    var binding = binding
    binding.source = .user
    binding.location = nil
    let entryText = KeymapFile.bindingText(binding)
    guard let root = document.root, let sections = keymapArray(in: root) else {
      replaceText(KeymapFile.text(of: Keymap(source: .user, bindings: [binding])))
      return
    }
    var editor = JSONTextEditor(text: text, spans: document.spans)
    let lastSection = sections.elements.last
    if let lastSection, let bindingsNode = Self.bindingsArray(of: lastSection),
      sectionContext(lastSection) == binding.context
    {
      editor.insert(entryText, into: bindingsNode)
    } else {
      let indent = editor.elementIndent(of: sections.node)
      let section = KeymapFile.sectionText(
        context: binding.context, bindings: [binding], indent: indent)
      editor.insert(section, into: sections.node)
    }
    replaceText(editor.text)
  }

  /// Changes the keys of a binding.
  ///
  /// A binding of this keymap gets its `keys` replaced where it is, keeping the rest of the
  /// file as it was. A binding of a lower layer is removed (an entry `"-name"` for its old keys)
  /// and added again with the new keys at the end.
  ///
  /// - Parameters:
  ///   - binding: A binding of ``keymap``, or of a lower layer.
  ///   - keys: The new keys.
  /// - Throws: ``UserKeymapError`` when a user binding is not in this keymap, or the binding
  ///   of a lower layer does not perform a command.
  public mutating func changeKeys(of binding: KeyBinding, to keys: KeySequence)
    throws(UserKeymapError)
  {
    try applyChangeKeys(of: binding, to: keys)
    edits.append(.changeKeys(binding, keys))
  }

  /// Changes the keys of a binding in the text: the body of ``changeKeys(of:to:)``.
  private mutating func applyChangeKeys(of binding: KeyBinding, to keys: KeySequence)
    throws(UserKeymapError)
  {
    if binding.source == .user {
      let index = try indexOfUserBinding(binding)
      let entry = document.entries[index]
      guard let members = entry.binding.value.objectValue,
        let keysNode = members.first(where: { $0.key == "keys" })?.value
      else { throw UserKeymapError("the binding has no 'keys' to change") }
      var editor = JSONTextEditor(text: text, spans: document.spans)
      editor.replace(keysNode, with: KeymapFile.jsonString(keys.canonicalText))
      replaceText(editor.text)
      return
    }
    guard case .perform = binding.effect else {
      throw UserKeymapError(
        "only a binding that performs a command can be rebound; this one removes or disables keys")
    }
    try applyRemove(binding)
    var moved = binding
    moved.keys = keys
    insert(moved)
  }

  /// Removes a binding.
  ///
  /// A binding of this keymap is deleted from the file (its entry and the comma that separates
  /// it). A binding of a lower layer that performs a command is removed by adding an entry with
  /// its keys, context and `"command": "-name"`.
  ///
  /// - Parameter binding: A binding of ``keymap``, or of a lower layer.
  /// - Throws: ``UserKeymapError`` when a user binding is not in this keymap, or a lower layer's
  ///   binding does not perform a command (it has nothing to remove).
  public mutating func remove(_ binding: KeyBinding) throws(UserKeymapError) {
    try applyRemove(binding)
    edits.append(.remove(binding))
  }

  /// Removes a binding from the text: the body of ``remove(_:)``.
  private mutating func applyRemove(_ binding: KeyBinding) throws(UserKeymapError) {
    if binding.source == .user {
      let index = try indexOfUserBinding(binding)
      let entry = document.entries[index]
      guard let bindingsNode = Self.bindingsArray(of: entry.section) else {
        throw UserKeymapError("the binding's section has no 'bindings'")
      }
      var editor = JSONTextEditor(text: text, spans: document.spans)
      editor.remove(entry.binding, from: bindingsNode)
      replaceText(editor.text)
      return
    }
    guard case .perform(let action, _) = binding.effect else {
      throw UserKeymapError(
        "a \(binding.source.rawValue) binding that removes or disables keys cannot be removed; "
          + "bind the keys instead")
    }
    insert(
      KeyBinding(
        keys: binding.keys, effect: .unbindCommand(action), context: binding.context,
        source: .user))
  }

  // MARK: Saving

  /// Writes ``text`` to ``path`` atomically, after the edits that others saved meanwhile.
  ///
  /// Saving takes an exclusive lock on the file (`flock` on `.<name>.lock` beside it), so
  /// saves of one file by several processes or ``UserKeymap`` values happen one at a time.
  /// Under the lock the file is read again: when another save changed it since this value
  /// read it, this value's edits are applied again to the file as it is now, so no save loses
  /// another's bindings.
  ///
  /// The text goes to a new temporary file in the file's directory, which is flushed to disk
  /// (`fsync`), renamed over the keymap, and the directory is flushed too. A crash at any
  /// moment leaves either the old file or the new one, never a mix. The file's permissions,
  /// and where permitted its owner, are kept. A symbolic link is written through: the link
  /// stays and the file it points to is replaced. Missing parent directories are created with
  /// mode 0700. See `docs/development/hardening.md` for the rules.
  ///
  /// - Throws: ``UserKeymapError`` naming the step that failed and the system's reason, or
  ///   when another save removed a binding that an edit here changes the keys of. Nothing is
  ///   written then.
  public mutating func save() throws(UserKeymapError) {
    try save(chunkDelay: nil)
  }

  /// Saves like ``save()``, optionally writing a few bytes at a time with a pause after each,
  /// so that a test can kill the process in the middle of a write.
  package mutating func save(chunkDelay: Duration?) throws(UserKeymapError) {
    let path = path
    func failure(_ error: AtomicFile.Failure) -> UserKeymapError {
      UserKeymapError("cannot save the user keymap '\(path)': \(error.reason)")
    }
    let target: AtomicFile.Target
    let lock: AtomicFile.Lock
    let current: [UInt8]?
    do throws(AtomicFile.Failure) {
      target = try AtomicFile.resolve(path, creatingDirectories: true)
      lock = try target.lock()
      do throws(AtomicFile.Failure) {
        current = try target.read()
      } catch {
        lock.release()
        throw error
      }
    } catch {
      throw failure(error)
    }
    defer { lock.release() }
    if current != baseContents {
      // Another save changed the file since it was read: apply this value's edits to it.
      var merged = try UserKeymap(path: path, contents: current, target: target)
      for edit in edits { try merged.replay(edit) }
      merged.edits = edits
      merged.backupPath = merged.backupPath ?? backupPath
      self = merged
    }
    if text.isEmpty { replaceText(KeymapFile.text(of: Keymap(source: .user))) }
    let bytes = Array(text.utf8)
    do throws(AtomicFile.Failure) {
      try target.write(bytes, chunkDelay: chunkDelay)
    } catch {
      throw failure(error)
    }
    baseContents = bytes
    edits = []
    hasUnsavedChanges = false
  }

  // MARK: Internal

  /// Applies an edit again, to the file as another save left it. Removing a binding that is
  /// gone already does nothing; changing the keys of one that is gone is an error.
  private mutating func replay(_ edit: Edit) throws(UserKeymapError) {
    switch edit {
    case .add(let binding):
      insert(binding)
    case .remove(let binding):
      if binding.source == .user, (try? indexOfUserBinding(binding)) == nil { return }
      try applyRemove(binding)
    case .changeKeys(let binding, let keys):
      if binding.source == .user, (try? indexOfUserBinding(binding)) == nil {
        throw UserKeymapError(
          "cannot save the user keymap '\(path)': another save removed or changed the binding "
            + "of '\(binding.keys)' whose keys were to change to '\(keys)'; open the file again")
      }
      try applyChangeKeys(of: binding, to: keys)
    }
  }

  /// Replaces the text and loads it again, so `keymap` and the spans follow every edit.
  private mutating func replaceText(_ newText: String) {
    text = newText
    hasUnsavedChanges = true
    guard !newText.isEmpty else {
      document = KeymapDocument(
        keymap: nil, root: nil, spans: JSONSpans(), entries: [], diagnostics: [])
      keymap = Keymap(source: .user, path: path)
      return
    }
    document = KeymapFile.decode(text: newText, path: path, source: .user)
    keymap = document.keymap ?? Keymap(source: .user, path: path)
  }

  /// The index of a user binding: an equal one, else the last with the same keys, effect and
  /// context (its location may be out of date after other edits).
  private func indexOfUserBinding(_ binding: KeyBinding) throws(UserKeymapError) -> Int {
    if let index = keymap.bindings.lastIndex(of: binding) { return index }
    let index = keymap.bindings.lastIndex {
      $0.keys == binding.keys && $0.effect == binding.effect && $0.context == binding.context
    }
    guard let index else {
      throw UserKeymapError(
        "no binding of '\(binding.keys)' with that command and context is in the user keymap "
          + "'\(path)'")
    }
    return index
  }

  /// The top-level `keymap` array and its elements.
  private func keymapArray(in root: JSONNode) -> (node: JSONNode, elements: [JSONNode])? {
    guard let node = root.value.objectValue?.first(where: { $0.key == "keymap" })?.value,
      let elements = node.value.arrayValue
    else { return nil }
    return (node, elements)
  }

  /// The `bindings` array of a section object.
  private static func bindingsArray(of section: JSONNode) -> JSONNode? {
    guard let node = section.value.objectValue?.first(where: { $0.key == "bindings" })?.value,
      node.value.arrayValue != nil
    else { return nil }
    return node
  }

  /// The parsed context of a section object (nil for none or a blank one).
  private func sectionContext(_ section: JSONNode) -> ContextPredicate? {
    guard
      let text = section.value.objectValue?.first(where: { $0.key == "context" })?.value
        .value.stringValue,
      !text.unicodeScalars.allSatisfy({ $0.properties.isWhitespace })
    else { return nil }
    return try? ContextPredicate(parsing: text)
  }

  /// Copies a file with errors to `<path>.bak`, or `<path>.<timestamp>.bak` (with a counter if
  /// needed) when that exists, next to the file; never overwrites or follows anything.
  private static func backUp(_ path: String, contents: [UInt8], next target: AtomicFile.Target)
    throws(UserKeymapError) -> String
  {
    var candidates = [target.name + ".bak"]
    // ISO 8601's basic format in UTC, `20261202T184500Z`.
    let stamp = Date.ISO8601FormatStyle(
      dateSeparator: .omitted, dateTimeSeparator: .standard, timeSeparator: .omitted,
      timeZone: .gmt
    ).format(Date())
    candidates.append("\(target.name).\(stamp).bak")
    candidates += (2...100).map { "\(target.name).\(stamp)-\($0).bak" }
    for candidate in candidates {
      do {
        try target.createSibling(named: candidate, holding: contents)
        return target.pathOfSibling(named: candidate)
      } catch  where error.fileExists {
        continue
      } catch {
        throw UserKeymapError(
          "the user keymap '\(path)' has errors and cannot be backed up to "
            + "'\(target.pathOfSibling(named: candidate))': \(error.reason)")
      }
    }
    throw UserKeymapError(
      "the user keymap '\(path)' has errors and every backup name is taken; remove old backups")
  }
}

/// Why a user keymap could not be opened, edited or saved.
///
/// ```swift
/// do { try userKeymap.save() } catch { print(error) }
/// // cannot save the user keymap 'user.keymap.json': renaming the temporary file failed: …
/// ```
public struct UserKeymapError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong, where, and why, in one sentence.
  public var message: String

  /// Creates an error.
  ///
  /// - Parameter message: What went wrong.
  public init(_ message: String) {
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
