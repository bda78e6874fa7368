/// A USB HID usage of the keyboard page (0x07): the physical position of a key, as UIKit's
/// `UIKeyboardHIDUsage`.
///
/// The usage names a key by where it is, not by what it types: the key right of Tab is
/// ``keyboardQ`` on every layout, though it types `a` on AZERTY. Every usage UIKit names has a
/// static member with UIKit's name; any other value is kept as it is.
///
/// ```swift
/// KeyboardHIDUsage.keyboardA.rawValue  // 0x04
/// KeyboardHIDUsage(evdevCode: 30)      // keyboardA (KEY_A)
/// ```
public struct KeyboardHIDUsage: RawRepresentable, Hashable, Comparable, Sendable,
  CustomStringConvertible
{
  /// The usage number on the keyboard page.
  public let rawValue: Int

  /// Creates a usage from its number.
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// UIKit's name of the usage, such as `keyboardA`, or its number in hexadecimal.
  public var description: String {
    Self.names[rawValue] ?? "0x" + String(rawValue, radix: 16)
  }

  /// Orders usages by their numbers.
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

// MARK: - Usages

// Alphabetical keys

extension KeyboardHIDUsage {
  /// The raw usage code 4 (0x04).
  public static let keyboardA = KeyboardHIDUsage(rawValue: 0x04)
  /// The raw usage code 5 (0x05).
  public static let keyboardB = KeyboardHIDUsage(rawValue: 0x05)
  /// The raw usage code 6 (0x06).
  public static let keyboardC = KeyboardHIDUsage(rawValue: 0x06)
  /// The raw usage code 7 (0x07).
  public static let keyboardD = KeyboardHIDUsage(rawValue: 0x07)
  /// The raw usage code 8 (0x08).
  public static let keyboardE = KeyboardHIDUsage(rawValue: 0x08)
  /// The raw usage code 9 (0x09).
  public static let keyboardF = KeyboardHIDUsage(rawValue: 0x09)
  /// The raw usage code 10 (0x0A).
  public static let keyboardG = KeyboardHIDUsage(rawValue: 0x0A)
  /// The raw usage code 11 (0x0B).
  public static let keyboardH = KeyboardHIDUsage(rawValue: 0x0B)
  /// The raw usage code 12 (0x0C).
  public static let keyboardI = KeyboardHIDUsage(rawValue: 0x0C)
  /// The raw usage code 13 (0x0D).
  public static let keyboardJ = KeyboardHIDUsage(rawValue: 0x0D)
  /// The raw usage code 14 (0x0E).
  public static let keyboardK = KeyboardHIDUsage(rawValue: 0x0E)
  /// The raw usage code 15 (0x0F).
  public static let keyboardL = KeyboardHIDUsage(rawValue: 0x0F)
  /// The raw usage code 16 (0x10).
  public static let keyboardM = KeyboardHIDUsage(rawValue: 0x10)
  /// The raw usage code 17 (0x11).
  public static let keyboardN = KeyboardHIDUsage(rawValue: 0x11)
  /// The raw usage code 18 (0x12).
  public static let keyboardO = KeyboardHIDUsage(rawValue: 0x12)
  /// The raw usage code 19 (0x13).
  public static let keyboardP = KeyboardHIDUsage(rawValue: 0x13)
  /// The raw usage code 20 (0x14).
  public static let keyboardQ = KeyboardHIDUsage(rawValue: 0x14)
  /// The raw usage code 21 (0x15).
  public static let keyboardR = KeyboardHIDUsage(rawValue: 0x15)
  /// The raw usage code 22 (0x16).
  public static let keyboardS = KeyboardHIDUsage(rawValue: 0x16)
  /// The raw usage code 23 (0x17).
  public static let keyboardT = KeyboardHIDUsage(rawValue: 0x17)
  /// The raw usage code 24 (0x18).
  public static let keyboardU = KeyboardHIDUsage(rawValue: 0x18)
  /// The raw usage code 25 (0x19).
  public static let keyboardV = KeyboardHIDUsage(rawValue: 0x19)
  /// The raw usage code 26 (0x1A).
  public static let keyboardW = KeyboardHIDUsage(rawValue: 0x1A)
  /// The raw usage code 27 (0x1B).
  public static let keyboardX = KeyboardHIDUsage(rawValue: 0x1B)
  /// The raw usage code 28 (0x1C).
  public static let keyboardY = KeyboardHIDUsage(rawValue: 0x1C)
  /// The raw usage code 29 (0x1D).
  public static let keyboardZ = KeyboardHIDUsage(rawValue: 0x1D)
}

// Numerical keys

extension KeyboardHIDUsage {
  /// The raw usage code 39 (0x27).
  public static let keyboard0 = KeyboardHIDUsage(rawValue: 0x27)
  /// The raw usage code 30 (0x1E).
  public static let keyboard1 = KeyboardHIDUsage(rawValue: 0x1E)
  /// The raw usage code 31 (0x1F).
  public static let keyboard2 = KeyboardHIDUsage(rawValue: 0x1F)
  /// The raw usage code 32 (0x20).
  public static let keyboard3 = KeyboardHIDUsage(rawValue: 0x20)
  /// The raw usage code 33 (0x21).
  public static let keyboard4 = KeyboardHIDUsage(rawValue: 0x21)
  /// The raw usage code 34 (0x22).
  public static let keyboard5 = KeyboardHIDUsage(rawValue: 0x22)
  /// The raw usage code 35 (0x23).
  public static let keyboard6 = KeyboardHIDUsage(rawValue: 0x23)
  /// The raw usage code 36 (0x24).
  public static let keyboard7 = KeyboardHIDUsage(rawValue: 0x24)
  /// The raw usage code 37 (0x25).
  public static let keyboard8 = KeyboardHIDUsage(rawValue: 0x25)
  /// The raw usage code 38 (0x26).
  public static let keyboard9 = KeyboardHIDUsage(rawValue: 0x26)
}

// Symbol keys

extension KeyboardHIDUsage {
  /// The raw usage code 49 (0x31).
  public static let keyboardBackslash = KeyboardHIDUsage(rawValue: 0x31)
  /// The raw usage code 48 (0x30).
  public static let keyboardCloseBracket = KeyboardHIDUsage(rawValue: 0x30)
  /// The raw usage code 54 (0x36).
  public static let keyboardComma = KeyboardHIDUsage(rawValue: 0x36)
  /// The raw usage code 46 (0x2E).
  public static let keyboardEqualSign = KeyboardHIDUsage(rawValue: 0x2E)
  /// The raw usage code 45 (0x2D).
  public static let keyboardHyphen = KeyboardHIDUsage(rawValue: 0x2D)
  /// The raw usage code 100 (0x64).
  public static let keyboardNonUSBackslash = KeyboardHIDUsage(rawValue: 0x64)
  /// The raw usage code 50 (0x32).
  public static let keyboardNonUSPound = KeyboardHIDUsage(rawValue: 0x32)
  /// The raw usage code 47 (0x2F).
  public static let keyboardOpenBracket = KeyboardHIDUsage(rawValue: 0x2F)
  /// The raw usage code 55 (0x37).
  public static let keyboardPeriod = KeyboardHIDUsage(rawValue: 0x37)
  /// The raw usage code 52 (0x34).
  public static let keyboardQuote = KeyboardHIDUsage(rawValue: 0x34)
  /// The raw usage code 51 (0x33).
  public static let keyboardSemicolon = KeyboardHIDUsage(rawValue: 0x33)
  /// The raw usage code 159 (0x9F).
  public static let keyboardSeparator = KeyboardHIDUsage(rawValue: 0x9F)
  /// The raw usage code 56 (0x38).
  public static let keyboardSlash = KeyboardHIDUsage(rawValue: 0x38)
  /// The raw usage code 44 (0x2C).
  public static let keyboardSpacebar = KeyboardHIDUsage(rawValue: 0x2C)
}

// Modifier keys

extension KeyboardHIDUsage {
  /// The raw usage code 57 (0x39).
  public static let keyboardCapsLock = KeyboardHIDUsage(rawValue: 0x39)
  /// The raw usage code 226 (0xE2).
  public static let keyboardLeftAlt = KeyboardHIDUsage(rawValue: 0xE2)
  /// The raw usage code 224 (0xE0).
  public static let keyboardLeftControl = KeyboardHIDUsage(rawValue: 0xE0)
  /// The raw usage code 225 (0xE1).
  public static let keyboardLeftShift = KeyboardHIDUsage(rawValue: 0xE1)
  /// The raw usage code 130 (0x82).
  public static let keyboardLockingCapsLock = KeyboardHIDUsage(rawValue: 0x82)
  /// The raw usage code 131 (0x83).
  public static let keyboardLockingNumLock = KeyboardHIDUsage(rawValue: 0x83)
  /// The raw usage code 132 (0x84).
  public static let keyboardLockingScrollLock = KeyboardHIDUsage(rawValue: 0x84)
  /// The raw usage code 230 (0xE6).
  public static let keyboardRightAlt = KeyboardHIDUsage(rawValue: 0xE6)
  /// The raw usage code 228 (0xE4).
  public static let keyboardRightControl = KeyboardHIDUsage(rawValue: 0xE4)
  /// The raw usage code 229 (0xE5).
  public static let keyboardRightShift = KeyboardHIDUsage(rawValue: 0xE5)
  /// The raw usage code 71 (0x47).
  public static let keyboardScrollLock = KeyboardHIDUsage(rawValue: 0x47)
}

// Navigation keys

extension KeyboardHIDUsage {
  /// The raw usage code 80 (0x50).
  public static let keyboardLeftArrow = KeyboardHIDUsage(rawValue: 0x50)
  /// The raw usage code 79 (0x4F).
  public static let keyboardRightArrow = KeyboardHIDUsage(rawValue: 0x4F)
  /// The raw usage code 82 (0x52).
  public static let keyboardUpArrow = KeyboardHIDUsage(rawValue: 0x52)
  /// The raw usage code 81 (0x51).
  public static let keyboardDownArrow = KeyboardHIDUsage(rawValue: 0x51)
  /// The raw usage code 75 (0x4B).
  public static let keyboardPageUp = KeyboardHIDUsage(rawValue: 0x4B)
  /// The raw usage code 78 (0x4E).
  public static let keyboardPageDown = KeyboardHIDUsage(rawValue: 0x4E)
  /// The raw usage code 74 (0x4A).
  public static let keyboardHome = KeyboardHIDUsage(rawValue: 0x4A)
  /// The raw usage code 77 (0x4D).
  public static let keyboardEnd = KeyboardHIDUsage(rawValue: 0x4D)
  /// The raw usage code 76 (0x4C).
  public static let keyboardDeleteForward = KeyboardHIDUsage(rawValue: 0x4C)
  /// The raw usage code 42 (0x2A).
  public static let keyboardDeleteOrBackspace = KeyboardHIDUsage(rawValue: 0x2A)
  /// The raw usage code 41 (0x29).
  public static let keyboardEscape = KeyboardHIDUsage(rawValue: 0x29)
  /// The raw usage code 73 (0x49).
  public static let keyboardInsert = KeyboardHIDUsage(rawValue: 0x49)
  /// The raw usage code 158 (0x9E).
  public static let keyboardReturn = KeyboardHIDUsage(rawValue: 0x9E)
  /// The raw usage code 43 (0x2B).
  public static let keyboardTab = KeyboardHIDUsage(rawValue: 0x2B)
}

// Function keys

extension KeyboardHIDUsage {
  /// The raw usage code 58 (0x3A).
  public static let keyboardF1 = KeyboardHIDUsage(rawValue: 0x3A)
  /// The raw usage code 59 (0x3B).
  public static let keyboardF2 = KeyboardHIDUsage(rawValue: 0x3B)
  /// The raw usage code 60 (0x3C).
  public static let keyboardF3 = KeyboardHIDUsage(rawValue: 0x3C)
  /// The raw usage code 61 (0x3D).
  public static let keyboardF4 = KeyboardHIDUsage(rawValue: 0x3D)
  /// The raw usage code 62 (0x3E).
  public static let keyboardF5 = KeyboardHIDUsage(rawValue: 0x3E)
  /// The raw usage code 63 (0x3F).
  public static let keyboardF6 = KeyboardHIDUsage(rawValue: 0x3F)
  /// The raw usage code 64 (0x40).
  public static let keyboardF7 = KeyboardHIDUsage(rawValue: 0x40)
  /// The raw usage code 65 (0x41).
  public static let keyboardF8 = KeyboardHIDUsage(rawValue: 0x41)
  /// The raw usage code 66 (0x42).
  public static let keyboardF9 = KeyboardHIDUsage(rawValue: 0x42)
  /// The raw usage code 67 (0x43).
  public static let keyboardF10 = KeyboardHIDUsage(rawValue: 0x43)
  /// The raw usage code 68 (0x44).
  public static let keyboardF11 = KeyboardHIDUsage(rawValue: 0x44)
  /// The raw usage code 69 (0x45).
  public static let keyboardF12 = KeyboardHIDUsage(rawValue: 0x45)
  /// The raw usage code 104 (0x68).
  public static let keyboardF13 = KeyboardHIDUsage(rawValue: 0x68)
  /// The raw usage code 105 (0x69).
  public static let keyboardF14 = KeyboardHIDUsage(rawValue: 0x69)
  /// The raw usage code 106 (0x6A).
  public static let keyboardF15 = KeyboardHIDUsage(rawValue: 0x6A)
  /// The raw usage code 107 (0x6B).
  public static let keyboardF16 = KeyboardHIDUsage(rawValue: 0x6B)
  /// The raw usage code 108 (0x6C).
  public static let keyboardF17 = KeyboardHIDUsage(rawValue: 0x6C)
  /// The raw usage code 109 (0x6D).
  public static let keyboardF18 = KeyboardHIDUsage(rawValue: 0x6D)
  /// The raw usage code 110 (0x6E).
  public static let keyboardF19 = KeyboardHIDUsage(rawValue: 0x6E)
  /// The raw usage code 111 (0x6F).
  public static let keyboardF20 = KeyboardHIDUsage(rawValue: 0x6F)
  /// The raw usage code 112 (0x70).
  public static let keyboardF21 = KeyboardHIDUsage(rawValue: 0x70)
  /// The raw usage code 113 (0x71).
  public static let keyboardF22 = KeyboardHIDUsage(rawValue: 0x71)
  /// The raw usage code 114 (0x72).
  public static let keyboardF23 = KeyboardHIDUsage(rawValue: 0x72)
  /// The raw usage code 115 (0x73).
  public static let keyboardF24 = KeyboardHIDUsage(rawValue: 0x73)
}

// Keypad keys

extension KeyboardHIDUsage {
  /// The raw usage code 98 (0x62).
  public static let keypad0 = KeyboardHIDUsage(rawValue: 0x62)
  /// The raw usage code 89 (0x59).
  public static let keypad1 = KeyboardHIDUsage(rawValue: 0x59)
  /// The raw usage code 90 (0x5A).
  public static let keypad2 = KeyboardHIDUsage(rawValue: 0x5A)
  /// The raw usage code 91 (0x5B).
  public static let keypad3 = KeyboardHIDUsage(rawValue: 0x5B)
  /// The raw usage code 92 (0x5C).
  public static let keypad4 = KeyboardHIDUsage(rawValue: 0x5C)
  /// The raw usage code 93 (0x5D).
  public static let keypad5 = KeyboardHIDUsage(rawValue: 0x5D)
  /// The raw usage code 94 (0x5E).
  public static let keypad6 = KeyboardHIDUsage(rawValue: 0x5E)
  /// The raw usage code 95 (0x5F).
  public static let keypad7 = KeyboardHIDUsage(rawValue: 0x5F)
  /// The raw usage code 96 (0x60).
  public static let keypad8 = KeyboardHIDUsage(rawValue: 0x60)
  /// The raw usage code 97 (0x61).
  public static let keypad9 = KeyboardHIDUsage(rawValue: 0x61)
  /// The raw usage code 85 (0x55).
  public static let keypadAsterisk = KeyboardHIDUsage(rawValue: 0x55)
  /// The raw usage code 133 (0x85).
  public static let keypadComma = KeyboardHIDUsage(rawValue: 0x85)
  /// The raw usage code 88 (0x58).
  public static let keypadEnter = KeyboardHIDUsage(rawValue: 0x58)
  /// The raw usage code 103 (0x67).
  public static let keypadEqualSign = KeyboardHIDUsage(rawValue: 0x67)
  /// The raw usage code 134 (0x86).
  public static let keypadEqualSignAS400 = KeyboardHIDUsage(rawValue: 0x86)
  /// The raw usage code 86 (0x56).
  public static let keypadHyphen = KeyboardHIDUsage(rawValue: 0x56)
  /// The raw usage code 83 (0x53).
  public static let keypadNumLock = KeyboardHIDUsage(rawValue: 0x53)
  /// The raw usage code 99 (0x63).
  public static let keypadPeriod = KeyboardHIDUsage(rawValue: 0x63)
  /// The raw usage code 87 (0x57).
  public static let keypadPlus = KeyboardHIDUsage(rawValue: 0x57)
  /// The raw usage code 84 (0x54).
  public static let keypadSlash = KeyboardHIDUsage(rawValue: 0x54)
}

// Media keys

extension KeyboardHIDUsage {
  /// The raw usage code 72 (0x48).
  public static let keyboardPause = KeyboardHIDUsage(rawValue: 0x48)
  /// The raw usage code 120 (0x78).
  public static let keyboardStop = KeyboardHIDUsage(rawValue: 0x78)
  /// The raw usage code 127 (0x7F).
  public static let keyboardMute = KeyboardHIDUsage(rawValue: 0x7F)
  /// The raw usage code 128 (0x80).
  public static let keyboardVolumeUp = KeyboardHIDUsage(rawValue: 0x80)
  /// The raw usage code 129 (0x81).
  public static let keyboardVolumeDown = KeyboardHIDUsage(rawValue: 0x81)
}

// Input method keys

extension KeyboardHIDUsage {
  /// An alias of the usage 0x90.
  public static let keyboardKanaSwitch = KeyboardHIDUsage(rawValue: 0x90)
  /// An alias of the usage 0x90.
  public static let keyboardHangul = KeyboardHIDUsage(rawValue: 0x90)
  /// An alias of the usage 0x91.
  public static let keyboardAlphanumericSwitch = KeyboardHIDUsage(rawValue: 0x91)
  /// An alias of the usage 0x91.
  public static let keyboardHanja = KeyboardHIDUsage(rawValue: 0x91)
  /// An alias of the usage 0x92.
  public static let keyboardKatakana = KeyboardHIDUsage(rawValue: 0x92)
  /// An alias of the usage 0x93.
  public static let keyboardHiragana = KeyboardHIDUsage(rawValue: 0x93)
  /// An alias of the usage 0x94.
  public static let keyboardZenkakuHankakuKanji = KeyboardHIDUsage(rawValue: 0x94)
  /// The raw usage code 144 (0x90).
  public static let keyboardLANG1 = KeyboardHIDUsage(rawValue: 0x90)
  /// The raw usage code 145 (0x91).
  public static let keyboardLANG2 = KeyboardHIDUsage(rawValue: 0x91)
  /// The raw usage code 146 (0x92).
  public static let keyboardLANG3 = KeyboardHIDUsage(rawValue: 0x92)
  /// The raw usage code 147 (0x93).
  public static let keyboardLANG4 = KeyboardHIDUsage(rawValue: 0x93)
  /// The raw usage code 148 (0x94).
  public static let keyboardLANG5 = KeyboardHIDUsage(rawValue: 0x94)
  /// The raw usage code 149 (0x95).
  public static let keyboardLANG6 = KeyboardHIDUsage(rawValue: 0x95)
  /// The raw usage code 150 (0x96).
  public static let keyboardLANG7 = KeyboardHIDUsage(rawValue: 0x96)
  /// The raw usage code 151 (0x97).
  public static let keyboardLANG8 = KeyboardHIDUsage(rawValue: 0x97)
  /// The raw usage code 152 (0x98).
  public static let keyboardLANG9 = KeyboardHIDUsage(rawValue: 0x98)
  /// The raw usage code 135 (0x87).
  public static let keyboardInternational1 = KeyboardHIDUsage(rawValue: 0x87)
  /// The raw usage code 136 (0x88).
  public static let keyboardInternational2 = KeyboardHIDUsage(rawValue: 0x88)
  /// The raw usage code 137 (0x89).
  public static let keyboardInternational3 = KeyboardHIDUsage(rawValue: 0x89)
  /// The raw usage code 138 (0x8A).
  public static let keyboardInternational4 = KeyboardHIDUsage(rawValue: 0x8A)
  /// The raw usage code 139 (0x8B).
  public static let keyboardInternational5 = KeyboardHIDUsage(rawValue: 0x8B)
  /// The raw usage code 140 (0x8C).
  public static let keyboardInternational6 = KeyboardHIDUsage(rawValue: 0x8C)
  /// The raw usage code 141 (0x8D).
  public static let keyboardInternational7 = KeyboardHIDUsage(rawValue: 0x8D)
  /// The raw usage code 142 (0x8E).
  public static let keyboardInternational8 = KeyboardHIDUsage(rawValue: 0x8E)
  /// The raw usage code 143 (0x8F).
  public static let keyboardInternational9 = KeyboardHIDUsage(rawValue: 0x8F)
}

// Error keys

extension KeyboardHIDUsage {
  /// The raw usage code 1 (0x01).
  public static let keyboardErrorRollOver = KeyboardHIDUsage(rawValue: 0x01)
  /// The raw usage code 3 (0x03).
  public static let keyboardErrorUndefined = KeyboardHIDUsage(rawValue: 0x03)
}

// Other keys

extension KeyboardHIDUsage {
  /// The raw usage code 121 (0x79).
  public static let keyboardAgain = KeyboardHIDUsage(rawValue: 0x79)
  /// The raw usage code 153 (0x99).
  public static let keyboardAlternateErase = KeyboardHIDUsage(rawValue: 0x99)
  /// The raw usage code 101 (0x65).
  public static let keyboardApplication = KeyboardHIDUsage(rawValue: 0x65)
  /// The raw usage code 155 (0x9B).
  public static let keyboardCancel = KeyboardHIDUsage(rawValue: 0x9B)
  /// The raw usage code 156 (0x9C).
  public static let keyboardClear = KeyboardHIDUsage(rawValue: 0x9C)
  /// The raw usage code 162 (0xA2).
  public static let keyboardClearOrAgain = KeyboardHIDUsage(rawValue: 0xA2)
  /// The raw usage code 124 (0x7C).
  public static let keyboardCopy = KeyboardHIDUsage(rawValue: 0x7C)
  /// The raw usage code 163 (0xA3).
  public static let keyboardCrSelOrProps = KeyboardHIDUsage(rawValue: 0xA3)
  /// The raw usage code 123 (0x7B).
  public static let keyboardCut = KeyboardHIDUsage(rawValue: 0x7B)
  /// The raw usage code 164 (0xA4).
  public static let keyboardExSel = KeyboardHIDUsage(rawValue: 0xA4)
  /// The raw usage code 116 (0x74).
  public static let keyboardExecute = KeyboardHIDUsage(rawValue: 0x74)
  /// The raw usage code 126 (0x7E).
  public static let keyboardFind = KeyboardHIDUsage(rawValue: 0x7E)
  /// The raw usage code 53 (0x35).
  public static let keyboardGraveAccentAndTilde = KeyboardHIDUsage(rawValue: 0x35)
  /// The raw usage code 117 (0x75).
  public static let keyboardHelp = KeyboardHIDUsage(rawValue: 0x75)
  /// The raw usage code 227 (0xE3).
  public static let keyboardLeftGUI = KeyboardHIDUsage(rawValue: 0xE3)
  /// The raw usage code 118 (0x76).
  public static let keyboardMenu = KeyboardHIDUsage(rawValue: 0x76)
  /// The raw usage code 161 (0xA1).
  public static let keyboardOper = KeyboardHIDUsage(rawValue: 0xA1)
  /// The raw usage code 160 (0xA0).
  public static let keyboardOut = KeyboardHIDUsage(rawValue: 0xA0)
  /// The raw usage code 2 (0x02).
  public static let keyboardPOSTFail = KeyboardHIDUsage(rawValue: 0x02)
  /// The raw usage code 125 (0x7D).
  public static let keyboardPaste = KeyboardHIDUsage(rawValue: 0x7D)
  /// The raw usage code 102 (0x66).
  public static let keyboardPower = KeyboardHIDUsage(rawValue: 0x66)
  /// The raw usage code 70 (0x46).
  public static let keyboardPrintScreen = KeyboardHIDUsage(rawValue: 0x46)
  /// The raw usage code 157 (0x9D).
  public static let keyboardPrior = KeyboardHIDUsage(rawValue: 0x9D)
  /// The raw usage code 40 (0x28).
  public static let keyboardReturnOrEnter = KeyboardHIDUsage(rawValue: 0x28)
  /// The raw usage code 231 (0xE7).
  public static let keyboardRightGUI = KeyboardHIDUsage(rawValue: 0xE7)
  /// The raw usage code 119 (0x77).
  public static let keyboardSelect = KeyboardHIDUsage(rawValue: 0x77)
  /// The raw usage code 154 (0x9A).
  public static let keyboardSysReqOrAttention = KeyboardHIDUsage(rawValue: 0x9A)
  /// The raw usage code 122 (0x7A).
  public static let keyboardUndo = KeyboardHIDUsage(rawValue: 0x7A)
  /// The raw usage code 65535 (0xFFFF); UIKit spells it `keyboard_Reserved`.
  public static let keyboardReserved = KeyboardHIDUsage(rawValue: 0xFFFF)
}

// MARK: - Names

extension KeyboardHIDUsage {
  /// Every usage UIKit names as a case (aliases excluded), in usage order.
  public static let allNamed: [KeyboardHIDUsage] = [
    .keyboardErrorRollOver, .keyboardPOSTFail, .keyboardErrorUndefined, .keyboardA, .keyboardB,
    .keyboardC, .keyboardD, .keyboardE, .keyboardF, .keyboardG, .keyboardH, .keyboardI,
    .keyboardJ, .keyboardK, .keyboardL, .keyboardM, .keyboardN, .keyboardO, .keyboardP,
    .keyboardQ, .keyboardR, .keyboardS, .keyboardT, .keyboardU, .keyboardV, .keyboardW,
    .keyboardX, .keyboardY, .keyboardZ, .keyboard1, .keyboard2, .keyboard3, .keyboard4,
    .keyboard5, .keyboard6, .keyboard7, .keyboard8, .keyboard9, .keyboard0,
    .keyboardReturnOrEnter, .keyboardEscape, .keyboardDeleteOrBackspace, .keyboardTab,
    .keyboardSpacebar, .keyboardHyphen, .keyboardEqualSign, .keyboardOpenBracket,
    .keyboardCloseBracket, .keyboardBackslash, .keyboardNonUSPound, .keyboardSemicolon,
    .keyboardQuote, .keyboardGraveAccentAndTilde, .keyboardComma, .keyboardPeriod, .keyboardSlash,
    .keyboardCapsLock, .keyboardF1, .keyboardF2, .keyboardF3, .keyboardF4, .keyboardF5,
    .keyboardF6, .keyboardF7, .keyboardF8, .keyboardF9, .keyboardF10, .keyboardF11, .keyboardF12,
    .keyboardPrintScreen, .keyboardScrollLock, .keyboardPause, .keyboardInsert, .keyboardHome,
    .keyboardPageUp, .keyboardDeleteForward, .keyboardEnd, .keyboardPageDown, .keyboardRightArrow,
    .keyboardLeftArrow, .keyboardDownArrow, .keyboardUpArrow, .keypadNumLock, .keypadSlash,
    .keypadAsterisk, .keypadHyphen, .keypadPlus, .keypadEnter, .keypad1, .keypad2, .keypad3,
    .keypad4, .keypad5, .keypad6, .keypad7, .keypad8, .keypad9, .keypad0, .keypadPeriod,
    .keyboardNonUSBackslash, .keyboardApplication, .keyboardPower, .keypadEqualSign, .keyboardF13,
    .keyboardF14, .keyboardF15, .keyboardF16, .keyboardF17, .keyboardF18, .keyboardF19,
    .keyboardF20, .keyboardF21, .keyboardF22, .keyboardF23, .keyboardF24, .keyboardExecute,
    .keyboardHelp, .keyboardMenu, .keyboardSelect, .keyboardStop, .keyboardAgain, .keyboardUndo,
    .keyboardCut, .keyboardCopy, .keyboardPaste, .keyboardFind, .keyboardMute, .keyboardVolumeUp,
    .keyboardVolumeDown, .keyboardLockingCapsLock, .keyboardLockingNumLock,
    .keyboardLockingScrollLock, .keypadComma, .keypadEqualSignAS400, .keyboardInternational1,
    .keyboardInternational2, .keyboardInternational3, .keyboardInternational4,
    .keyboardInternational5, .keyboardInternational6, .keyboardInternational7,
    .keyboardInternational8, .keyboardInternational9, .keyboardLANG1, .keyboardLANG2,
    .keyboardLANG3, .keyboardLANG4, .keyboardLANG5, .keyboardLANG6, .keyboardLANG7,
    .keyboardLANG8, .keyboardLANG9, .keyboardAlternateErase, .keyboardSysReqOrAttention,
    .keyboardCancel, .keyboardClear, .keyboardPrior, .keyboardReturn, .keyboardSeparator,
    .keyboardOut, .keyboardOper, .keyboardClearOrAgain, .keyboardCrSelOrProps, .keyboardExSel,
    .keyboardLeftControl, .keyboardLeftShift, .keyboardLeftAlt, .keyboardLeftGUI,
    .keyboardRightControl, .keyboardRightShift, .keyboardRightAlt, .keyboardRightGUI,
    .keyboardReserved,
  ]

  static let names: [Int: String] = [
    0x01: "keyboardErrorRollOver",
    0x02: "keyboardPOSTFail",
    0x03: "keyboardErrorUndefined",
    0x04: "keyboardA",
    0x05: "keyboardB",
    0x06: "keyboardC",
    0x07: "keyboardD",
    0x08: "keyboardE",
    0x09: "keyboardF",
    0x0A: "keyboardG",
    0x0B: "keyboardH",
    0x0C: "keyboardI",
    0x0D: "keyboardJ",
    0x0E: "keyboardK",
    0x0F: "keyboardL",
    0x10: "keyboardM",
    0x11: "keyboardN",
    0x12: "keyboardO",
    0x13: "keyboardP",
    0x14: "keyboardQ",
    0x15: "keyboardR",
    0x16: "keyboardS",
    0x17: "keyboardT",
    0x18: "keyboardU",
    0x19: "keyboardV",
    0x1A: "keyboardW",
    0x1B: "keyboardX",
    0x1C: "keyboardY",
    0x1D: "keyboardZ",
    0x1E: "keyboard1",
    0x1F: "keyboard2",
    0x20: "keyboard3",
    0x21: "keyboard4",
    0x22: "keyboard5",
    0x23: "keyboard6",
    0x24: "keyboard7",
    0x25: "keyboard8",
    0x26: "keyboard9",
    0x27: "keyboard0",
    0x28: "keyboardReturnOrEnter",
    0x29: "keyboardEscape",
    0x2A: "keyboardDeleteOrBackspace",
    0x2B: "keyboardTab",
    0x2C: "keyboardSpacebar",
    0x2D: "keyboardHyphen",
    0x2E: "keyboardEqualSign",
    0x2F: "keyboardOpenBracket",
    0x30: "keyboardCloseBracket",
    0x31: "keyboardBackslash",
    0x32: "keyboardNonUSPound",
    0x33: "keyboardSemicolon",
    0x34: "keyboardQuote",
    0x35: "keyboardGraveAccentAndTilde",
    0x36: "keyboardComma",
    0x37: "keyboardPeriod",
    0x38: "keyboardSlash",
    0x39: "keyboardCapsLock",
    0x3A: "keyboardF1",
    0x3B: "keyboardF2",
    0x3C: "keyboardF3",
    0x3D: "keyboardF4",
    0x3E: "keyboardF5",
    0x3F: "keyboardF6",
    0x40: "keyboardF7",
    0x41: "keyboardF8",
    0x42: "keyboardF9",
    0x43: "keyboardF10",
    0x44: "keyboardF11",
    0x45: "keyboardF12",
    0x46: "keyboardPrintScreen",
    0x47: "keyboardScrollLock",
    0x48: "keyboardPause",
    0x49: "keyboardInsert",
    0x4A: "keyboardHome",
    0x4B: "keyboardPageUp",
    0x4C: "keyboardDeleteForward",
    0x4D: "keyboardEnd",
    0x4E: "keyboardPageDown",
    0x4F: "keyboardRightArrow",
    0x50: "keyboardLeftArrow",
    0x51: "keyboardDownArrow",
    0x52: "keyboardUpArrow",
    0x53: "keypadNumLock",
    0x54: "keypadSlash",
    0x55: "keypadAsterisk",
    0x56: "keypadHyphen",
    0x57: "keypadPlus",
    0x58: "keypadEnter",
    0x59: "keypad1",
    0x5A: "keypad2",
    0x5B: "keypad3",
    0x5C: "keypad4",
    0x5D: "keypad5",
    0x5E: "keypad6",
    0x5F: "keypad7",
    0x60: "keypad8",
    0x61: "keypad9",
    0x62: "keypad0",
    0x63: "keypadPeriod",
    0x64: "keyboardNonUSBackslash",
    0x65: "keyboardApplication",
    0x66: "keyboardPower",
    0x67: "keypadEqualSign",
    0x68: "keyboardF13",
    0x69: "keyboardF14",
    0x6A: "keyboardF15",
    0x6B: "keyboardF16",
    0x6C: "keyboardF17",
    0x6D: "keyboardF18",
    0x6E: "keyboardF19",
    0x6F: "keyboardF20",
    0x70: "keyboardF21",
    0x71: "keyboardF22",
    0x72: "keyboardF23",
    0x73: "keyboardF24",
    0x74: "keyboardExecute",
    0x75: "keyboardHelp",
    0x76: "keyboardMenu",
    0x77: "keyboardSelect",
    0x78: "keyboardStop",
    0x79: "keyboardAgain",
    0x7A: "keyboardUndo",
    0x7B: "keyboardCut",
    0x7C: "keyboardCopy",
    0x7D: "keyboardPaste",
    0x7E: "keyboardFind",
    0x7F: "keyboardMute",
    0x80: "keyboardVolumeUp",
    0x81: "keyboardVolumeDown",
    0x82: "keyboardLockingCapsLock",
    0x83: "keyboardLockingNumLock",
    0x84: "keyboardLockingScrollLock",
    0x85: "keypadComma",
    0x86: "keypadEqualSignAS400",
    0x87: "keyboardInternational1",
    0x88: "keyboardInternational2",
    0x89: "keyboardInternational3",
    0x8A: "keyboardInternational4",
    0x8B: "keyboardInternational5",
    0x8C: "keyboardInternational6",
    0x8D: "keyboardInternational7",
    0x8E: "keyboardInternational8",
    0x8F: "keyboardInternational9",
    0x90: "keyboardLANG1",
    0x91: "keyboardLANG2",
    0x92: "keyboardLANG3",
    0x93: "keyboardLANG4",
    0x94: "keyboardLANG5",
    0x95: "keyboardLANG6",
    0x96: "keyboardLANG7",
    0x97: "keyboardLANG8",
    0x98: "keyboardLANG9",
    0x99: "keyboardAlternateErase",
    0x9A: "keyboardSysReqOrAttention",
    0x9B: "keyboardCancel",
    0x9C: "keyboardClear",
    0x9D: "keyboardPrior",
    0x9E: "keyboardReturn",
    0x9F: "keyboardSeparator",
    0xA0: "keyboardOut",
    0xA1: "keyboardOper",
    0xA2: "keyboardClearOrAgain",
    0xA3: "keyboardCrSelOrProps",
    0xA4: "keyboardExSel",
    0xE0: "keyboardLeftControl",
    0xE1: "keyboardLeftShift",
    0xE2: "keyboardLeftAlt",
    0xE3: "keyboardLeftGUI",
    0xE4: "keyboardRightControl",
    0xE5: "keyboardRightShift",
    0xE6: "keyboardRightAlt",
    0xE7: "keyboardRightGUI",
    0xFFFF: "keyboard_Reserved",
  ]
}
