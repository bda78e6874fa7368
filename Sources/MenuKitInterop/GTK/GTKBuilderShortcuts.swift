import MenuKit

/// Reads the keyboard shortcuts of GtkBuilder `.ui` files.
///
/// Three kinds of shortcut are read, wherever they are in the file:
///
/// ```xml
/// <object class="GtkShortcutController">          <!-- GTK 4 -->
///   <child>
///     <object class="GtkShortcut">
///       <property name="trigger">&lt;Control&gt;k|&lt;Control&gt;j</property>
///       <property name="action">action(win.find)</property>
///     </object>
///   </child>
/// </object>
/// <accelerator key="q" modifiers="GDK_CONTROL_MASK" signal="clicked"/>   <!-- GTK 3 -->
/// <object class="GtkShortcutsShortcut">          <!-- a GtkShortcutsWindow's entry -->
///   <property name="title" translatable="yes">Save As</property>
///   <property name="accelerator">&lt;primary&gt;&lt;shift&gt;s</property>
/// </object>
/// ```
///
/// - A `GtkShortcut`'s `trigger` is read as GTK reads it: an accelerator, or several joined
///   by `|` (one binding each). Its `action` becomes the command: `action(win.find)` performs
///   `win.find`; `signal(NAME)`, `activate` and `mnemonic-activate` are kept as written (the
///   widget the controller belongs to performs them); `nothing` disables the keys. A `never`
///   trigger and a mnemonic (`_l`) bind no key, and are reported (`MK557`).
/// - An `<accelerator>` element's `key` (a keysym name) and `modifiers` (`GDK_CONTROL_MASK |
///   GDK_SHIFT_MASK`) make the keys; the command is the signal of the object it is in, named
///   `ID.SIGNAL` (`menu_exit.activate`), or `signal(SIGNAL)` when the object has no id.
/// - A `GtkShortcutsShortcut`'s (or libadwaita `AdwShortcutsItem`'s) `accelerator` lists alternatives separated by spaces; within
///   one, `+` separates the strokes of a sequence, and a range (`<alt>1...<alt>9`) of letters
///   or digits is one binding per key. The command is the entry's `action-name`, else its
///   `title` (the window only documents the shortcut). Gestures, and keys pressed together
///   (`&`), bind nothing MenuKit can express, and are reported (`MK557`).
///
/// Every binding is located at its accelerator text (the file's line and column, through
/// entities such as `&lt;`). The file is read by a small XML reader of MenuKit's own, in one
/// pass and linear time; it expands no entity beyond the five XML predefines and character
/// references, refuses document type declarations, and bounds nesting, so a hostile file gets
/// one `MK561` error and nothing else. GtkBuilder files are not written back.
///
/// ```swift
/// let (keymap, diagnostics) = GTKBuilderShortcuts.load(
///   contentsOf: "help-overlay.ui", platform: .linux, source: .app)
/// ```
public enum GTKBuilderShortcuts {
  /// Reads and loads the shortcuts of a GtkBuilder file at a path.
  ///
  /// A file that cannot be read, or is not UTF-8, gives no keymap and one `MK103` diagnostic;
  /// otherwise the text is loaded as by ``load(text:path:platform:source:)``.
  ///
  /// - Parameters:
  ///   - path: The file's path, also used in every diagnostic's location.
  ///   - platform: The platform the file was written for; it decides what `<Primary>` and
  ///     `<Control>` mean.
  ///   - source: The layer the keymap's bindings belong to.
  /// - Returns: The keymap (nil when the file cannot be read or is not well-formed XML), and
  ///   every problem found, sorted by position.
  public static func load(
    contentsOf path: String, platform: PlatformProfile, source: KeymapSource
  ) -> (keymap: Keymap?, diagnostics: [Diagnostic]) {
    switch SourceFile.readText(at: path, kind: "GtkBuilder file") {
    case .success(let text): load(text: text, path: path, platform: platform, source: source)
    case .failure(let failure): (nil, [failure.diagnostic])
    }
  }

