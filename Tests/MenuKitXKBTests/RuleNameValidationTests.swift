import Foundation
import MenuKitXKB
import Testing

/// A rule name and whether it is valid: a nil reason, or the start of the reason it is not.
struct NameCase: CustomTestStringConvertible, Sendable {
  var field: XKBKeymap.RuleNames.Field
  var value: String
  var reason: String?
  var testDescription: String { "\(field.rawValue) '\(value.debugDescription)'" }
}

private let nameCases: [NameCase] = [
  NameCase(field: .layout, value: "us", reason: nil),
  NameCase(field: .layout, value: "us,de(nodeadkeys),ru", reason: nil),
  NameCase(field: .layout, value: "", reason: nil),
  NameCase(field: .variant, value: ",dvorak-alt-intl", reason: nil),
  NameCase(field: .options, value: "grp:alt_shift_toggle,ctrl:nocaps,lv3:ralt_switch", reason: nil),
  NameCase(field: .model, value: "pc105+inet", reason: nil),
  NameCase(field: .rules, value: "evdev", reason: nil),
  NameCase(field: .layout, value: "../../etc/passwd", reason: "'/' is not allowed"),
  NameCase(field: .layout, value: "/etc/passwd", reason: "'/' is not allowed"),
  NameCase(field: .rules, value: "..", reason: "'..' is not allowed"),
  NameCase(field: .variant, value: "a..b", reason: "'..' is not allowed"),
  NameCase(field: .layout, value: "us\u{0}", reason: "it contains the control character U+0000"),
  NameCase(field: .layout, value: "us\n", reason: "it contains the control character U+000A"),
  NameCase(field: .options, value: "a b", reason: "' ' is not allowed"),
  NameCase(field: .layout, value: "ü", reason: "'ü' is not allowed"),
  NameCase(field: .layout, value: "us;rm", reason: "';' is not allowed"),
  NameCase(field: .layout, value: String(repeating: "a", count: 1024), reason: nil),
  NameCase(
    field: .layout, value: String(repeating: "a", count: 1025),
    reason: "it is 1025 bytes long, and the limit is 1024 bytes"),
]

@Suite("XKB rule names are names")
struct RuleNameValidationTests {
  @Test("the one rule for RMLVO names", arguments: nameCases)
  func rule(_ nameCase: NameCase) {
    do {
      try XKBKeymap.RuleNames.validate(nameCase.value, as: nameCase.field)
      #expect(nameCase.reason == nil)
    } catch {
      #expect(error.field == nameCase.field)
      #expect(error.reason.hasPrefix(nameCase.reason ?? "(valid)"), "\(error)")
    }
  }

  @Test("every name the installed xkb-data lists is valid")
  func installedNames() throws {
    let list = try String(contentsOfFile: "/usr/share/X11/xkb/rules/evdev.lst", encoding: .utf8)
    var count = 0
    for line in list.split(separator: "\n") where !line.hasPrefix("!") {
      guard let name = line.split(separator: " ").first else { continue }
      #expect(throws: Never.self) { try XKBKeymap.RuleNames.validate(String(name), as: .options) }
      count += 1
    }
    #expect(count > 500)
  }

  @Test("the message names the field and escapes the value")
  func message() {
    let error = XKBRuleNameError(field: .layout, value: "us\u{1B}[2J", reason: "no")
    #expect(error.description == #"bad layout 'us\u{001B}[2J': no"#)
    let long = XKBRuleNameError(
      field: .layout, value: String(repeating: "a", count: 100), reason: "no")
    #expect(long.description == "bad layout '\(String(repeating: "a", count: 60))…': no")
  }

  @Test("compiling refuses a path before libxkbcommon opens a file")
  func compileRefuses() {
    do {
      _ = try XKBKeymap(context: .system(), names: .init(layout: "../../../../etc/passwd"))
      Issue.record("expected an error")
    } catch {
      #expect(error.operation == "xkb_keymap_new_from_names")
      #expect(error.message.contains("bad layout '../../../../etc/passwd'"))
      #expect(error.logLines == [])
    }
  }

  @Test("the system context searches the system's XKB data and nothing else")
  func systemContext() throws {
    #expect(XKBContext.system().includePaths == [XKBContext.systemIncludePath])
    let extra = FileManager.default.temporaryDirectory.path
    #expect(XKBContext.system(includePaths: [extra]).includePaths == [extra, "/usr/share/X11/xkb"])
    let keymap = try XKBKeymap(context: .system(), names: .init(layout: "de"))
    #expect(keymap.layoutNames == ["German"])
  }
}
