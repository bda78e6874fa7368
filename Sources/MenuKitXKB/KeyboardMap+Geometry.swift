/// The physical arrangement of a keyboard's keys, in key units (1 is the width of a letter
/// key), by evdev code.
///
/// Two geometries ship: ``ansi`` (the US 104-key shape: a wide Backspace, a one-row Enter, a
/// long left Shift) and ``iso`` (the European 105-key shape: a two-row Enter, a key between
/// the left Shift and Z, `KEY_102ND`, and one left of Enter, `KEY_BACKSLASH`). Both have the
/// function row, the main block, the six navigation keys and the arrows; the numeric keypad is
/// left out. The geometry says only where keys are: what they are labelled comes from the
/// layout (``KeyboardMap``).
///
/// ```swift
/// let enter = KeyboardGeometry.iso.key(forEvdevCode: 28)  // two rows high
/// enter?.lowerPart  // the part on the home row
/// ```
public struct KeyboardGeometry: Hashable, Sendable {
  /// One key: its evdev code and its rectangle, in key units from the top left.
  public struct PhysicalKey: Hashable, Sendable {
    /// The key's Linux evdev code, such as 30 for `KEY_A`.
    public var evdevCode: Int
    /// The left edge.
    public var x: Double
    /// The top edge.
    public var y: Double
    /// The width.
    public var width: Double
    /// The height.
    public var height: Double
    /// For ISO Enter, the narrower lower part on the next row, which shares the key's right
    /// edge and is one unit high; nil for a rectangular key.
    public var lowerPart: LowerPart?

    /// The lower part of an ISO Enter key: its left edge and width, in key units.
    public struct LowerPart: Hashable, Sendable {
      /// The left edge.
      public var x: Double
      /// The width.
      public var width: Double

      /// Creates a lower part.
      ///
      /// - Parameters:
      ///   - x: The left edge, in key units.
      ///   - width: The width, in key units.
      public init(x: Double, width: Double) {
        self.x = x
        self.width = width
      }
    }

    /// Creates a key.
    ///
    /// - Parameters:
    ///   - evdevCode: The key's evdev code.
    ///   - x: The left edge, in key units.
    ///   - y: The top edge, in key units.
    ///   - width: The width, in key units; 1 by default.
    ///   - height: The height, in key units; 1 by default.
    ///   - lowerPart: The lower part of an ISO Enter key, or nil.
    public init(
      evdevCode: Int, x: Double, y: Double, width: Double = 1, height: Double = 1,
      lowerPart: LowerPart? = nil
    ) {
      self.evdevCode = evdevCode
      self.x = x
      self.y = y
      self.width = width
      self.height = height
      self.lowerPart = lowerPart
    }
  }

  /// The geometry's name, such as `ansi` or `iso`.
  public var name: String
  /// The keys, in rows from the top and from left to right.
  public var keys: [PhysicalKey]

  /// Creates a geometry.
  ///
  /// - Parameters:
  ///   - name: The geometry's name.
  ///   - keys: The keys, each evdev code at most once.
  public init(name: String, keys: [PhysicalKey]) {
    self.name = name
    self.keys = keys
  }
}

// MARK: - API

extension KeyboardGeometry {
  /// The US ANSI shape (104 keys without the keypad).
  public static let ansi = KeyboardGeometry(
    name: "ansi",
    keys: functionRow + numberRow
      + row(y: 2.25, start: [(15, 1.5)], codes: Array(16...27), end: [(43, 1.5)])
      + row(y: 3.25, start: [(58, 1.75)], codes: Array(30...40), end: [(28, 2.25)])
      + row(y: 4.25, start: [(42, 2.25)], codes: Array(44...53), end: [(54, 2.75)])
      + bottomRow + navigation)

