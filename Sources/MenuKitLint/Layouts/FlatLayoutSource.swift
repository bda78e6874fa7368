import FoundationEssentials
import MenuKitXKB

/// Compiles a sweep's layouts with less work where that is provably the same keymap:
/// `xkb_keymap_new_from_names` reads the rules file and parses the keycodes, types and
/// compatibility files again for every layout, although nearly every layout gets the same ones.
///
/// For such a layout the keymap is compiled from text instead: the `xkb_keycodes`, `xkb_types`
/// and `xkb_compatibility` sections of a reference layout's compiled keymap (already flat, so
/// nothing is included or looked up), and `xkb_symbols { include "pc+LAYOUT(VARIANT)+inet(evdev)" }`,
/// the symbols the rules give the layout. Compiling that is about a fifth cheaper. The shared
/// parts (the prefix and `inet(evdev)`'s statements) are compacted once (``XKBTextCompaction``).
///
/// Which layouts qualify is read from the rules file the names compile would use (the first
/// `rules/evdev` of the context's include paths), and is conservative: a layout qualifies only
/// when no rule line naming a layout or variant (other than `*`) applies to it, except
/// keycodes lines (the key name aliases of AZERTY and QWERTZ layouts), and layouts are put in
/// classes by the keycodes lines that apply to them and by whether they have a variant. Each
/// class's first layout is the reference: it is compiled both ways, and unless the two keymap
/// texts (`xkb_keymap_get_as_string`) are identical the whole class is compiled by names. A
/// layout whose text does not compile is compiled by names too, so its error is the names
/// compile's. `FlatLayoutSourceTests` compares both ways for every installed layout.
struct FlatLayoutSource: Sendable {
  /// The model the names compile uses when none is given: libxkbcommon's default.
  static let model = "pc105"

  /// The fewest layouts to compile for which a sweep prepares flat texts: each class's
  /// reference is compiled twice and read back, and a flat compile saves about a fifth of one.
  static let minimumLayouts = 64

  /// The keymap text before the symbols section, by class; a class that is not here is
  /// compiled by names.
  private var prefixes: [FlatLayoutClass: String]
  /// The class of each layout that has one, read from the rules once.
  private var classes: [LayoutName: FlatLayoutClass]
  /// The statements of `inet(evdev)`, read once from the symbols file the names compile
  /// includes (``InetSymbols``), or nil to include it by name.
  private var inet: String? = nil

  /// Reads the rules and compiles each class's reference both ways in `analyzer`'s context.
  ///
  /// - Parameters:
  ///   - layouts: The layouts to be compiled; their classes' references are among them.
  ///   - analyzer: The analyzer whose context the layouts are compiled in.
  /// - Returns: The source, or nil when the rules cannot be read or nothing qualifies.
  static func prepare(for layouts: [LayoutName], in analyzer: LayoutAnalyzer) -> FlatLayoutSource? {
    guard let rules = XKBRulesScan(includePaths: analyzer.context.includePaths) else { return nil }
    var source = FlatLayoutSource(prefixes: [:], classes: [:])
    source.inet = InetSymbols.evdevStatements(includePaths: analyzer.context.includePaths)
      .map(XKBTextCompaction.compacted)
    var tried: Set<FlatLayoutClass> = []
    for name in layouts {
      guard let kind = rules.flatClass(of: name) else { continue }
      if tried.insert(kind).inserted {
        guard let reference = try? analyzer.compileByNames(name) else { continue }
        let text = reference.asString()
        guard let prefix = Self.prefix(of: text).map({ XKBTextCompaction.compacted($0) + "\n" })
        else { continue }
        let flat = prefix + Self.symbols(of: name, inet: source.inet)
        guard let compiled = try? XKBKeymap(context: analyzer.context, string: flat),
          compiled.asString() == text
        else { continue }
        source.prefixes[kind] = prefix
      }
      source.classes[name] = kind
    }
    return source.prefixes.isEmpty ? nil : source
  }

