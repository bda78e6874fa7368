/// Hands values from a GLib thread to the main actor, in the order they arrived.
///
/// One task on the main actor reads a stream the GLib thread writes to; so two method calls
/// are handled in the order GDBus received them.
final class MainActorInbox<Element: Sendable>: Sendable {
  private let continuation: AsyncStream<Element>.Continuation

  /// Starts the task that calls `handler` for each value until ``finish()``.
  init(_ handler: @escaping @MainActor (Element) -> Void) {
    let (stream, continuation) = AsyncStream<Element>.makeStream()
    self.continuation = continuation
    Task { @MainActor in
      for await element in stream { handler(element) }
    }
  }

  /// Adds a value; callable from any thread.
  func send(_ element: Element) { continuation.yield(element) }

  /// Ends the task.
  func finish() { continuation.finish() }
}
