/// The reversible spelling of MenuKit's action names as GAction names.
///
/// A GAction name may only hold ASCII letters, digits, `-` and `.`, so `copy:` is not one.
/// Letters, digits and `.` are kept; every other byte of the name's UTF-8 is written `-` and
/// two lowercase hex digits: `copy:` is `copy-3a`, `app.open-file` is `app.open-2dfile`. An
/// ``Action`` (a closure element, which has no action name) is exported under its identifier
/// after `--`, which no encoded action name starts with.
///
/// MenuKitDBus's `org.gtk.Actions` export and MenuKitGTK's actions both use it.
///
/// ```swift
/// GActionName.encode("copy:")           // "copy-3a"
/// GActionName.decode("copy-3a")         // "copy:"
/// GActionName.encode("app.openDocument") // "app.openDocument"
/// ```
public enum GActionName {
  /// The GAction name of an action name.
  public static func encode(_ action: ActionName) -> String {
    escape(action.rawValue)
  }

  /// The action name a GAction name encodes; nil when it is not one ``encode(_:)`` writes
  /// (`copy-3A`, `copy-zz` and `--item` are not).
  public static func decode(_ name: String) -> ActionName? {
    guard !name.hasPrefix("--"), let text = unescape(name), escape(text) == name else {
      return nil
    }
    return ActionName(rawValue: text)
  }

  /// The GAction name of a closure action's identifier.
  package static func encode(actionIdentifier identifier: ActionIdentifier) -> String {
    "--" + escape(identifier.rawValue)
  }

  private static func escape(_ text: String) -> String {
    var result = ""
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."):
        result.append(Character(Unicode.Scalar(byte)))
      default:
        let hex = String(byte, radix: 16)
        result += "-" + (hex.count == 1 ? "0" + hex : hex)
      }
    }
    return result
  }

  private static func unescape(_ name: String) -> String? {
    var bytes: [UInt8] = []
    var iterator = Array(name.utf8).makeIterator()
    while let byte = iterator.next() {
      guard byte == UInt8(ascii: "-") else {
        bytes.append(byte)
        continue
      }
      guard let high = iterator.next(), let low = iterator.next(),
        let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16)
      else { return nil }
      bytes.append(value)
    }
    return String(validating: bytes, as: UTF8.self)
  }
}
