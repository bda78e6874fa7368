internal import CXKBCommon

/// A libxkbcommon context: the include paths that keymaps are compiled from, and a log.
///
/// Every keymap is compiled in a context. The context decides where the XKB data files
/// (`rules/`, `symbols/`, `keycodes/` …) are looked up, and whether the `XKB_DEFAULT_*`
/// environment variables may fill in rule names that a caller leaves out. libxkbcommon's log
/// messages are captured rather than printed to stderr; a failed call throws them inside its
/// ``XKBError``, and ``logLines`` shows what the most recent call logged.
///
/// For tests and CI, create a hermetic context, which ignores the environment and the
/// user's configuration:
///
/// ```swift
/// let context = XKBContext.hermetic(includePaths: ["/usr/share/X11/xkb"])
/// let keymap = try XKBKeymap(context: context, names: .init(layout: "us,de"))
/// print(keymap.layoutNames)  // ["English (US)", "German"]
/// ```
///
/// A context is not thread-safe, and so not `Sendable`: use it, and the keymaps compiled in it,
/// from one thread or task at a time. Keymaps keep what they need of the context alive, so a
/// keymap may outlive the `XKBContext` object it was compiled in.
public final class XKBContext {
  /// What a context leaves out of its setup.
  public struct Options: OptionSet, Hashable, Sendable {
    /// The raw bits of the options.
    public var rawValue: UInt32

    /// Creates options from their raw bits.
    ///
    /// - Parameter rawValue: The bits; unknown ones are kept and ignored.
    public init(rawValue: UInt32) {
      self.rawValue = rawValue
    }

    /// Leaves out the default include paths.
    ///
    /// Without this option, the context searches the caller's include paths, then the
    /// defaults: `$XDG_CONFIG_HOME/xkb`, `~/.xkb`, `$XKB_CONFIG_EXTRA_PATH` and the system
    /// XKB data (`$XKB_CONFIG_ROOT`, or `/usr/share/X11/xkb` on Debian). The corresponding
    /// C flag is `XKB_CONTEXT_NO_DEFAULT_INCLUDES`.
    public static let noDefaultIncludes = Options(rawValue: 1 << 0)

    /// Ignores the `XKB_DEFAULT_RULES`, `_MODEL`, `_LAYOUT`, `_VARIANT` and `_OPTIONS`
    /// environment variables.
    ///
    /// Without this option, those variables supply the rule names that an
    /// ``XKBKeymap/RuleNames`` value leaves as `nil`. The corresponding C flag is
    /// `XKB_CONTEXT_NO_ENVIRONMENT_NAMES`.
    public static let noEnvironmentNames = Options(rawValue: 1 << 1)
  }

  /// The libxkbcommon context; this object owns one reference to it.
  let pointer: OpaquePointer

  /// Where libxkbcommon's messages go; keymaps compiled here share it.
  let log: LogCapture

  /// Creates a context that searches the given include paths.
  ///
  /// The context searches `includePaths` first, in order, and then, unless `options` contains
  /// ``Options/noDefaultIncludes``, the default include paths. A path that does not exist or
  /// cannot be read is skipped without an error: ``includePaths`` lists only the paths that
  /// were added, and a later failure to find a file lists the skipped ones in its log lines.
  ///
  /// - Parameters:
  ///   - includePaths: Directories holding XKB data (`rules/`, `symbols/` …), searched first.
  ///   - options: What to leave out; see ``Options``.
  public init(includePaths: [String] = [], options: Options = []) {
    // The defaults are added below, after the caller's paths and after the log is redirected,
    // so that creation never prints to stderr and never fails for a missing default path.
    var flags = XKB_CONTEXT_NO_DEFAULT_INCLUDES.rawValue
    if options.contains(.noEnvironmentNames) {
      flags |= XKB_CONTEXT_NO_ENVIRONMENT_NAMES.rawValue
    }
    guard let pointer = xkb_context_new(xkb_context_flags(rawValue: flags)) else {
      // With no default include paths to add, creation fails only when memory runs out.
      fatalError("libxkbcommon could not allocate a context (xkb_context_new)")
    }
    self.pointer = pointer
    self.log = LogCapture()
    log.install(on: pointer)
    for path in includePaths {
      _ = xkb_context_include_path_append(pointer, path)
    }
    if !options.contains(.noDefaultIncludes) {
      _ = xkb_context_include_path_append_default(pointer)
    }
  }

