import MenuKit

/// Editing a user keymap in memory (`UserKeymap(text:path:)`), as `menu-dump keymap bind`,
/// `unbind` and `rebind` do.
///
/// The input is a keymap file's text, a 0xFF byte, and edits decoded from the bytes after it
/// (`EditReader`): bind keys to a command, disable keys, remove or rebind a binding of the file,
/// remove or rebind a binding of a lower layer. Keys come from a pool or from the file's own
/// bindings, commands from the file or from the input's bytes (valid names only, as the CLI
/// accepts them), contexts from a pool or from the file. After each edit:
/// - the edited text loads with no errors, to the bindings the editor reports;
/// - those are the bindings before, with exactly the edit applied: a new binding at the end,
///   one removed, or one with new keys in its place; the others are unchanged and in order;
/// - keys bound (or disabled) without a context resolve to that command (or to nothing) with
///   no context;
/// - the rest of the text, comments included, is kept (white space aside).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzUserKeymapEdits(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  let separator = bytes.firstIndex(of: 0xFF) ?? size
  let text = String(decoding: bytes[..<separator], as: UTF8.self)
  var reader = EditReader(bytes: separator < size ? Array(bytes[(separator + 1)...]) : [])
  var userKeymap = UserKeymap(text: text, path: "fuzz.keymap.json")
  check(userKeymap, expected: userKeymap.keymap.bindings.map(\.withoutLocation), after: "opening")
  var count = 0
  while count < 16, let edit = reader.edit(in: userKeymap.keymap) {
    count += 1
    var expected = userKeymap.keymap.bindings.map(\.withoutLocation)
    let textBefore = userKeymap.text
    switch edit {
    case .add(let binding):
      userKeymap.add(binding)
      expected.append(binding)
    case .removeUser(let index):
      do {
        try userKeymap.remove(userKeymap.keymap.bindings[index])
      } catch {
        fuzzFailure("removing binding \(index) failed: \(error)")
      }
      expected.remove(at: index)
    case .rebindUser(let index, let keys):
      do {
        try userKeymap.changeKeys(of: userKeymap.keymap.bindings[index], to: keys)
      } catch {
        fuzzFailure("rebinding binding \(index) failed: \(error)")
      }
      expected[index].keys = keys
    case .removeLower(let binding):
      do {
        try userKeymap.remove(binding)
      } catch {
        fuzzFailure("removing an app binding failed: \(error)")
      }
      expected.append(removal(of: binding))
    case .rebindLower(let binding, let keys):
      do {
        try userKeymap.changeKeys(of: binding, to: keys)
      } catch {
        fuzzFailure("rebinding an app binding failed: \(error)")
      }
      var moved = binding
      moved.keys = keys
      moved.source = .user
      expected += [removal(of: binding), moved]
    }
    check(userKeymap, expected: expected, after: "edit \(count), \(edit)")
    checkTextKept(before: textBefore, after: userKeymap.text, edit: edit, count: count)
    if case .add(let binding) = edit, binding.context == nil {
      checkResolution(of: binding, in: userKeymap, after: "edit \(count), \(edit)")
    }
  }
  return 0
}

/// One edit of a user keymap.
private enum Edit: CustomStringConvertible {
  /// `addBinding` or `add`: bind keys to a command, or disable them.
  case add(KeyBinding)
  /// `remove` of the binding at an index of the user keymap.
  case removeUser(Int)
  /// `changeKeys` of the binding at an index of the user keymap.
  case rebindUser(Int, KeySequence)
  /// `remove` of an app binding: adds a `-command` entry.
  case removeLower(KeyBinding)
  /// `changeKeys` of an app binding: removes it and binds the new keys.
  case rebindLower(KeyBinding, KeySequence)

  var description: String {
    switch self {
    case .add(let binding): "add \(describe(binding))"
    case .removeUser(let index): "remove binding \(index)"
    case .rebindUser(let index, let keys): "rebind binding \(index) to \(keys)"
    case .removeLower(let binding): "remove the app's \(describe(binding))"
    case .rebindLower(let binding, let keys): "rebind the app's \(describe(binding)) to \(keys)"
    }
  }
}

/// The `-command` entry that removes a lower layer's binding.
private func removal(of binding: KeyBinding) -> KeyBinding {
  guard case .perform(let action, _) = binding.effect else {
    fuzzFailure("only bindings that perform a command are removed from a lower layer")
  }
  return KeyBinding(
    keys: binding.keys, effect: .unbindCommand(action), context: binding.context, source: .user)
}