  /// Loads the shortcuts of a GtkBuilder file from its text.
  ///
  /// ```swift
  /// let text = """
  ///   <interface><object class="GtkShortcut">
  ///     <property name="trigger">&lt;Control&gt;q</property>
  ///     <property name="action">action(app.quit)</property>
  ///   </object></interface>
  ///   """
  /// let (keymap, _) = GTKBuilderShortcuts.load(text: text, platform: .linux, source: .app)
  /// keymap?.bindings.first?.keys.canonicalText  // "Cmd+Q"
  /// ```
  ///
  /// - Parameters:
  ///   - text: The file's contents.
  ///   - path: The file's path for diagnostics and ``Keymap/path``; empty when there is none.
  ///   - platform: The platform the file was written for.
  ///   - source: The layer the keymap's bindings belong to.
  /// - Returns: The keymap (nil when the text is not well-formed XML), and every problem
  ///   found, sorted by position.
  public static func load(
    text: String, path: String = "", platform: PlatformProfile, source: KeymapSource
  ) -> (keymap: Keymap?, diagnostics: [Diagnostic]) {
    let root: XMLElement
    do {
      root = try XMLScanner.parse(text, path: path)
    } catch {
      return (nil, [Diagnostic(.badBuilderFile, error.message, at: error.location)])
    }
    var reader = GTKBuilderReader(platform: platform, source: source)
    reader.read(root)
    return (
      Keymap(source: source, path: path.isEmpty ? nil : path, bindings: reader.bindings),
      reader.diagnostics.sorted
    )
  }
}

// MARK: - Internal

/// Walks the elements of a GtkBuilder file and collects the bindings of its shortcuts.
private struct GTKBuilderReader {
  let platform: PlatformProfile
  let source: KeymapSource
  var bindings: [KeyBinding] = []
  var diagnostics = DiagnosticList()

  /// Walks the tree without recursion (its depth is bounded, but the walk need not rely on it).
  mutating func read(_ root: XMLElement) {
    // Each element with the id of the object it is in, if any.
    var pending: [(element: XMLElement, objectID: String?)] = [(root, nil)]
    while let (element, objectID) = pending.popLast() {
      switch element.name {
      case "object" where element.attribute("class") == "GtkShortcut":
        readShortcut(element)
      case "object" where Self.shortcutsEntryClasses.contains(element.attribute("class") ?? ""):
        readShortcutsShortcut(element)
      case "accelerator":
        readAccelerator(element, objectID: objectID)
      default:
        break
      }
      let id = element.name == "object" ? element.attribute("id") : objectID
      pending.append(contentsOf: element.children.reversed().map { ($0, id) })
    }
  }

  /// The classes of a shortcuts window's entries: GTK's, and libadwaita's (AdwShortcutsDialog).
  static let shortcutsEntryClasses: Set<String> = ["GtkShortcutsShortcut", "AdwShortcutsItem"]

  /// The `<property name="NAME">` children of an object.
  func property(_ name: String, of object: XMLElement) -> XMLElement? {
    object.children.first {
      $0.name == "property" && $0.attribute("name").map(Self.propertyKey) == Self.propertyKey(name)
    }
  }

  /// GObject property names: `-` and `_` are the same.
  static func propertyKey(_ name: String) -> String {
    String(name.map { $0 == "_" ? "-" : $0 })
  }

  mutating func report(
    _ code: DiagnosticCode, _ message: @autoclosure () -> String, at location: SourceLocation
  ) {
    diagnostics.report(code, message(), at: location)
  }

  // MARK: GtkShortcut

