import MenuKitToolSupport
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The progress line of a layout sweep on a terminal: `keymap-lint: layouts 123/577`, on
/// standard error, drawn only when standard error is a terminal and once the sweep has taken
/// a second, redrawn at most ten times a second, and erased when the sweep ends.
final class SweepProgress: Sendable {
  /// When the sweep started, and what has been drawn.
  private let state: Mutex<State>

  private struct State {
    var start = ContinuousClock.now
    var lastDrawn: ContinuousClock.Instant?
  }

  private init() {
    state = Mutex(State())
  }

  /// The progress callback for ``MenuKitLint/LayoutAnalyzer/progress``, or nil when standard
  /// error is not a terminal.
  static func onTerminal() -> (@Sendable (Int, Int) -> Void)? {
    guard isatty(STDERR_FILENO) == 1 else { return nil }
    let progress = SweepProgress()
    return { done, total in progress.update(done: done, total: total) }
  }

  /// Draws, redraws or erases the line.
  func update(done: Int, total: Int) {
    let text: String? = state.withLock { state in
      let now = ContinuousClock.now
      if done >= total {
        defer { state.lastDrawn = nil }
        return state.lastDrawn == nil ? nil : "\r\u{1B}[K"
      }
      guard now - state.start >= .seconds(1),
        state.lastDrawn.map({ now - $0 >= .milliseconds(100) }) ?? true
      else { return nil }
      state.lastDrawn = now
      return "\rkeymap-lint: checking layouts \(done)/\(total)\u{1B}[K"
    }
    if let text { StandardStreams.write(text, to: STDERR_FILENO) }
  }
}
