import MenuKit

/// Runs every keymap-lint rule over loaded documents and collects the findings.
///
/// ```swift
/// let documents = ["app.keymap.json", "menus/app.json"].map {
///   LintDocument.load(contentsOf: $0, platform: .linux)
/// }
/// var configuration = LintConfiguration(platform: .linux)
/// configuration.layouts = [LayoutName(layout: "de"), LayoutName(layout: "se")]
/// let report = KeymapLinter(configuration: configuration).lint(documents)
/// print(LintReportFormatter.human(report))
/// ```
package struct KeymapLinter {
  /// The configuration.
  package var configuration: LintConfiguration
  /// The rules, in code order.
  package var rules: [any LintRule]

  /// Creates a linter with every rule.
  ///
  /// - Parameter configuration: The platform, desktop, layouts and assumptions.
  package init(configuration: LintConfiguration) {
    self.configuration = configuration
    self.rules = Self.allRules
  }

  /// Every rule, in code order.
  package static var allRules: [any LintRule] {
    [
      AmbiguousBindingRule(), DeadBindingRule(), ResolvedOverrideRule(), PrefixShadowingRule(),
      UntypableShortcutRule(), AltGrShortcutRule(), MovedKeyRule(), UndefinedCommandRule(),
      ProfileDuplicateRule(), ReservedShortcutRule(), DuplicateMnemonicRule(),
      CtrlAltCollisionRule(), LayoutActionRule(),
    ]
  }

  /// Lints documents: the loaders' diagnostics, then every rule's findings, sorted by file,
  /// line, column and code.
  ///
  /// - Parameters:
  ///   - documents: The loaded inputs.
  ///   - layouts: The analyzer that compiles layouts (share one to reuse compiled layouts).
  /// - Returns: The report.
  package func lint(_ documents: [LintDocument], layouts: LayoutAnalyzer = LayoutAnalyzer())
    -> LintReport
  {
    let model = LintModel(documents: documents, configuration: configuration, layouts: layouts)
    // The layout sweep runs on other threads while the rules before it (the conflict
    // analysis) run here.
    model.startLayoutSweep()
    var findings: [LintFinding] = []
    for document in documents {
      findings += document.diagnostics.map { LintFinding($0) }
    }
    for rule in rules {
      findings += rule.check(model)
    }
    findings.sort(by: Self.reportOrder)
    var report = LintReport(
      findings: findings, files: documents.map(\.path),
      layouts: model.checkedLayouts, configuration: configuration)
    report.skippedLayouts = model.layoutErrors.map {
      LintReport.SkippedLayout(name: $0, reason: $1)
    }
    return report
  }
}

extension KeymapLinter {
  /// The order of a report: by file, line and column (findings without a position first),
  /// then code, then message.
  static func reportOrder(_ lhs: LintFinding, _ rhs: LintFinding) -> Bool {
    let left = lhs.location ?? SourceLocation(line: 0, column: 0)
    let right = rhs.location ?? SourceLocation(line: 0, column: 0)
    if left != right { return left < right }
    if lhs.code.rawValue != rhs.code.rawValue { return lhs.code.rawValue < rhs.code.rawValue }
    return lhs.message < rhs.message
  }
}

/// What keymap-lint found: the findings and what was checked.
package struct LintReport: Hashable, Sendable {
  /// The findings, sorted by position.
  package var findings: [LintFinding]
  /// The files linted.
  package var files: [String]
  /// The layouts checked.
  package var layouts: [LayoutName]
  /// The layouts configured that XKB could not compile, with why; they are not checked.
  package var skippedLayouts: [SkippedLayout] = []

  /// A layout that could not be compiled.
  package struct SkippedLayout: Hashable, Sendable {
    /// The layout.
    package var name: LayoutName
    /// libxkbcommon's first message about it.
    package var reason: String
  }
  /// The configuration.
  package var configuration: LintConfiguration

  /// Creates a report.
  package init(
    findings: [LintFinding], files: [String], layouts: [LayoutName],
    configuration: LintConfiguration
  ) {
    self.findings = findings
    self.files = files
    self.layouts = layouts
    self.configuration = configuration
  }

  /// How many findings have a severity.
  ///
  /// - Parameter severity: The severity.
  /// - Returns: The count.
  package func count(_ severity: Diagnostic.Severity) -> Int {
    findings.lazy.filter { $0.severity == severity }.count
  }

  /// The exit status: 1 when there are errors (or warnings, with `warningsAreErrors`), else 0.
  ///
  /// - Parameter warningsAreErrors: Whether warnings fail too (`--werror`).
  /// - Returns: 0 or 1.
  package func exitStatus(warningsAreErrors: Bool = false) -> Int32 {
    if count(.error) > 0 { return 1 }
    if warningsAreErrors, count(.warning) > 0 { return 1 }
    return 0
  }
}