  mutating func readShortcut(_ object: XMLElement) {
    guard let trigger = property("trigger", of: object) else {
      return report(
        .ignoredForeignEntry,
        "the GtkShortcut has no 'trigger' property, so it binds no key; "
          + "it is ignored", at: object.location)
    }
    guard let actionProperty = property("action", of: object) else {
      return report(
        .ignoredForeignEntry,
        "the GtkShortcut has no 'action' property, so its keys do "
          + "nothing; it is ignored", at: object.location)
    }
    let actionText = actionProperty.text.trimmed
    let effect: KeyBinding.Effect
    if actionText == "nothing" {
      effect = .unbind
    } else if actionText.hasPrefix("action("), actionText.hasSuffix(")") {
      effect = .perform(ActionName(String(actionText.dropFirst(7).dropLast())), arguments: nil)
    } else {
      effect = .perform(ActionName(actionText), arguments: nil)
    }
    if case .perform(let action, _) = effect,
      !action.canBePerformedByKeymap || action.rawValue.isEmpty
    {
      return report(
        .badCommand,
        "the GtkShortcut action \(actionText.quotedForMessage) is not a command MenuKit can "
          + "bind; expected 'action(NAME)', 'signal(NAME)', 'activate', 'mnemonic-activate' "
          + "or 'nothing'", at: actionProperty.location(ofTextAt: leadingSpace(actionProperty.text))
      )
    }
    // `a|b`: an alternative trigger, one binding each.
    for part in split(trigger.text, on: "|") {
      let text = part.text
      let at = trigger.location(ofTextAt: part.offset)
      if text == "never" {
        report(.ignoredForeignEntry, "the trigger 'never' binds no key; it is ignored", at: at)
      } else if text.hasPrefix("_") {
        report(
          .ignoredForeignEntry,
          "the mnemonic trigger \(text.quotedForMessage) fires with the window's mnemonic "
            + "modifier, which a MenuKit binding cannot name; it is ignored", at: at)
      } else if let keys = keys(text, in: trigger, offset: part.offset) {
        bindings.append(KeyBinding(keys: keys, effect: effect, source: source, location: at))
      }
    }
  }

  // MARK: <accelerator>

  /// GDK's modifier masks, as GtkBuilder's `modifiers` attribute names them, and the GTK
  /// accelerator modifier each stands for.
  static let modifierMasks: [String: String] = [
    "GDK_SHIFT_MASK": "<Shift>", "GDK_CONTROL_MASK": "<Control>", "GDK_MOD1_MASK": "<Alt>",
    "GDK_ALT_MASK": "<Alt>", "GDK_SUPER_MASK": "<Super>", "GDK_HYPER_MASK": "<Hyper>",
    "GDK_META_MASK": "<Meta>", "GDK_LOCK_MASK": "",
  ]

  mutating func readAccelerator(_ element: XMLElement, objectID: String?) {
    guard let key = element.attributes.first(where: { $0.name == "key" }) else {
      return report(
        .ignoredForeignEntry,
        "the <accelerator> has no 'key' attribute, so it binds no key; "
          + "it is ignored", at: element.location)
    }
    guard let signal = element.attribute("signal"), !signal.isEmpty else {
      return report(
        .ignoredForeignEntry,
        "the <accelerator> has no 'signal' attribute, so its key does "
          + "nothing; it is ignored", at: element.location)
    }
    var accelerator = ""
    for word in (element.attribute("modifiers") ?? "").split(whereSeparator: { $0 == "|" }) {
      let name = String(word).trimmed
      guard !name.isEmpty, name != "0" else { continue }
      guard let modifier = Self.modifierMasks[name.uppercased()] else {
        let known = Self.modifierMasks.keys.sorted().joined(separator: ", ")
        return report(
          .badForeignKeys,
          "unknown modifier \(name.quotedForMessage) in the <accelerator>; expected GDK masks "
            + "joined with '|' (\(known)); the binding is skipped",
          at: element.attributes.first { $0.name == "modifiers" }?.location ?? element.location)
      }
      accelerator += modifier
    }
    accelerator += key.value
    // The widget's signal: `menu_exit.activate`, as an action of the object with that id.
    let command = objectID.map { "\($0).\(signal)" } ?? "signal(\(signal))"
    do {
      let keys = try KeySequence(parsing: accelerator, dialect: .gtk, platform: platform)
      bindings.append(
        KeyBinding(
          keys: keys, effect: .perform(ActionName(command), arguments: nil),
          source: source, location: element.location))
    } catch {
      reportKeys(error, text: key.value, at: key.location)
    }
  }

