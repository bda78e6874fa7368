internal import CXKBCommon
internal import Glibc
public import MenuKit
internal import Synchronization

/// A compiled XKB keymap: which keysyms every key produces in every layout and shift level.
///
/// Compile a keymap from rule names (RMLVO: rules, model, layout, variant, options), the way
/// a desktop configures one, or from keymap text in the XKB text format, such as the output
/// of ``asString()`` or of `xkbcli compile-keymap`. Then ask it about keys by their evdev code
/// (`KEY_A` is 30, from `linux/input-event-codes.h`):
///
/// ```swift
/// let context = XKBContext.hermetic(includePaths: ["/usr/share/X11/xkb"])
/// let keymap = try XKBKeymap(context: context, names: .init(layout: "fr"))
/// keymap.keyName(forEvdevCode: 16)  // "AD01", the key right of Tab
/// keymap.keysyms(forEvdevCode: 16, layout: 0, level: 0)  // [a], which is Keysym.a: AZERTY
/// keymap.keysyms(forEvdevCode: 16, layout: 0, level: 1)  // [A]
/// ```
///
/// Layouts and shift levels are numbered from 0. A keymap only describes keys; which layout
/// and level are active at a moment is keyboard state, which a later `XKBState` tracks.
///
/// A keymap is not thread-safe, and so not `Sendable`, even though it never changes after it
/// is compiled: libxkbcommon 1.5.0 counts its references without atomics, and its queries read
/// the context's string table and scratch buffer, which compiling another keymap in the same
/// context changes. Use a keymap and its context from one thread or task at a time; Swift lets
/// you move them to another task together.
public final class XKBKeymap {
  /// The libxkbcommon keymap; this object owns one reference to it.
  let pointer: OpaquePointer

  /// A number no other keymap of the process had: with the object's address, the identity of
  /// its relocations (``XKBKeyboard/relocationIdentity``), which a freed keymap's address
  /// cannot fake.
  let instanceNumber = XKBKeymap.instanceCounter.add(1, ordering: .relaxed).newValue

  /// Counts the keymaps created, for ``instanceNumber``.
  static let instanceCounter = Atomic<UInt64>(0)

  /// The log buffer of the context the keymap was compiled in.
  ///
  /// The C keymap keeps the C context alive, and the C context points at this buffer, so the
  /// keymap keeps the buffer alive too.
  let log: LogCapture

  /// Wraps a keymap this object now owns.
  private init(pointer: OpaquePointer, log: LogCapture) {
    self.pointer = pointer
    self.log = log
  }

  /// Compiles a keymap from rule names, looking the files up in the context's include paths.
  ///
  /// Names left `nil` take their defaults: from the `XKB_DEFAULT_*` environment variables
  /// unless the context has ``XKBContext/Options/noEnvironmentNames``, otherwise
  /// libxkbcommon's built-in `evdev`, `pc105` and `us`.
  ///
  /// - Parameters:
  ///   - context: The context whose include paths hold the rules and data files.
  ///   - names: The rules, model, layout, variant and options to compile.
  /// Every name must be a name, not a path (``RuleNames/validate()``); one that is not is
  /// refused before libxkbcommon looks for a file.
  ///
  /// - Throws: ``XKBError`` for `xkb_keymap_new_from_names` when a file is missing or does
  ///   not compile, for instance an unknown layout; its log lines name the file. Also when a
  ///   name is not valid: then the message is the ``XKBRuleNameError``'s and no file is read.
  public convenience init(context: XKBContext, names: RuleNames) throws(XKBError) {
    do throws(XKBRuleNameError) {
      try names.validate()
    } catch {
      throw XKBError(
        operation: "xkb_keymap_new_from_names",
        message: "refused to compile a keymap: \(error)")
    }
    let pointer = try context.log.capture(
      "xkb_keymap_new_from_names",
      failure: "could not compile a keymap from the rule names \(names)"
    ) {
      withOptionalCString(names.rules) { rules in
        withOptionalCString(names.model) { model in
          withOptionalCString(names.layout) { layout in
            withOptionalCString(names.variant) { variant in
              withOptionalCString(names.options) { options in
                var cNames = xkb_rule_names(
                  rules: rules, model: model, layout: layout, variant: variant, options: options)
                return xkb_keymap_new_from_names(
                  context.pointer, &cNames, XKB_KEYMAP_COMPILE_NO_FLAGS)
              }
            }
          }
        }
      }
    }
    self.init(pointer: pointer, log: context.log)
  }

