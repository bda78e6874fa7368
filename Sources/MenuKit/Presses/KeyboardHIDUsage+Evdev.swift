// The mapping between Linux evdev key codes and USB HID keyboard-page usages.
//
// The source is the Linux kernel's `hid_keyboard[256]` table (drivers/hid/hid-input.c, as of
// Linux 6.12), which says which evdev code a USB keyboard's usage becomes. MenuKit reads it in
// both directions:
//
// - usage → evdev is the kernel's table for usages 0x00–0xE7 (the keyboard page up to Right
//   GUI), plus two usages the kernel leaves out that have an evdev code of the same name;
// - evdev → usage is its inverse. Where the kernel sends several usages to one code, the
//   inverse picks the usage UIKit names for that key.
//
// Decisions:
//
// - Usages 0xE8–0xFF are excluded. The kernel maps them to media keys (KEY_PLAYPAUSE,
//   KEY_WWW, KEY_CALC…) for some keyboards, but they are not keyboard-page usages: the HID
//   specification reserves them and UIKit names none of them. Including them would also make
//   KEY_MUTE, KEY_VOLUMEUP, KEY_VOLUMEDOWN, KEY_STOP and KEY_FIND ambiguous.
// - Duplicates inside 0x00–0xE7, resolved toward the usage UIKit names for the key:
//   - KEY_BACKSLASH (43) ← 0x31 keyboardBackslash and 0x32 keyboardNonUSPound. Linux reports
//     the ANSI key above Return and the ISO key left of Return with the same code, so the
//     inverse cannot tell them apart; it answers keyboardBackslash (the ANSI name, as on a US
//     keyboard).
//   - KEY_DELETE (111) ← 0x4C keyboardDeleteForward, 0x9C keyboardClear and 0xD8 (Keypad
//     Clear, which UIKit does not name). The inverse answers keyboardDeleteForward, the key
//     every full-size keyboard has.
//   KEY_MUTE (113), KEY_VOLUMEUP (115) and KEY_VOLUMEDOWN (114) are duplicated only by the
//   excluded media usages 0xEF, 0xED and 0xEE, so they map to 0x7F keyboardMute, 0x80
//   keyboardVolumeUp and 0x81 keyboardVolumeDown without a choice to make.
// - Extensions beyond the kernel's table, where a usage UIKit names has an evdev code of the
//   same meaning that no other usage claims:
//   - 0x99 keyboardAlternateErase ↔ KEY_ALTERASE (222);
//   - 0x9B keyboardCancel ↔ KEY_CANCEL (223).
//   (The Japanese and Korean keys — International1–6, LANG1–5 — and keypadComma are in the
//   kernel's table already: KEY_RO, KEY_KATAKANAHIRAGANA, KEY_YEN, KEY_HENKAN, KEY_MUHENKAN,
//   KEY_KPJPCOMMA, KEY_HANGEUL, KEY_HANJA, KEY_KATAKANA, KEY_HIRAGANA, KEY_ZENKAKUHANKAKU and
//   KEY_KPCOMMA.)
// - Usages UIKit names that have no evdev code: the error codes (0x01–0x03), the locking
//   keys (0x82–0x84, which Linux never reports), keypadEqualSignAS400 (0x86, whose only
//   candidate KEY_KPEQUAL belongs to 0x67), International7–9 (0x8D–0x8F), LANG6–9
//   (0x95–0x98), keyboardSysReqOrAttention (0x9A; KEY_SYSRQ is what the Print Screen key
//   0x46 sends), keyboardPrior (0x9D; KEY_PAGEUP is 0x4B's), keyboardReturn (0x9E; KEY_ENTER
//   is 0x28's), keyboardSeparator (0x9F), keyboardOut (0xA0), keyboardOper (0xA1),
//   keyboardClearOrAgain (0xA2; KEY_AGAIN is 0x79's), keyboardCrSelOrProps (0xA3; KEY_PROPS
//   is 0x76's), keyboardExSel (0xA4) and keyboard_Reserved (0xFFFF).
// - The kernel's choices for the Sun-style keys are kept: 0x74 keyboardExecute ↔ KEY_OPEN,
//   0x76 keyboardMenu ↔ KEY_PROPS, 0x77 keyboardSelect ↔ KEY_FRONT; and 0x65
//   keyboardApplication (the context-menu key) ↔ KEY_COMPOSE, 0x46 keyboardPrintScreen ↔
//   KEY_SYSRQ, 0x64 keyboardNonUSBackslash ↔ KEY_102ND, 0xE3/0xE7 left/right GUI ↔
//   KEY_LEFTMETA/KEY_RIGHTMETA.

extension KeyboardHIDUsage {
  /// The usage of the key that sends an evdev key code, or nil when the code has none.
  ///
  /// This is the inverse of the Linux kernel's HID keyboard table: it says which key of a USB
  /// keyboard produces `KEY_A`, `KEY_ENTER` and so on. Codes that no keyboard-page usage
  /// produces — mouse buttons, media keys such as `KEY_PLAYPAUSE`, `KEY_UNKNOWN` — give nil.
  /// Where several usages send one code, the one UIKit names for the key wins: `KEY_BACKSLASH`
  /// is ``keyboardBackslash`` (not ``keyboardNonUSPound``) and `KEY_DELETE` is
  /// ``keyboardDeleteForward`` (not ``keyboardClear``).
  ///
  /// ```swift
  /// KeyboardHIDUsage(evdevCode: 30)   // keyboardA (KEY_A)
  /// KeyboardHIDUsage(evdevCode: 164)  // nil (KEY_PLAYPAUSE)
  /// ```
  ///
  /// - Parameter evdevCode: A Linux evdev key code, from 0 to `KEY_MAX` (0x2FF).
  public init?(evdevCode: Int) {
    let table = EvdevHIDTables.usageForEvdev
    guard table.indices.contains(evdevCode), table[evdevCode] != 0 else { return nil }
    self.init(rawValue: Int(table[evdevCode]))
  }

