internal import CGLib
import Foundation
import Synchronization

/// A thread that runs a GLib main loop on a main context of its own.
///
/// GDBus calls an exported object's methods, a subscription's signals and an asynchronous
/// call's completion in the thread-default main context of the thread that registered,
/// subscribed or called. Doing that here means the app never has to iterate a GLib loop:
/// ``DBusConnection`` registers, subscribes and calls through ``perform(_:)`` and
/// ``performAndWait(_:)``, and the callbacks hand their work to the main actor.
///
/// `@unchecked Sendable`: it only holds a `GMainContext` and a `GMainLoop`, whose functions
/// used here (attaching a source, quitting) are documented as thread-safe.
final class GLibThread: @unchecked Sendable {
  private let context: OpaquePointer
  private let loop: OpaquePointer

  /// Starts the thread and its loop.
  init(name: String) {
    context = g_main_context_new()
    loop = g_main_loop_new(context, 0)
    let thread = Thread { [self] in self.run() }
    thread.name = name
    thread.start()
  }

  deinit {
    g_main_loop_unref(loop)
    g_main_context_unref(context)
  }

  private func run() {
    g_main_context_push_thread_default(context)
    g_main_loop_run(loop)
    g_main_context_pop_thread_default(context)
  }

  /// Runs `body` on the loop's thread, later.
  ///
  /// An idle source rather than `g_main_context_invoke`, which would run `body` on the
  /// calling thread when the context is free (before the loop starts).
  func perform(_ body: @escaping @Sendable () -> Void) {
    let source = g_idle_source_new()
    let box = Unmanaged.passRetained(Box(body)).toOpaque()
    g_source_set_callback(
      source,
      { data in
        Unmanaged<Box<@Sendable () -> Void>>.fromOpaque(data!).takeUnretainedValue().value()
        return 0  // G_SOURCE_REMOVE
      }, box,
      { data in Unmanaged<Box<@Sendable () -> Void>>.fromOpaque(data!).release() })
    g_source_attach(source, context)
    g_source_unref(source)
  }

  /// Runs `body` on the loop's thread and waits for its result.
  ///
  /// The loop's thread never waits for the caller, so this cannot deadlock.
  func performAndWait<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T {
    let result = ResultSlot<T>()
    perform {
      result.set(body())
    }
    return result.wait()
  }

  /// Stops the loop; the thread then ends.
  func stop() { g_main_loop_quit(loop) }
}

/// A value in a class, for a C callback's user data.
final class Box<Value: Sendable>: Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}

/// One result handed from the loop's thread to a waiting thread.
private final class ResultSlot<T: Sendable>: Sendable {
  private let value = Mutex<T?>(nil)
  private let ready = DispatchSemaphore(value: 0)

  func set(_ result: T) {
    value.withLock { $0 = result }
    ready.signal()
  }

  func wait() -> T {
    ready.wait()
    return value.withLock { $0! }
  }
}
