import MenuKit

/// Context predicates and context stacks: parsing never traps, a parsed predicate's text parses
/// back to it, and evaluating it against a parsed stack terminates.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPredicate(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = fuzzText(data, size)
  let parts = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
  let predicateText = String(parts[0])
  let stackText = parts.count > 1 ? String(parts[1]) : predicateText
  _ = try? KeyContext(parsing: stackText)
  let stack = (try? KeyContext.stack(parsing: stackText)) ?? []
  guard let predicate = try? ContextPredicate(parsing: predicateText) else { return 0 }
  let written = predicate.description
  guard let again = try? ContextPredicate(parsing: written), again == predicate else {
    fuzzFailure("'\(predicateText)' parsed to '\(written)', which does not parse back")
  }
  _ = predicate.matchDepth(in: stack)
  return 0
}