  /// The European ISO shape (105 keys without the keypad): a two-row Enter, `KEY_BACKSLASH`
  /// left of it on the home row and `KEY_102ND` between the left Shift and Z.
  public static let iso = KeyboardGeometry(
    name: "iso",
    keys: functionRow + numberRow
      + row(y: 2.25, start: [(15, 1.5)], codes: Array(16...27), end: [])
      + [
        PhysicalKey(
          evdevCode: 28, x: 13.5, y: 2.25, width: 1.5, lowerPart: .init(x: 13.75, width: 1.25))
      ]
      + row(y: 3.25, start: [(58, 1.75)], codes: Array(30...40) + [43], end: [])
      + row(y: 4.25, start: [(42, 1.25), (86, 1)], codes: Array(44...53), end: [(54, 2.75)])
      + bottomRow + navigation)

  /// The geometries by name.
  public static let all: [KeyboardGeometry] = [.ansi, .iso]

  /// The width of the whole keyboard, in key units.
  public var width: Double { keys.map { $0.x + $0.width }.max() ?? 0 }

  /// The height of the whole keyboard, in key units.
  public var height: Double {
    keys.map { $0.y + ($0.lowerPart == nil ? $0.height : $0.height + 1) }.max() ?? 0
  }

  /// The key with an evdev code, or nil when the geometry has none.
  ///
  /// - Parameter code: The evdev code.
  /// - Returns: The key.
  public func key(forEvdevCode code: Int) -> PhysicalKey? {
    keys.first { $0.evdevCode == code }
  }
}

// MARK: - Internal

extension KeyboardGeometry {
  /// Escape and F1–F12, in groups of four.
  static let functionRow: [PhysicalKey] =
    [PhysicalKey(evdevCode: 1, x: 0, y: 0)]
    + [59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 87, 88].enumerated().map { index, code in
      PhysicalKey(evdevCode: code, x: 2 + Double(index) + Double(index / 4) * 0.5, y: 0)
    }

  /// `` ` `` 1 2 … 0 - = and Backspace.
  static let numberRow = row(y: 1.25, start: [], codes: [41] + Array(2...13), end: [(14, 2)])

  /// Control, Super, Alt, Space, AltGr, Super, Menu, Control.
  static let bottomRow: [PhysicalKey] = {
    var x = 0.0
    return [
      (29, 1.25), (125, 1.25), (56, 1.25), (57, 6.25), (100, 1.25), (126, 1.25),
      (127, 1.25), (97, 1.25),
    ].map { code, width in
      defer { x += width }
      return PhysicalKey(evdevCode: code, x: x, y: 5.25, width: width)
    }
  }()

  /// Insert, Home, Page Up, Delete, End, Page Down, and the arrows.
  static let navigation: [PhysicalKey] = [
    PhysicalKey(evdevCode: 110, x: 15.25, y: 1.25),
    PhysicalKey(evdevCode: 102, x: 16.25, y: 1.25),
    PhysicalKey(evdevCode: 104, x: 17.25, y: 1.25),
    PhysicalKey(evdevCode: 111, x: 15.25, y: 2.25),
    PhysicalKey(evdevCode: 107, x: 16.25, y: 2.25),
    PhysicalKey(evdevCode: 109, x: 17.25, y: 2.25),
    PhysicalKey(evdevCode: 103, x: 16.25, y: 4.25),
    PhysicalKey(evdevCode: 105, x: 15.25, y: 5.25),
    PhysicalKey(evdevCode: 108, x: 16.25, y: 5.25),
    PhysicalKey(evdevCode: 106, x: 17.25, y: 5.25),
  ]

  /// A row: wide keys at the start, one-unit keys, then wide keys at the end.
  static func row(
    y: Double, start: [(code: Int, width: Double)], codes: [Int],
    end: [(code: Int, width: Double)]
  ) -> [PhysicalKey] {
    var x = 0.0
    var keys: [PhysicalKey] = []
    for (code, width) in start + codes.map({ ($0, 1.0) }) + end {
      keys.append(PhysicalKey(evdevCode: code, x: x, y: y, width: width))
      x += width
    }
    return keys
  }
}
