/// Calls `body` with a C string for `string`, or with `nil` when `string` is `nil`.
///
/// libxkbcommon reads `NULL` fields of `struct xkb_rule_names` as "use the default".
func withOptionalCString<Result>(
  _ string: String?, _ body: (UnsafePointer<CChar>?) throws -> Result
) rethrows -> Result {
  guard let string else { return try body(nil) }
  return try string.withCString(body)
}

/// Reads a string that libxkbcommon writes into a caller-supplied buffer, snprintf-style.
///
/// `fill` receives a buffer and its size and returns what the C function returned: the length
/// the string needs (without its NUL byte), or a negative number when there is no string. A
/// string longer than `capacity` is read again into a buffer of the right size.
///
/// - Returns: The string, or `nil` when `fill` returns a negative number.
func readCString(
  capacity: Int, _ fill: (UnsafeMutablePointer<CChar>, Int) -> Int32
) -> String? {
  var capacity = capacity
  while true {
    var needed = 0
    let string: String? = withUnsafeTemporaryAllocation(of: CChar.self, capacity: capacity) {
      buffer in
      guard let base = buffer.baseAddress else { return nil }
      let length = Int(fill(base, buffer.count))
      if length < 0 || length >= buffer.count {
        needed = length < 0 ? -1 : length + 1
        return nil
      }
      return String(cString: base)
    }
    if let string {
      return string
    }
    if needed <= 0 {
      return nil
    }
    capacity = needed
  }
}