  deinit {
    xkb_context_unref(pointer)
  }
}

// MARK: - API

extension XKBContext {
  /// Creates a context that depends on nothing but its arguments.
  ///
  /// The context has no default include paths and ignores the `XKB_DEFAULT_*` environment
  /// variables, so the same calls compile the same keymaps on every machine that has the
  /// same files at `includePaths`. Keymaps compiled from text need no include paths at all.
  ///
  /// ```swift
  /// let context = XKBContext.hermetic()
  /// let keymap = try XKBKeymap(context: context, string: keymapText)
  /// ```
  ///
  /// - Parameter includePaths: Directories holding XKB data, searched in order.
  /// - Returns: A context with ``Options/noDefaultIncludes`` and
  ///   ``Options/noEnvironmentNames``.
  public static func hermetic(includePaths: [String] = []) -> XKBContext {
    XKBContext(includePaths: includePaths, options: [.noDefaultIncludes, .noEnvironmentNames])
  }

  /// The directory of the system's XKB data (xkb-data): `/usr/share/X11/xkb`.
  public static let systemIncludePath = "/usr/share/X11/xkb"

  /// Creates a context over the system's XKB data only, whatever the environment says.
  ///
  /// The context searches `includePaths`, then ``systemIncludePath``, and nothing else:
  /// not `$XDG_CONFIG_HOME/xkb`, `~/.xkb`, `$XKB_CONFIG_EXTRA_PATH` or `$XKB_CONFIG_ROOT`,
  /// and it ignores the `XKB_DEFAULT_*` variables. A layout name then means the system's
  /// layout for every user and in every environment; `menu-dump` and `keymap-lint` compile
  /// every layout in such a context.
  ///
  /// ```swift
  /// let keymap = try XKBKeymap(context: .system(), names: .init(layout: "de"))
  /// ```
  ///
  /// - Parameter includePaths: Directories of XKB data searched before the system's.
  /// - Returns: A context with ``Options/noDefaultIncludes`` and
  ///   ``Options/noEnvironmentNames`` and the system's include path.
  public static func system(includePaths: [String] = []) -> XKBContext {
    XKBContext(
      includePaths: includePaths + [systemIncludePath],
      options: [.noDefaultIncludes, .noEnvironmentNames])
  }

  /// The paragraph of every tool's `--help` that says which XKB names are accepted and where
  /// layouts come from, so that `menu-dump` and `keymap-lint` say the same thing.
  package static let commandLineHelp = """
    XKB rule names (layouts, variants, options, models, rules) are names, never paths: ASCII
    letters, digits and _ - + . : ( ) , only; any other is a usage error (exit 64). Layouts
    are compiled from the system's XKB data in /usr/share/X11/xkb alone: ~/.xkb,
    $XDG_CONFIG_HOME/xkb, XKB_CONFIG_ROOT, XKB_CONFIG_EXTRA_PATH and XKB_DEFAULT_* are
    ignored.
    """

  /// The directories this context searches for XKB data, in search order.
  ///
  /// Paths that could not be added, because they do not exist or cannot be read, are absent.
  public var includePaths: [String] {
    (0..<xkb_context_num_include_paths(pointer)).compactMap { index in
      xkb_context_include_path_get(pointer, index).map { String(cString: $0) }
    }
  }

  /// The warnings and errors libxkbcommon logged during the most recent call in this context.
  ///
  /// Each keymap compilation empties the log first, so after a successful one this holds its
  /// warnings, such as a keysym name that the installed libxkbcommon does not know. Lines are
  /// libxkbcommon's own text, without the trailing newline.
  public var logLines: [String] {
    log.lines
  }
}