  /// The keymap text to compile a layout from, or nil to compile it by names.
  func text(for name: LayoutName) -> String? {
    guard let kind = classes[name], let prefix = prefixes[kind] else { return nil }
    return prefix + Self.symbols(of: name, inet: inet)
  }

  /// The symbols section of a layout: what the evdev rules give a layout and variant without
  /// options on the default model, `pc+LAYOUT(VARIANT)+inet(evdev)`.
  ///
  /// With `inet`, the statements of `inet(evdev)`, they follow `include "pc+LAYOUT(VARIANT)"`
  /// in the section itself, where they override what the include defines as the `+` of the
  /// include would: the compile then does not parse the whole `inet` file (about a hundred
  /// sections, a quarter of the compile) for one of them. Each class's reference check
  /// compares the keymap this gives with the names compile's, as for the other sections.
  static func symbols(of name: LayoutName, inet: String? = nil) -> String {
    let layout = name.variant.map { "\(name.layout)(\($0))" } ?? name.layout
    guard let inet else { return "xkb_symbols { include \"pc+\(layout)+inet(evdev)\" };\n};\n" }
    return "xkb_symbols { include \"pc+\(layout)\"\n" + inet + "\n};\n};\n"
  }

  /// The opening of a compiled keymap's text up to its symbols section: `xkb_keymap {` and the
  /// keycodes, types and compatibility sections, flat; nil when the text is not laid out so.
  static func prefix(of text: String) -> String? {
    let bytes = Array(text.utf8)
    guard bytes.starts(with: "xkb_keymap {\nxkb_keycodes ".utf8),
      let types = offset(of: "\nxkb_types ", in: bytes, from: 0),
      let compat = offset(of: "\nxkb_compatibility ", in: bytes, from: types),
      let symbols = offset(of: "\nxkb_symbols ", in: bytes, from: compat)
    else { return nil }
    return String(decoding: bytes[..<symbols], as: UTF8.self) + "\n"
  }

  /// Where a pattern first occurs in bytes at or after an offset (a byte search: the keymap
  /// texts are about 100 KB).
  static func offset(of pattern: String, in bytes: [UInt8], from start: Int) -> Int? {
    let needle = Array(pattern.utf8)
    guard let first = needle.first, bytes.count >= needle.count else { return nil }
    var index = start
    let last = bytes.count - needle.count
    while index <= last {
      if bytes[index] == first, bytes[index..<index + needle.count].elementsEqual(needle) {
        return index
      }
      index += 1
    }
    return nil
  }
}

/// The layouts that the rules treat alike: the keycodes lines that apply to them (by their
/// position in the rules), and whether they have a variant.
struct FlatLayoutClass: Hashable, Sendable {
  /// The positions of the keycodes lines that name a layout or variant and apply.
  var keycodesLines: [Int]
  /// Whether the layout has a variant.
  var hasVariant: Bool
}

/// An XKB rules file read for ``FlatLayoutSource``: its groups and its rule lines for the
/// default model, without options and for one layout.
struct XKBRulesScan: Sendable {
  /// A rule line that names a layout or variant, for the default model.
  struct Line: Sendable {
    /// Its position among the rule lines.
    var position: Int
    /// The section's component: `keycodes`, `types`, `compat` or `symbols`.
    var component: String
    /// The layout pattern, or nil when the section has no layout column.
    var layout: String?
    /// The variant pattern, or nil when the section has no variant column.
    var variant: String?
    /// Whether the result expands `%` (a layout, variant or model).
    var expands: Bool
  }

  /// The groups (`! $name = a b c`).
  var groups: [String: Set<String>]
  /// The lines that name a layout or variant, in order.
  var lines: [Line]
  /// The indices (into ``lines``) of the lines whose layout pattern names a layout, by that
  /// layout (a group's lines under each of its layouts), and of those for any layout.
  private var linesByLayout: [String: [Int]] = [:]
  private var linesForAnyLayout: [Int] = []

  /// Reads the rules file `rules/evdev` of the first include path that has one, as
  /// libxkbcommon looks it up; nil when there is none, when it includes another file, or when
  /// a keycodes, types or compatibility line for every layout expands a layout or variant.
  init?(includePaths: [String]) {
    guard
      let data = includePaths.lazy.compactMap({
        FileManager.default.contents(atPath: $0 + "/rules/evdev")
      }).first
    else { return nil }
    self.init(text: String(decoding: data, as: UTF8.self))
  }

