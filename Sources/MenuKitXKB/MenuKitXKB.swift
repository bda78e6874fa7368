/// The version of libxkbcommon this module is written against.
public let xkbcommonTargetVersion = "1.5.0"
