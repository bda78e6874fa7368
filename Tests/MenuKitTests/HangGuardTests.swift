import Dispatch
import MenuKitTestSupport
import Testing

/// The hang guard of the hostile-input tests (`finishing(within:_:_:)`): work that returns is
/// passed through, and work that does not return in time is a recorded issue, not a run that
/// never ends.
@Suite("Hang guard")
struct HangGuardTests {
  /// What the guarded work throws.
  struct Thrown: Error, Equatable {}

  @Test("work that finishes gives its result, and its error is thrown again")
  func passesThrough() throws {
    #expect(try finishing("a sum") { (1...1_000).reduce(0, +) } == 500_500)
    #expect(throws: Thrown()) {
      _ = try finishing("a throw") { () throws -> Int in throw Thrown() }
    }
  }

  @Test("work that has not returned by the limit is an issue, and the test goes on")
  func overrunIsAnIssue() throws {
    // The work waits for a signal that comes only after the guard has given up: it cannot
    // finish in time, whatever the machine's speed.
    let release = DispatchSemaphore(value: 0)
    let finished = DispatchSemaphore(value: 0)
    var answer: Int? = 0
    withKnownIssue("the guard reports the overrun") {
      answer = try? finishing(within: .milliseconds(50), "blocked work") {
        release.wait()
        finished.signal()
        return 1
      }
    } matching: { issue in
      issue.description.contains("blocked work did not finish within")
    }
    #expect(answer == nil)
    // Let the abandoned thread end, so that it does not outlive the test.
    release.signal()
    finished.wait()
  }
}