  /// Reads a rules file's text; nil as ``init(includePaths:)`` says.
  init?(text: String) {
    var groups: [String: Set<String>] = [:]
    var lines: [Line] = []
    var columns: [String] = []
    var component = ""
    var position = 0
    var logical: [UInt8] = []
    // Read as bytes: splitting the text into Characters costs more than the rest of the scan.
    for raw in Array(text.utf8).split(separator: 0x0A, omittingEmptySubsequences: false) {
      var line = raw
      if let comment = Self.comment(in: line) { line = line[..<comment] }
      if line.last == UInt8(ascii: "\\") {
        logical += line.dropLast()
        logical.append(0x20)
        continue
      }
      logical += line
      defer { logical.removeAll(keepingCapacity: true) }
      let tokens = logical.split(whereSeparator: { $0 == 0x20 || $0 == 0x09 }).map {
        String(decoding: $0, as: UTF8.self)
      }
      guard let first = tokens.first else { continue }
      if first == "!" || first.hasPrefix("!") {
        var header = tokens
        if first == "!" { header.removeFirst() } else { header[0] = String(first.dropFirst()) }
        guard let equals = header.firstIndex(of: "=") else { return nil }
        if header.first == "include" { return nil }
        if let name = header.first, name.hasPrefix("$") {
          groups[name] = Set(header[(equals + 1)...])
          continue
        }
        columns = Array(header[..<equals])
        component = equals + 1 < header.count ? header[equals + 1] : ""
        continue
      }
      guard let equals = tokens.firstIndex(of: "="), equals == columns.count,
        equals + 1 < tokens.count
      else { continue }
      position += 1
      // Geometry is not in the keymap; a line with an option needs an option to apply; a
      // second layout's or variant's column needs a second layout.
      guard component != "geometry",
        !columns.contains(where: {
          $0.hasPrefix("option") || ($0.contains("[") && !$0.hasSuffix("[1]"))
        })
      else { continue }
      var layout: String?
      var variant: String?
      var applies = true
      for (column, pattern) in zip(columns, tokens) {
        switch column {
        case "model": applies = applies && Self.matches(pattern, FlatLayoutSource.model, groups)
        case "layout", "layout[1]": layout = pattern
        case "variant", "variant[1]": variant = pattern
        default: return nil
        }
      }
      guard applies else { continue }
      let expands = tokens[equals + 1].contains("%")
      if layout ?? "*" == "*", variant ?? "*" == "*" {
        // A line for every layout: the same for all, unless it expands a layout or variant
        // into a section that is shared.
        if expands, component != "symbols",
          tokens[equals + 1].contains(where: { "lv([".contains($0) })
        {
          return nil
        }
        continue
      }
      lines.append(
        Line(
          position: position, component: component, layout: layout, variant: variant,
          expands: expands))
    }
    self.groups = groups
    self.lines = lines
    for (index, line) in lines.enumerated() {
      switch line.layout {
      case nil, "*": linesForAnyLayout.append(index)
      case let pattern? where pattern.hasPrefix("$"):
        for layout in groups[pattern] ?? [] { linesByLayout[layout, default: []].append(index) }
      case let pattern?: linesByLayout[pattern, default: []].append(index)
      }
    }
  }

  /// Where a line's `//` comment starts, if it has one.
  static func comment(in line: ArraySlice<UInt8>) -> Int? {
    var index = line.startIndex
    while index + 1 < line.endIndex {
      if line[index] == UInt8(ascii: "/"), line[index + 1] == UInt8(ascii: "/") { return index }
      index += 1
    }
    return nil
  }

  /// Whether a pattern (`*`, a name or a `$group`) matches a value.
  static func matches(_ pattern: String, _ value: String, _ groups: [String: Set<String>]) -> Bool {
    if pattern == "*" { return true }
    if pattern.hasPrefix("$") { return groups[pattern]?.contains(value) ?? false }
    return pattern == value
  }