  /// The evdev key code Linux reports for this key, or nil when it reports none.
  ///
  /// This is the Linux kernel's HID keyboard table for usages up to 0xE7 (Right GUI), plus
  /// ``keyboardAlternateErase`` (`KEY_ALTERASE`) and ``keyboardCancel`` (`KEY_CANCEL`). Usages
  /// Linux never reports, such as the error codes and the locking keys, give nil. Two usages
  /// share a code with another: ``keyboardNonUSPound`` reports `KEY_BACKSLASH` like
  /// ``keyboardBackslash``, and ``keyboardClear`` reports `KEY_DELETE` like
  /// ``keyboardDeleteForward``; for them `KeyboardHIDUsage(evdevCode: usage.evdevCode!)` is the
  /// other usage.
  ///
  /// ```swift
  /// KeyboardHIDUsage.keyboardA.evdevCode                // 30 (KEY_A)
  /// KeyboardHIDUsage.keyboardLockingCapsLock.evdevCode  // nil
  /// ```
  public var evdevCode: Int? {
    let table = EvdevHIDTables.evdevForUsage
    guard table.indices.contains(rawValue), table[rawValue] != 0 else { return nil }
    return Int(table[rawValue])
  }
}

/// The two lookup tables between evdev codes and keyboard-page usages, built once.
private enum EvdevHIDTables {
  /// The largest evdev key code (`KEY_MAX`).
  static let evdevKeyMax = 0x2FF

  /// The evdev code of each usage from 0x00 to 0xE7; 0 for none.
  ///
  /// The first 0xE8 entries of the kernel's `hid_keyboard[256]` (Linux 6.12, where `unk`, which
  /// the kernel ignores, is written 0), with the extensions described at the top of this file.
  static let evdevForUsage: [UInt16] = {
    // swift-format-ignore
    var table: [UInt16] = [
      //  0    1    2    3    4    5    6    7    8    9    A    B    C    D    E    F
        0,   0,   0,   0,  30,  48,  46,  32,  18,  33,  34,  35,  23,  36,  37,  38,  // 0x00
       50,  49,  24,  25,  16,  19,  31,  20,  22,  47,  17,  45,  21,  44,   2,   3,  // 0x10
        4,   5,   6,   7,   8,   9,  10,  11,  28,   1,  14,  15,  57,  12,  13,  26,  // 0x20
       27,  43,  43,  39,  40,  41,  51,  52,  53,  58,  59,  60,  61,  62,  63,  64,  // 0x30
       65,  66,  67,  68,  87,  88,  99,  70, 119, 110, 102, 104, 111, 107, 109, 106,  // 0x40
      105, 108, 103,  69,  98,  55,  74,  78,  96,  79,  80,  81,  75,  76,  77,  71,  // 0x50
       72,  73,  82,  83,  86, 127, 116, 117, 183, 184, 185, 186, 187, 188, 189, 190,  // 0x60
      191, 192, 193, 194, 134, 138, 130, 132, 128, 129, 131, 137, 133, 135, 136, 113,  // 0x70
      115, 114,   0,   0,   0, 121,   0,  89,  93, 124,  92,  94,  95,   0,   0,   0,  // 0x80
      122, 123,  90,  91,  85,   0,   0,   0,   0,   0,   0,   0, 111,   0,   0,   0,  // 0x90
        0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,  // 0xA0
        0,   0,   0,   0,   0,   0, 179, 180,   0,   0,   0,   0,   0,   0,   0,   0,  // 0xB0
        0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,  // 0xC0
        0,   0,   0,   0,   0,   0,   0,   0, 111,   0,   0,   0,   0,   0,   0,   0,  // 0xD0
       29,  42,  56, 125,  97,  54, 100, 126,                                          // 0xE0
    ]
    // Usages UIKit names that the kernel leaves out, with an evdev code of the same name.
    table[0x99] = 222  // keyboardAlternateErase ↔ KEY_ALTERASE
    table[0x9B] = 223  // keyboardCancel ↔ KEY_CANCEL
    return table
  }()

  /// The usage of each evdev code from 0 to `KEY_MAX`; 0 for none.
  ///
  /// Built by walking the usages upward and keeping the first usage of each code, which gives
  /// the documented choices for the duplicates: KEY_BACKSLASH → 0x31 (not 0x32) and
  /// KEY_DELETE → 0x4C (not 0x9C or 0xD8).
  static let usageForEvdev: [UInt8] = {
    var table = [UInt8](repeating: 0, count: evdevKeyMax + 1)
    for (usage, code) in evdevForUsage.enumerated() where code != 0 && table[Int(code)] == 0 {
      table[Int(code)] = UInt8(usage)
    }
    return table
  }()
}
