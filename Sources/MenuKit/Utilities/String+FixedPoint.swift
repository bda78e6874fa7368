#if canImport(Glibc)
  import Glibc
#endif

extension String {
  /// A number in fixed-point notation with `fractionDigits` digits after the point, exactly as
  /// C's `printf("%.*f")` writes it (and Foundation's `String(format:)` did): the exact binary
  /// value rounded half to even, so `1.25` with one digit is `1.2` and `0.15` is `0.1`; `nan`,
  /// `inf` and `-inf` for the values that are not finite.
  ///
  /// The tools format numbers with this instead of `String(format:)`, which lives in
  /// Foundation: they link only FoundationEssentials, which starts twice as fast
  /// (docs/decisions/0018-tools-link-foundation-essentials.md).
  ///
  /// - Parameters:
  ///   - value: The number.
  ///   - fractionDigits: The digits after the point, from 0; none gives no point.
  package init(_ value: Double, fractionDigits: Int) {
    let digits = Int32(clamping: Swift.max(0, fractionDigits))
    // 32 bytes hold every value below 10^(30 - digits); larger ones take a second call.
    var capacity = 32
    while true {
      var buffer = [CChar](repeating: 0, count: capacity)
      let written = withVaList([digits, value]) { arguments in
        buffer.withUnsafeMutableBufferPointer { bytes in
          vsnprintf(bytes.baseAddress, bytes.count, "%.*f", arguments)
        }
      }
      if Int(written) < capacity {
        self = String(
          decoding: buffer[..<Int(written)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return
      }
      capacity = Int(written) + 1
    }
  }
}