  /// A layout's class, or nil when it is compiled by names: when a line other than a keycodes
  /// line names it, when a keycodes line that names it expands, or when its name is not a plain
  /// name (letters, digits, `_` and `-`).
  func flatClass(of name: LayoutName) -> FlatLayoutClass? {
    func plain(_ text: String) -> Bool {
      !text.isEmpty
        && text.utf8.allSatisfy {
          ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A)
            || $0 == 0x5F || $0 == 0x2D
        }
    }
    guard plain(name.layout), name.variant.map(plain) ?? true else { return nil }
    var keycodes: [Int] = []
    // Only the lines whose layout pattern can match, in order: the index finds them.
    for index in ((linesByLayout[name.layout] ?? []) + linesForAnyLayout).sorted() {
      let line = lines[index]
      guard Self.matches(line.layout ?? "*", name.layout, groups),
        Self.matches(line.variant ?? "*", name.variant ?? "", groups)
      else { continue }
      guard line.component == "keycodes", !line.expands else { return nil }
      keycodes.append(line.position)
    }
    return FlatLayoutClass(keycodesLines: keycodes, hasVariant: name.variant != nil)
  }
}

/// The `evdev` section of the XKB data's `symbols/inet` file, as the names compile includes it
/// with `inet(evdev)`: the file of the first include path that has one.
enum InetSymbols {
  /// The statements between the braces of `xkb_symbols "evdev"` in the first `symbols/inet`
  /// of the include paths, verbatim; nil when there is no such file or section, or the section
  /// includes another (its statements then do not stand alone).
  static func evdevStatements(includePaths: [String]) -> String? {
    guard
      let data = includePaths.lazy.compactMap({
        FileManager.default.contents(atPath: $0 + "/symbols/inet")
      }).first
    else { return nil }
    return section("evdev", in: Array(data))
  }

  /// The body of the section `xkb_symbols "NAME"` of a symbols file, read with
  /// libxkbcommon's scanner's rules (``XKBTokenScanner``): the bytes between the section's
  /// braces, verbatim. Nil when the file has no such section at its top level, has it twice,
  /// has something the scanner rejects or braces that do not pair, or when the section includes
  /// another file.
  static func section(_ name: String, in bytes: [UInt8]) -> String? {
    var scanner = XKBTokenScanner(bytes)
    let wanted = Array(name.utf8)
    var found: Range<Int>?
    var depth = 0
    var bodyStart: Int?
    // The last two tokens before the current one, for the header `xkb_symbols "NAME" {`.
    var previous: (XKBTokenScanner.Token?, XKBTokenScanner.Token?) = (nil, nil)
    while let token = scanner.next() {
      defer { previous = (previous.1, token) }
      guard token.kind == .punctuation else { continue }
      switch scanner.bytes[token.range.lowerBound] {
      case UInt8(ascii: "{"):
        if depth == 0, let keyword = previous.0, let string = previous.1,
          scanner.isKeyword(keyword, "xkb_symbols"), string.kind == .string,
          scanner.stringValue(of: string) == wanted
        {
          guard found == nil, bodyStart == nil else { return nil }
          bodyStart = token.range.upperBound
        }
        depth += 1
      case UInt8(ascii: "}"):
        guard depth > 0 else { return nil }
        depth -= 1
        if depth == 0, let start = bodyStart {
          found = start..<token.range.lowerBound
          bodyStart = nil
        }
      default: continue
      }
    }
    guard !scanner.failed, depth == 0, let found else { return nil }
    // A statement that includes another file would read it relative to this section: a merge
    // mode (`include`, `augment`, `override`, `replace`, `alternate`) before a string.
    var body = XKBTokenScanner(Array(bytes[found]))
    var mergeMode = false
    while let token = body.next() {
      if mergeMode, token.kind == .string { return nil }
      mergeMode = ["include", "augment", "override", "replace", "alternate"].contains {
        body.isKeyword(token, $0)
      }
    }
    return String(decoding: bytes[found], as: UTF8.self)
  }
}
