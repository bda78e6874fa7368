import Foundation
import MenuKit
import Testing

/// `String(_:fractionDigits:)`, which the tools use for the times of `trace` and `record` and
/// the sizes in messages instead of Foundation's `String(format:)`: the same text as
/// `String(format: "%.Nf")` for every value (docs/decisions/0018-tools-link-foundation-essentials.md).
@Suite("Fixed-point numbers without Foundation")
struct FixedPointFormattingTests {
  /// Values and digits where rounding, signs, huge values and non-finite values differ.
  static let cases: [(value: Double, digits: Int)] = [
    (0.15, 1), (0.25, 1), (1.25, 1), (2.5, 0), (3.5, 0), (-0.0, 3), (1.0 / 3, 6),
    (1536.0 / 1024, 1), (7.15, 3), (123_456.789, 2), (1e300, 1), (-1e-300, 4),
    (Double.greatestFiniteMagnitude, 0), (Double.nan, 1), (Double.infinity, 2),
    (-Double.infinity, 2), (0.5, 25),
  ]

  @Test("writes what String(format:) writes", arguments: cases)
  func matchesFormat(value: Double, digits: Int) {
    #expect(String(value, fractionDigits: digits) == String(format: "%.\(digits)f", value))
  }
}
