import MenuKitXKB

extension ArgumentScanner {
  /// Checks the XKB rule names of `--layout`, `--variant`, `--options`, `--model` and
  /// `--rules` with the rule every tool applies (``XKBKeymap/RuleNames/validate()``): names,
  /// never paths.
  ///
  /// - Parameter names: The names given.
  /// - Throws: `bad --layout '../x': …` for a name that is not one.
  package static func checkRuleNames(_ names: XKBKeymap.RuleNames) throws(UsageError) {
    do throws(XKBRuleNameError) {
      try names.validate()
    } catch {
      throw UsageError(
        "bad --\(error.field.rawValue) "
          + "'\(XKBKeymap.RuleNames.quotable(error.value))': \(error.reason)")
    }
  }
}