  // MARK: GtkShortcutsShortcut

  mutating func readShortcutsShortcut(_ object: XMLElement) {
    let type = property("shortcut-type", of: object)?.text.trimmed ?? "accelerator"
    guard type == "accelerator" || type == "GTK_SHORTCUT_ACCELERATOR" else {
      return report(
        .ignoredForeignEntry,
        "the shortcut of type \(type.quotedForMessage) is a gesture or other input, not keys; "
          + "it is ignored", at: object.location)
    }
    let actionName = property("action-name", of: object)?.text.trimmed ?? ""
    let title = property("title", of: object)?.text.trimmed ?? ""
    guard let accelerator = property("accelerator", of: object),
      !accelerator.text.trimmed.isEmpty
    else {
      let what =
        actionName.isEmpty
        ? "has no accelerator"
        : "takes the accelerators the app sets for '\(actionName)' at run time"
      return report(
        .ignoredForeignEntry,
        "the GtkShortcutsShortcut \(title.isEmpty ? "" : title.quotedForMessage + " ")\(what), so "
          + "the file binds no key; it is ignored", at: object.location)
    }
    let command = actionName.isEmpty ? title : actionName
    // A title is words (`Save As`): any command MenuKit's keymap text can write back.
    guard ActionName(command).isKeymapCommand else {
      return report(
        .ignoredForeignEntry,
        "the GtkShortcutsShortcut has neither an 'action-name' nor a 'title' to name its "
          + "command; it is ignored", at: object.location)
    }
    let effect = KeyBinding.Effect.perform(ActionName(command), arguments: nil)
    for part in split(accelerator.text, on: " ") {
      let at = accelerator.location(ofTextAt: part.offset)
      if part.text.contains("&"), part.text.count > 1, !part.text.hasSuffix("&") {
        report(
          .ignoredForeignEntry,
          "\(part.text.quotedForMessage) names keys pressed together, which a MenuKit binding "
            + "cannot express; it is ignored", at: at)
        continue
      }
      if let range = part.text.rangeOfEllipsis {
        let first = range.first
        let last = range.last
        for keys in rangeKeys(first, last, in: accelerator, offset: part.offset, at: at) {
          bindings.append(KeyBinding(keys: keys, effect: effect, source: source, location: at))
        }
        continue
      }
      // `+` between accelerators: a sequence of strokes.
      var strokes: [KeyboardShortcut] = []
      var failed = false
      for stroke in split(part.text, on: "+") {
        guard let keys = keys(stroke.text, in: accelerator, offset: part.offset + stroke.offset)
        else {
          failed = true
          break
        }
        strokes += keys.strokes
      }
      if !failed, !strokes.isEmpty {
        bindings.append(
          KeyBinding(keys: KeySequence(strokes), effect: effect, source: source, location: at))
      }
    }
  }

