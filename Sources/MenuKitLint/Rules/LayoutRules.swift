public import MenuKit
import MenuKitXKB

/// MK605: a shortcut whose character no key of a layout types.
///
/// Letters are not checked: on a non-Latin layout the Latin fallback matches them by the
/// physical key (decision 5). Each affected layout gets a note with the relocation that
/// automatic localization uses, or says that there is none.
public struct UntypableShortcutRule: LintRule {
  /// Creates the rule.
  public init() {}
  /// `MK605 untypable-shortcut`.
  public var code: DiagnosticCode { .untypableShortcut }

  /// One finding per stroke that some layout cannot type.
  public func check(_ model: LintModel) -> [LintFinding] {
    LayoutCheck(model: model).findings(code: code) { keyboard, input, _ in
      guard case .unreachable = keyboard.reachability(of: input) else { return nil }
      return "no key types '\(input)'"
    }
  }
}

/// MK606: a shortcut whose character a layout types only at level 3 or higher (AltGr), as
/// `[` on Swedish (AltGr+8): the chord needs AltGr on top of the shortcut's modifiers, and
/// AltGr is Ctrl+Alt on many layouts, so it can collide with Ctrl+Alt shortcuts.
public struct AltGrShortcutRule: LintRule {
  /// Creates the rule.
  public init() {}
  /// `MK606 needs-altgr`.
  public var code: DiagnosticCode { .needsAltGr }

  /// One finding per stroke that some layout types only with AltGr.
  public func check(_ model: LintModel) -> [LintFinding] {
    LayoutCheck(model: model).findings(code: code) { keyboard, input, _ in
      guard case .needsAltGr(let location) = keyboard.reachability(of: input) else {
        return nil
      }
      return
        "'\(input)' is typed with AltGr on \(keyboard.keyLabel(forEvdevCode: location.evdevCode)) "
        + "(level \(location.level))"
    }
  }
}

/// MK607 (a note): a shortcut whose character a layout types directly, but on another
/// physical key or at another level than US QWERTY, where shortcuts are usually designed:
/// `/` is Shift+7 on German, so Ctrl+/ is pressed as Ctrl+Shift+7 there.
public struct MovedKeyRule: LintRule {
  /// Creates the rule.
  public init() {}
  /// `MK607 moved-key`.
  public var code: DiagnosticCode { .movedKey }

  /// One finding per stroke that moves on some layout.
  public func check(_ model: LintModel) -> [LintFinding] {
    guard let us = model.layouts.us?.reachability else { return [] }
    return LayoutCheck(model: model).findings(code: code, relocates: false) {
      keyboard, input, _ in
      guard case .direct(let here) = keyboard.reachability(of: input),
        let there = us(input).location,
        here.evdevCode != there.evdevCode || here.level != there.level
      else { return nil }
      let shifted = here.level == 2 ? " with Shift" : ""
      return "'\(input)' is typed\(shifted) on \(keyboard.keyLabel(forEvdevCode: here.evdevCode)) "
        + "(level \(here.level)), not on \(keyboard.keyLabel(forEvdevCode: there.evdevCode)) "
        + "(level \(there.level)) as on US QWERTY"
    }
  }
}

/// MK613: a Ctrl+Alt shortcut (without Super) on a key whose AltGr level types a character on
/// a layout, as Ctrl+Alt+L on Polish (AltGr+L is `ł`). Where Ctrl+Alt stands in for AltGr
/// (Windows, remote desktops, some XKB options), the shortcut takes that character.
public struct CtrlAltCollisionRule: LintRule {
  /// Creates the rule.
  public init() {}
  /// `MK613 ctrl-alt-collision`.
  public var code: DiagnosticCode { .ctrlAltCollision }