  /// Compiles a keymap from text in the XKB text format (version 1).
  ///
  /// The text is a whole `xkb_keymap { … };` block. Its `include` statements, if any, are
  /// looked up in the context's include paths; text that ``asString()`` produced has none.
  ///
  /// - Parameters:
  ///   - context: The context whose include paths serve the text's `include` statements.
  ///   - string: The keymap text.
  /// - Throws: ``XKBError`` for `xkb_keymap_new_from_string` when the text does not compile;
  ///   its log lines give libxkbcommon's line, column and reason, such as a syntax error.
  public convenience init(context: XKBContext, string: String) throws(XKBError) {
    let pointer = try context.log.capture(
      "xkb_keymap_new_from_string", failure: "could not compile the keymap text"
    ) {
      xkb_keymap_new_from_string(
        context.pointer, string, XKB_KEYMAP_FORMAT_TEXT_V1, XKB_KEYMAP_COMPILE_NO_FLAGS)
    }
    self.init(pointer: pointer, log: context.log)
  }

  /// Compiles a keymap from a file in the XKB text format (version 1).
  ///
  /// - Parameters:
  ///   - context: The context whose include paths serve the file's `include` statements.
  ///   - path: The path of the keymap file.
  /// - Throws: ``XKBError`` for `fopen` when the file cannot be opened, or for
  ///   `xkb_keymap_new_from_file` when it does not compile.
  public convenience init(context: XKBContext, contentsOf path: String) throws(XKBError) {
    guard let file = fopen(path, "r") else {
      let reason = String(cString: strerror(errno))
      throw XKBError(operation: "fopen", message: "could not open '\(path)': \(reason)")
    }
    defer { fclose(file) }
    let pointer = try context.log.capture(
      "xkb_keymap_new_from_file", failure: "could not compile the keymap file '\(path)'"
    ) {
      xkb_keymap_new_from_file(
        context.pointer, file, XKB_KEYMAP_FORMAT_TEXT_V1, XKB_KEYMAP_COMPILE_NO_FLAGS)
    }
    self.init(pointer: pointer, log: context.log)
  }

  deinit {
    xkb_keymap_unref(pointer)
  }
}

// MARK: - Rule names

extension XKBKeymap {
  /// The rules, model, layout, variant and options (RMLVO) that name a keymap.
  ///
  /// These are the names a desktop's keyboard settings store, and what `setxkbmap` and
  /// `xkbcli compile-keymap` take. Several layouts are separated by commas, with their
  /// variants in the same positions; options are comma-separated too:
  ///
  /// ```swift
  /// let names = XKBKeymap.RuleNames(layout: "us,de", variant: ",nodeadkeys",
  ///                                 options: "grp:alt_shift_toggle")
  /// ```
  ///
  /// A `nil` name takes its default when the keymap is compiled; see
  /// ``XKBKeymap/init(context:names:)``.
  public struct RuleNames: Hashable, Sendable, CustomStringConvertible {
    /// The rules file, such as `evdev`.
    public var rules: String?
    /// The keyboard model, such as `pc105`.
    public var model: String?
    /// The layouts, comma-separated, such as `us,de`.
    public var layout: String?
    /// The variants of the layouts, comma-separated in the same order, such as `,nodeadkeys`.
    public var variant: String?
    /// The options, comma-separated, such as `grp:alt_shift_toggle,ctrl:nocaps`.
    public var options: String?