  /// The keys of `<alt>1...<alt>9`: one sequence per letter or digit from the first key to the
  /// last, under the same modifiers; anything else is reported and gives none.
  mutating func rangeKeys(
    _ first: String, _ last: String, in property: XMLElement, offset: Int, at: SourceLocation
  ) -> [KeySequence] {
    guard let from = keys(first, in: property, offset: offset),
      let to = keys(last, in: property, offset: offset + first.unicodeScalars.count + 3)
    else { return [] }
    let a = from.strokes.first!
    let b = to.strokes.first!
    guard from.strokes.count == 1, to.strokes.count == 1,
      a.modifierFlags == b.modifierFlags,
      let start = a.input.characters?.unicodeScalars.first,
      let end = b.input.characters?.unicodeScalars.first,
      a.input.characters?.unicodeScalars.count == 1, b.input.characters?.unicodeScalars.count == 1,
      start.isASCII, end.isASCII, start.value <= end.value,
      ("0"..."9").contains(start) && ("0"..."9").contains(end)
        || ("a"..."z").contains(start) && ("a"..."z").contains(end)
    else {
      report(
        .ignoredForeignEntry,
        "the range '\(first)...\(last)' is not a range of letters or digits under the same "
          + "modifiers; it is ignored", at: at)
      return []
    }
    return (start.value...end.value).compactMap { value in
      Unicode.Scalar(value).map {
        KeySequence([KeyboardShortcut(KeyInput(String($0)), modifierFlags: a.modifierFlags)])
      }
    }
  }

  /// One GTK accelerator, at `offset` in the property's text; reports `MK551`/`MK559` there.
  mutating func keys(_ text: String, in property: XMLElement, offset: Int) -> KeySequence? {
    do {
      return try KeySequence(parsing: text, dialect: .gtk, platform: platform)
    } catch {
      reportKeys(error, text: text, at: property.location(ofTextAt: offset + error.column - 1))
      return nil
    }
  }

  mutating func reportKeys(_ error: ShortcutDialectError, text: String, at: SourceLocation) {
    switch error.kind {
    case .unsupportedModifier, .unsupportedKey, .physicalKey:
      report(
        .unsupportedForeignKeys,
        "the GTK accelerator \(text.quotedForMessage) has no MenuKit equivalent: "
          + "\(error.message); it is skipped", at: at)
    default:
      report(
        .badForeignKeys,
        "bad GTK accelerator \(text.quotedForMessage): \(error.message); expected "
          + "\(error.expected); it is skipped", at: at)
    }
  }

  /// The parts of `text` between separators, without white space around them, each with its
  /// scalar offset in `text`; empty parts are left out.
  func split(_ text: String, on separator: Unicode.Scalar) -> [(text: String, offset: Int)] {
    var parts: [(String, Int)] = []
    var current = String.UnicodeScalarView()
    var start = 0
    for (offset, scalar) in text.unicodeScalars.enumerated() {
      let isSeparator =
        scalar == separator || (separator == " " && scalar.properties.isWhitespace)
      if isSeparator {
        if !current.isEmpty { parts.append((String(current), start)) }
        current = String.UnicodeScalarView()
        start = offset + 1
      } else {
        if current.isEmpty, scalar.properties.isWhitespace {
          start = offset + 1
          continue
        }
        current.append(scalar)
      }
    }
    if !current.isEmpty { parts.append((String(current), start)) }
    return parts.map { (String($0.0).trimmed, $0.1) }
  }

  func leadingSpace(_ text: String) -> Int {
    text.unicodeScalars.prefix { $0.properties.isWhitespace }.count
  }
}

extension String {
  /// The string without white space at either end.
  fileprivate var trimmed: String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
    let last = scalars.lastIndex { !$0.properties.isWhitespace }!
    return String(scalars[first...last])
  }

  /// The text before and after the first `...`, or nil when there is none.
  fileprivate var rangeOfEllipsis: (first: String, last: String)? {
    let scalars = Array(unicodeScalars)
    guard scalars.count >= 3 else { return nil }
    for index in 0...(scalars.count - 3)
    where scalars[index] == "." && scalars[index + 1] == "." && scalars[index + 2] == "." {
      var first = String.UnicodeScalarView()
      first.append(contentsOf: scalars[..<index])
      var last = String.UnicodeScalarView()
      last.append(contentsOf: scalars[(index + 3)...])
      return (String(first), String(last))
    }
    return nil
  }
}
