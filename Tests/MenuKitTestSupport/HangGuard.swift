import Dispatch
import Foundation
import Synchronization
import Testing

/// Runs `work` on a thread of its own and returns what it returns, or records an issue and
/// returns nil when it has not returned within `limit`.
///
/// A guard for the tests of hostile inputs whose way of failing is time: quadratic or
/// exponential work on a long query, predicate or file. Swift Testing cannot interrupt
/// synchronous code (a `.timeLimit` trait cancels tasks, and such work never looks), so without
/// a guard the regression would show as a run that never ends, not as a failed test. The limit
/// is not a measurement: it is minutes where the work takes milliseconds, so that a slow,
/// shared machine never trips it. A thread that overruns cannot be stopped; it is left to run
/// until the test process ends, and the issue says which work it was.
///
/// - Parameters:
///   - limit: How long to wait; two minutes unless told.
///   - what: The work, as the issue names it.
///   - sourceLocation: Where the issue is recorded.
///   - work: The work; an error it throws is thrown again here.
/// - Returns: What `work` returned, or nil when it overran.
/// - Throws: What `work` threw.
package func finishing<T: Sendable>(
  within limit: Duration = .seconds(120), _ what: String,
  sourceLocation: SourceLocation = #_sourceLocation,
  _ work: @escaping @Sendable () throws -> T
) throws -> T? {
  let outcome = GuardedOutcome<T>()
  let done = DispatchSemaphore(value: 0)
  let thread = Thread {
    let result = Result { try work() }
    outcome.result.withLock { $0 = result }
    done.signal()
  }
  // As much stack as the test's own thread: some hostile inputs are deep.
  thread.stackSize = 8 << 20
  thread.start()
  let (seconds, attoseconds) = limit.components
  let nanoseconds = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
  guard done.wait(timeout: .now() + .nanoseconds(Int(nanoseconds))) == .success else {
    Issue.record(
      "\(what) did not finish within \(limit) (quadratic or exponential time?)",
      sourceLocation: sourceLocation)
    return nil
  }
  return try outcome.result.withLock { $0 }?.get()
}

/// Where the guard's thread leaves its result: a class, so that the lock (which cannot be
/// copied) is shared with the thread.
private final class GuardedOutcome<T: Sendable>: Sendable {
  let result = Mutex<Result<T, any Error>?>(nil)
}