    /// Creates rule names; the names left out take their defaults.
    ///
    /// - Parameters:
    ///   - rules: The rules file, such as `evdev`.
    ///   - model: The keyboard model, such as `pc105`.
    ///   - layout: The layouts, comma-separated.
    ///   - variant: The variants of the layouts, comma-separated.
    ///   - options: The options, comma-separated.
    public init(
      rules: String? = nil, model: String? = nil, layout: String? = nil,
      variant: String? = nil, options: String? = nil
    ) {
      self.rules = rules
      self.model = model
      self.layout = layout
      self.variant = variant
      self.options = options
    }

    /// The names that are set, such as `(layout: us,de; variant: ,nodeadkeys)`.
    ///
    /// All names left out reads `(defaults)`.
    public var description: String {
      let fields = [
        ("rules", rules), ("model", model), ("layout", layout), ("variant", variant),
        ("options", options),
      ]
      let set = fields.compactMap { label, value in value.map { "\(label): \($0)" } }
      return set.isEmpty ? "(defaults)" : "(\(set.joined(separator: "; ")))"
    }
  }
}

// MARK: - API

extension XKBKeymap {
  /// How many layouts (XKB groups) the keymap has; `us,de` has 2.
  public var layoutCount: Int {
    Int(xkb_keymap_num_layouts(pointer))
  }

  /// The names of the layouts, in order, such as `["English (US)", "German"]`.
  ///
  /// A layout without a name reads as the empty string.
  public var layoutNames: [String] {
    (0..<xkb_keymap_num_layouts(pointer)).map { index in
      xkb_keymap_layout_get_name(pointer, index).map { String(cString: $0) } ?? ""
    }
  }

  /// The names of the modifiers, in index order.
  ///
  /// The eight real modifiers come first (`Shift`, `Lock`, `Control`, `Mod1` … `Mod5`), then
  /// the virtual modifiers the keymap declares, such as `NumLock` and `Alt`.
  public var modifierNames: [String] {
    (0..<xkb_keymap_num_mods(pointer)).map { index in
      xkb_keymap_mod_get_name(pointer, index).map { String(cString: $0) } ?? ""
    }
  }

  /// The evdev codes from the keymap's lowest keycode to its highest.
  ///
  /// Not every code in the range need name a key; ``keyName(forEvdevCode:)`` says which do.
  public var evdevCodes: Range<Int> {
    let lower = Keycodes.evdev(xkb: xkb_keymap_min_keycode(pointer)) ?? 0
    let upper = Keycodes.evdev(xkb: xkb_keymap_max_keycode(pointer)).map { $0 + 1 } ?? 0
    return lower..<max(lower, upper)
  }

  /// The XKB name of the key with an evdev code, such as `AC01` for `KEY_A` (30).
  ///
  /// - Parameter code: The evdev code of the key, from `linux/input-event-codes.h`.
  /// - Returns: The key's name, without angle brackets, or `nil` when the keymap has no such
  ///   key.
  public func keyName(forEvdevCode code: Int) -> String? {
    guard let keycode = Keycodes.xkb(evdev: code),
      let name = xkb_keymap_key_get_name(pointer, keycode)
    else { return nil }
    return String(cString: name)
  }

  /// The evdev code of the key with an XKB name, such as 30 for `AC01`.
  ///
  /// Aliases in the keymap, such as `LatQ` for `AD01`, are resolved.
  ///
  /// - Parameter name: The key's name, without angle brackets.
  /// - Returns: The evdev code, or `nil` when the keymap has no such key.
  public func evdevCode(forKeyName name: String) -> Int? {
    let keycode = xkb_keymap_key_by_name(pointer, name)
    guard keycode != XKB_KEYCODE_INVALID else { return nil }
    return Keycodes.evdev(xkb: keycode)
  }