  /// One finding per Ctrl+Alt stroke whose key has a character at AltGr on some layout.
  public func check(_ model: LintModel) -> [LintFinding] {
    let platform = model.configuration.platform
    return LayoutCheck(model: model).findings(code: code, relocates: false, letters: true) {
      keyboard, input, stroke in
      let physical = platform.physicalModifiers(stroke.modifierFlags)
      guard physical.isSuperset(of: [.control, .alternate]), !physical.contains(.command),
        case .direct(let location) = keyboard.reachability(of: input)
      else { return nil }
      // AltGr is level 3; with Shift, level 4.
      let level = physical.contains(.shift) ? 3 : 2
      guard
        let character = keyboard.keymap.keysyms(
          forEvdevCode: location.evdevCode, layout: 0, level: level
        ).first?.character,
        !character.isWhitespace,
        !(character.unicodeScalars.first?.properties.generalCategory
          == .control)
      else { return nil }
      let shift = physical.contains(.shift) ? "Shift+" : ""
      return "AltGr+\(shift)\(stroke.input.canonicalName.uppercased()) types '\(character)' "
        + "(\(keyboard.keyLabel(forEvdevCode: location.evdevCode)), level \(level + 1))"
    }
  }
}

/// Runs a per-layout question over every stroke of every binding and groups the answers into
/// one finding per stroke, with a note per layout.
struct LayoutCheck {
  let model: LintModel

  /// The findings for a question that returns what is wrong on a layout, or nil.
  func findings(
    code: DiagnosticCode, relocates: Bool = true, letters: Bool = false,
    _ problem: (LayoutKeyboard, KeyInput, KeyboardShortcut) -> String?
  ) -> [LintFinding] {
    guard !model.keyboards.isEmpty else { return [] }
    let platform = model.configuration.platform
    var findings: [LintFinding] = []
    for binding in model.activeBindings {
      guard case .perform = binding.binding.effect else { continue }
      for stroke in binding.binding.keys.strokes {
        let input = KeyInput.comparable(stroke.input)
        guard Self.isChecked(input, letters: letters) else { continue }
        var notes: [LintNote] = []
        for keyboard in model.keyboards {
          guard let what = problem(keyboard, input, stroke) else { continue }
          var text = "\(keyboard.name): \(what)"
          let localizes =
            !(binding.binding.location.map {
              model.documents[binding.document].unlocalizedKeyCommands.contains($0)
            } ?? false)
          if relocates, !localizes {
            text += "; automatic localization is off for this key command"
          } else if relocates {
            if let relocated = keyboard.relocatedKey(for: input) {
              let shortcut = KeyboardShortcut(
                relocated.input,
                modifierFlags: stroke.modifierFlags.union(relocated.extraModifiers))
              text +=
                "; automatic localization relocates it to \(shortcut.label(for: platform)) "
                + "(\(keyboard.keyLabel(forEvdevCode: relocated.evdevCode)), level "
                + "\(relocated.level))"
            } else {
              text += "; automatic localization does not relocate it"
            }
          }
          notes.append(LintNote(text, layout: keyboard.name.description))
        }
        guard !notes.isEmpty else { continue }
        let layouts = notes.compactMap(\.layout)
        let on =
          layouts.count == 1
          ? layouts[0]
          : "\(layouts.count) layouts (\(layouts.prefix(6).joined(separator: ", "))"
            + (layouts.count > 6 ? ", …)" : ")")
        let label = stroke.label(for: platform)
        let what: String
        switch code {
        case .untypableShortcut: what = "cannot be typed on \(on)"
        case .needsAltGr: what = "needs AltGr on \(on)"
        case .ctrlAltCollision: what = "is on a key whose AltGr level types a character on \(on)"
        default: what = "is on another key on \(on)"
        }
        let inSequence =
          binding.binding.keys.strokes.count > 1 ? " in \(model.label(binding))" : ""
        findings.append(
          LintFinding(
            Diagnostic(
              code,
              "\(label)\(inSequence) (\(LintModel.describe(binding.binding.effect))) \(what)",
              at: binding.binding.location), notes: notes))
      }
    }
    return findings
  }

  /// Whether an input's reachability is checked: a single character that is not a letter
  /// (or any single character, with `letters`).
  static func isChecked(_ input: KeyInput, letters: Bool = false) -> Bool {
    guard input.specialKey == nil, input.modifierKey == nil, let text = input.characters,
      text.count == 1
    else { return false }
    return letters || text.lowercased() == text.uppercased()
  }
}
