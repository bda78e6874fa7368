/// A small seeded random number generator (SplitMix64), so generated and fuzzed tests are the
/// same on every run.
package struct SplitMix64: RandomNumberGenerator {
  /// The generator's state; each number advances it.
  package var state: UInt64

  /// Creates a generator that starts from `seed`.
  package init(seed: UInt64) { state = seed }

  /// The next number.
  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// The next number below `bound`, by remainder (the tests' cases are pinned to it).
  package mutating func next(_ bound: Int) -> Int {
    Int(next() % UInt64(bound))
  }
}