  /// How many shift levels a key has in a layout; a letter key usually has 2.
  ///
  /// A layout past the key's last one is brought back into range the way the key's
  /// group-wrapping rule says, as libxkbcommon does when it translates key presses.
  ///
  /// - Parameters:
  ///   - code: The evdev code of the key.
  ///   - layout: The layout, from 0.
  /// - Returns: The number of levels, or 0 when the keymap has no such key.
  public func levelCount(forEvdevCode code: Int, layout: Int) -> Int {
    guard let keycode = Keycodes.xkb(evdev: code),
      let layout = xkb_layout_index_t(exactly: layout)
    else { return 0 }
    return Int(xkb_keymap_num_levels_for_key(pointer, keycode, layout))
  }

  /// The keysyms a key produces in a layout and shift level, without any keyboard state.
  ///
  /// Most keys produce one keysym per level. Level 0 is the unshifted level; on common
  /// layouts level 1 is Shift and level 2 is AltGr. A layout past the key's last one is
  /// brought back into range as ``levelCount(forEvdevCode:layout:)`` describes.
  ///
  /// ```swift
  /// keymap.keysyms(forEvdevCode: 30, layout: 0, level: 1)  // [A] on us
  /// ```
  ///
  /// - Parameters:
  ///   - code: The evdev code of the key.
  ///   - layout: The layout, from 0.
  ///   - level: The shift level, from 0.
  /// - Returns: The keysyms, or an empty array when the key, layout or level does not exist.
  public func keysyms(forEvdevCode code: Int, layout: Int, level: Int) -> [Keysym] {
    guard let keycode = Keycodes.xkb(evdev: code),
      let layout = xkb_layout_index_t(exactly: layout),
      let level = xkb_level_index_t(exactly: level)
    else { return [] }
    var symbols: UnsafePointer<xkb_keysym_t>?
    let count = xkb_keymap_key_get_syms_by_level(pointer, keycode, layout, level, &symbols)
    guard count > 0, let symbols else { return [] }
    return UnsafeBufferPointer(start: symbols, count: Int(count)).map(Keysym.init(rawValue:))
  }

  /// Calls `body` with each keysym of ``keysyms(forEvdevCode:layout:level:)``, in order,
  /// without making an array: the typing engine reads every key and level of a layout this way.
  ///
  /// - Parameters:
  ///   - code: The evdev code of the key.
  ///   - layout: The layout index.
  ///   - level: The shift level.
  ///   - body: Called with each keysym; returns false to stop.
  func forEachKeysym(
    forEvdevCode code: Int, layout: Int, level: Int, _ body: (Keysym) -> Bool
  ) {
    guard let keycode = Keycodes.xkb(evdev: code),
      let layout = xkb_layout_index_t(exactly: layout),
      let level = xkb_level_index_t(exactly: level)
    else { return }
    var symbols: UnsafePointer<xkb_keysym_t>?
    let count = xkb_keymap_key_get_syms_by_level(pointer, keycode, layout, level, &symbols)
    guard count > 0, let symbols else { return }
    for index in 0..<Int(count) where !body(Keysym(rawValue: symbols[index])) { return }
  }

  /// The keymap as text in the XKB text format (version 1).
  ///
  /// The text is complete and self-contained: it has no `include` statements, so
  /// ``init(context:string:)`` compiles it back in any context, even a hermetic one with no
  /// include paths, into a keymap that prints the same text.
  ///
  /// - Returns: The keymap text, ending in a newline.
  public func asString() -> String {
    guard let text = xkb_keymap_get_as_string(pointer, XKB_KEYMAP_FORMAT_TEXT_V1) else {
      // libxkbcommon fails here only when memory runs out.
      fatalError("libxkbcommon could not serialize a keymap (xkb_keymap_get_as_string)")
    }
    defer { free(text) }
    return String(cString: text)
  }
}
