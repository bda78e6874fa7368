internal import CGLib

/// A D-Bus value in Swift: what the services build and read, converted to and from GVariant
/// only at the edge (``gvariant()`` and ``init(_:)``), so no C type leaves this folder.
///
/// Arrays carry their element signature, so that an empty array has a type.
package indirect enum DBusValue: Hashable, Sendable {
  /// `b`.
  case boolean(Bool)
  /// `y`.
  case byte(UInt8)
  /// `i`.
  case int32(Int32)
  /// `u`.
  case uint32(UInt32)
  /// `x`.
  case int64(Int64)
  /// `t`.
  case uint64(UInt64)
  /// `d`.
  case double(Double)
  /// `s`.
  case string(String)
  /// `o`.
  case objectPath(String)
  /// `g`.
  case signature(String)
  /// `v`.
  case variant(DBusValue)
  /// `a…`: the element signature and the elements.
  case array(String, [DBusValue])
  /// `{kv}`, an element of a dictionary (an array of entries).
  case dictEntry(DBusValue, DBusValue)
  /// `(…)`.
  case tuple([DBusValue])

  /// The value's D-Bus signature.
  package var signature: String {
    switch self {
    case .boolean: "b"
    case .byte: "y"
    case .int32: "i"
    case .uint32: "u"
    case .int64: "x"
    case .uint64: "t"
    case .double: "d"
    case .string: "s"
    case .objectPath: "o"
    case .signature: "g"
    case .variant: "v"
    case .array(let element, _): "a" + element
    case .dictEntry(let key, let value): "{" + key.signature + value.signature + "}"
    case .tuple(let items): "(" + items.map(\.signature).joined() + ")"
    }
  }

  /// A dictionary `a{sv}` from string keys to values wrapped in variants, in key order.
  package static func vardict(_ entries: [String: DBusValue]) -> DBusValue {
    .array(
      "{sv}", entries.keys.sorted().map { .dictEntry(.string($0), .variant(entries[$0]!)) })
  }

  /// A string array `as`.
  package static func strings(_ strings: [String]) -> DBusValue {
    .array("s", strings.map { .string($0) })
  }
}

// MARK: - Reading

extension DBusValue {
  /// The string of a `s`, `o` or `g` value.
  package var stringValue: String? {
    switch self {
    case .string(let text), .objectPath(let text), .signature(let text): text
    default: nil
    }
  }

  /// The integer of any integer value, when it fits.
  package var intValue: Int? {
    switch self {
    case .byte(let value): Int(value)
    case .int32(let value): Int(value)
    case .uint32(let value): Int(value)
    case .int64(let value): Int(value)
    case .uint64(let value): Int(exactly: value)
    default: nil
    }
  }

  /// The boolean of a `b` value.
  package var boolValue: Bool? {
    if case .boolean(let value) = self { return value }
    return nil
  }

  /// The children of an array or tuple; empty for anything else.
  package var items: [DBusValue] {
    switch self {
    case .array(_, let items), .tuple(let items): items
    default: []
    }
  }

  /// The value inside a variant, or the value itself.
  package var unwrapped: DBusValue {
    if case .variant(let inner) = self { return inner.unwrapped }
    return self
  }

  /// The entries of an `a{s…}` dictionary, variants unwrapped.
  package var dictionary: [String: DBusValue] {
    var result: [String: DBusValue] = [:]
    for item in items {
      if case .dictEntry(let key, let value) = item, let key = key.stringValue {
        result[key] = value.unwrapped
      }
    }
    return result
  }

  /// The `index`th child of a tuple or array, or nil.
  package subscript(index: Int) -> DBusValue? {
    let items = self.items
    return items.indices.contains(index) ? items[index] : nil
  }
}

// MARK: - GVariant

extension DBusValue {
  /// A new floating GVariant holding the value.
  func gvariant() -> OpaquePointer {
    switch self {
    case .boolean(let value): return g_variant_new_boolean(value ? 1 : 0)
    case .byte(let value): return g_variant_new_byte(value)
    case .int32(let value): return g_variant_new_int32(value)
    case .uint32(let value): return g_variant_new_uint32(value)
    case .int64(let value): return g_variant_new_int64(gint64(value))
    case .uint64(let value): return g_variant_new_uint64(guint64(value))
    case .double(let value): return g_variant_new_double(value)
    case .string(let value): return g_variant_new_string(value)
    case .objectPath(let value): return g_variant_new_object_path(value)
    case .signature(let value): return g_variant_new_signature(value)
    case .variant(let inner): return g_variant_new_variant(inner.gvariant())
    case .dictEntry(let key, let value):
      return g_variant_new_dict_entry(key.gvariant(), value.gvariant())
    case .array(let element, let items):
      var children: [OpaquePointer?] = items.map { $0.gvariant() }
      return element.withCString { type in
        children.withUnsafeMutableBufferPointer {
          g_variant_new_array(menukit_variant_type(type), $0.baseAddress, gsize($0.count))
        }
      }
    case .tuple(let items):
      var children: [OpaquePointer?] = items.map { $0.gvariant() }
      return children.withUnsafeMutableBufferPointer {
        g_variant_new_tuple($0.baseAddress, gsize($0.count))
      }
    }
  }

  /// The value of a GVariant (not consumed).
  init(_ variant: OpaquePointer) {
    let type = String(cString: g_variant_get_type_string(variant))
    switch type.first {
    case "b": self = .boolean(g_variant_get_boolean(variant) != 0)
    case "y": self = .byte(g_variant_get_byte(variant))
    case "n": self = .int32(Int32(g_variant_get_int16(variant)))
    case "q": self = .uint32(UInt32(g_variant_get_uint16(variant)))
    case "i", "h": self = .int32(g_variant_get_int32(variant))
    case "u": self = .uint32(g_variant_get_uint32(variant))
    case "x": self = .int64(Int64(g_variant_get_int64(variant)))
    case "t": self = .uint64(UInt64(g_variant_get_uint64(variant)))
    case "d": self = .double(g_variant_get_double(variant))
    case "s": self = .string(String(cString: g_variant_get_string(variant, nil)))
    case "o": self = .objectPath(String(cString: g_variant_get_string(variant, nil)))
    case "g": self = .signature(String(cString: g_variant_get_string(variant, nil)))
    case "v":
      let inner = g_variant_get_variant(variant)!
      defer { g_variant_unref(inner) }
      self = .variant(DBusValue(inner))
    default:
      let children = (0..<g_variant_n_children(variant)).map { index in
        let child = g_variant_get_child_value(variant, index)!
        defer { g_variant_unref(child) }
        return DBusValue(child)
      }
      switch type.first {
      case "a": self = .array(String(type.dropFirst()), children)
      case "{": self = .dictEntry(children[0], children[1])
      default: self = .tuple(children)
      }
    }
  }
}
