// MenuKitXKB: a Swift wrapper over libxkbcommon, the keyboard library of Linux desktops.
//
// The public types are XKBContext (include paths and a captured log), XKBKeymap (a compiled
// keymap, queried by evdev code), XKBState (the keyboard state), XKBComposeTable and
// XKBComposeState (dead keys and compose sequences), XKBKeyboard (evdev key events to MenuKit
// press events, with autorepeat), the input sources EvemuRecording and EvdevDevice, Keysym
// names and XKBError. No C type appears in the public API: every file imports CXKBCommon with
// `internal import`.

/// The version of libxkbcommon this module is written against.
///
/// The module uses only API that this version has (see `@since` in `xkbcommon.h`), so it
/// builds and runs with this version or any later one.
public let xkbcommonTargetVersion = "1.5.0"