/// The edited text loads with no errors to the editor's bindings, which are `expected`.
private func check(_ userKeymap: UserKeymap, expected: [KeyBinding], after edit: String) {
  let actual = userKeymap.keymap.bindings.map(\.withoutLocation)
  guard actual == expected else {
    fuzzFailure(
      "after \(edit), the user keymap has \(actual.count) bindings, not the \(expected.count) "
        + "expected: \(difference(expected, actual))\n\(userKeymap.text)")
  }
  guard !userKeymap.text.isEmpty else { return }
  let (loaded, diagnostics) = KeymapFile.load(text: userKeymap.text, source: .user)
  guard let loaded, !diagnostics.containsErrors else {
    fuzzFailure(
      "after \(edit), the text does not load: \(diagnostics.map(\.description))\n"
        + userKeymap.text)
  }
  let reloaded = loaded.bindings.map(\.withoutLocation)
  guard reloaded == expected else {
    fuzzFailure(
      "after \(edit), the text loads \(reloaded.count) bindings, not the \(expected.count) "
        + "expected: \(difference(expected, reloaded))\n\(userKeymap.text)")
  }
}

/// The rest of the text, comments included, is kept: an edit that adds a binding only inserts
/// text, and one that removes a binding only deletes text (white space aside, which an edit may
/// lay out anew).
private func checkTextKept(before: String, after: String, edit: Edit, count: Int) {
  guard !before.isEmpty else { return }
  let kept: Bool
  switch edit {
  case .add, .removeLower, .rebindLower: kept = isSubsequence(before, of: after)
  case .removeUser: kept = isSubsequence(after, of: before)
  case .rebindUser: return
  }
  if !kept {
    fuzzFailure(
      "edit \(count), \(edit), changed text it should have kept:\n\(before)\n---\n\(after)")
  }
}

/// Whether the bytes of `part` other than white space appear in `whole` in order.
private func isSubsequence(_ part: String, of whole: String) -> Bool {
  let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
  var remaining = whole.utf8.filter { !isSpace($0) }[...]
  for byte in part.utf8 where !isSpace(byte) {
    guard let index = remaining.firstIndex(of: byte) else { return false }
    remaining = remaining[(index + 1)...]
  }
  return true
}

/// Keys just bound (or disabled) everywhere do that when typed with no context.
private func checkResolution(of binding: KeyBinding, in userKeymap: UserKeymap, after edit: String)
{
  let resolver = KeyBindingResolver(bindings: userKeymap.keymap.bindings, platform: .linux)
  let resolution = resolver.resolve(binding.keys, in: [], includingCandidates: false)
  let fired = resolution.binding.map(\.withoutLocation)
  switch binding.effect {
  case .unbind where fired == nil, .perform where fired == binding, .unbindCommand:
    return
  default:
    fuzzFailure(
      "after \(edit), typing \(binding.keys) fires \(fired.map(describe) ?? "nothing")\n"
        + userKeymap.text)
  }
}

/// Decodes edits from the fuzzer's bytes.
private struct EditReader {
  var bytes: [UInt8]
  var position = 0

  init(bytes: [UInt8]) { self.bytes = bytes }

  mutating func next() -> UInt8? {
    guard position < bytes.count else { return nil }
    defer { position += 1 }
    return bytes[position]
  }

  /// The next edit, or nil at the end of the input.
  mutating func edit(in keymap: Keymap) -> Edit? {
    guard let operation = next() else { return nil }
    let bindings = keymap.bindings
    switch operation % 6 {
    case 0:
      guard let keys = keys(in: keymap), let command = command(in: keymap) else { return nil }
      let arguments: PropertyList? = operation & 0x80 == 0 ? nil : ["fuzz": .number(1)]
      return .add(
        KeyBinding(
          keys: keys, effect: .perform(command, arguments: arguments),
          context: context(in: keymap), source: .user))
    case 1:
      guard let keys = keys(in: keymap) else { return nil }
      return .add(
        KeyBinding(keys: keys, effect: .unbind, context: context(in: keymap), source: .user))
    case 2 where !bindings.isEmpty:
      guard let index = next() else { return nil }
      return .removeUser(Int(index) % bindings.count)
    case 3 where !bindings.isEmpty:
      guard let index = next(), let keys = keys(in: keymap) else { return nil }
      return .rebindUser(Int(index) % bindings.count, keys)
    case 4, 5:
      guard let keys = keys(in: keymap), let command = command(in: keymap) else { return nil }
      let binding = KeyBinding(
        keys: keys, effect: .perform(command, arguments: nil), context: context(in: keymap),
        source: .app)
      if operation % 6 == 4 { return .removeLower(binding) }
      guard let newKeys = self.keys(in: keymap) else { return nil }
      return .rebindLower(binding, newKeys)
    default:
      // Removing or rebinding in an empty keymap: bind instead.
      guard let keys = keys(in: keymap), let command = command(in: keymap) else { return nil }
      return .add(
        KeyBinding(keys: keys, effect: .perform(command, arguments: nil), source: .user))
    }
  }

  /// Keys of a binding of the keymap, or one or two strokes from the pools.
  mutating func keys(in keymap: Keymap) -> KeySequence? {
    guard let choice = next() else { return nil }
    if choice & 0x80 != 0, !keymap.bindings.isEmpty {
      return keymap.bindings[Int(choice & 0x7F) % keymap.bindings.count].keys
    }
    var strokes: [KeyboardShortcut] = []
    for _ in 0...(choice & 1) {
      guard let modifiers = next(), let key = next() else { return nil }
      var flags: KeyModifierFlags = []
      for (bit, flag) in modifierPool.enumerated() where modifiers & (1 << bit) != 0 {
        flags.insert(flag)
      }
      let input = keyPool[Int(key) % keyPool.count]
      // A modifier key is a stroke alone (`Shift Shift`); MenuKit's text has no modifiers for it.
      strokes.append(KeyboardShortcut(input, modifierFlags: input.modifierKey == nil ? flags : []))
    }
    return KeySequence(strokes)
  }

  /// A command of the keymap, or a name made of the next bytes.
  mutating func command(in keymap: Keymap) -> ActionName? {
    guard let choice = next() else { return nil }
    let actions = keymap.bindings.compactMap(\.effect.action)
    if choice & 0x80 != 0, !actions.isEmpty {
      return actions[Int(choice & 0x7F) % actions.count]
    }
    var name = String.UnicodeScalarView()
    for _ in 0..<(choice % 8) {
      guard let byte = next() else { break }
      name.append(Unicode.Scalar(byte))
    }
    // A valid command name, as the CLI accepts it: not empty, no spaces, no leading '-'.
    let valid = String(name.filter { !$0.properties.isWhitespace && $0 != "-" })
    return ActionName(valid.isEmpty ? "fuzz.command" : "c" + valid)
  }

  /// No context, one of the keymap's, or one from the pool.
  mutating func context(in keymap: Keymap) -> ContextPredicate? {
    guard let choice = next(), choice & 1 == 1 else { return nil }
    let contexts = keymap.bindings.compactMap(\.context)
    if choice & 0x80 != 0, !contexts.isEmpty {
      return contexts[Int(choice >> 1 & 0x3F) % contexts.count]
    }
    return try? ContextPredicate(parsing: contextPool[Int(choice >> 1) % contextPool.count])
  }
}

private let modifierPool: [KeyModifierFlags] = [.command, .shift, .alternate, .control, .super]

private let keyPool: [KeyInput] =
  "abcdefghijklmnopqrstuvwxyz0123456789[];',./\\`-=+éßſ".map { KeyInput(String($0)) }
  + [.function(1), .function(5), .function(12), .function(24), .upArrow, .escape, .tab, .return]
  + [.enter, .space, .backspace, .deleteForward, .keypad(5), .pageDown]
  + [.physicalKey(.keyboardOpenBracket)] + [KeyInput.modifierKey(.shift)].compactMap { $0 }

/// Contexts as text: parsed when used, since LeakSanitizer takes the tagged pointers of a global
/// array of predicates for leaks.
private let contextPool = [
  "Editor", "Editor && !readOnly", "Workspace > Editor", "mode == full", "a || b && !c",
  "Terminal", "!Editor",
]

extension KeyBinding {
  /// The binding without its place in the file, which edits move.
  fileprivate var withoutLocation: KeyBinding {
    var binding = self
    binding.location = nil
    return binding
  }
}

extension KeyBinding.Effect {
  /// The command the effect performs or removes.
  fileprivate var action: ActionName? {
    switch self {
    case .perform(let action, _), .unbindCommand(let action): action
    case .unbind: nil
    }
  }
}

private func describe(_ binding: KeyBinding) -> String {
  "\(binding.keys) \(binding.effect) in \(binding.context.map(\.description) ?? "any context")"
}

/// The first bindings that differ, for the failure message.
private func difference(_ expected: [KeyBinding], _ actual: [KeyBinding]) -> String {
  let index =
    zip(expected, actual).enumerated().first { $0.element.0 != $0.element.1 }?.offset
    ?? min(expected.count, actual.count)
  let want = index < expected.count ? describe(expected[index]) : "nothing"
  let got = index < actual.count ? describe(actual[index]) : "nothing"
  return "binding \(index) should be \(want), is \(got)"
}
