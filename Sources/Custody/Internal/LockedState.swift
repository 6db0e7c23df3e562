#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// State behind a lock: the one audited `@unchecked Sendable` type of the package.
///
/// Every owner that must be read synchronously keeps its state here. It plays the part of
/// `Synchronization.Mutex`, which it replaces for one reason: on Linux `Mutex` locks with
/// futex system calls that ThreadSanitizer cannot see, so every access it protects is reported
/// as a race and a sanitized test run cannot tell real races from noise. A `pthread_mutex_t`
/// is intercepted by ThreadSanitizer on every platform and costs the same uncontended.
///
/// The rules that make the `@unchecked Sendable` sound: `state` is only touched inside
/// `withLock`, the lock is never held across a suspension (the body is synchronous), and the
/// lock is not re-entrant, so bodies never call back into their owner. Continuations are resumed
/// after `withLock` returns.
package final class LockedState<State>: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private var state: State

  package init(_ state: sending State) {
    self.state = state
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    let status = pthread_mutex_init(mutex, nil)
    precondition(status == 0, "pthread_mutex_init failed: \(status)")
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  /// Runs `body` with exclusive access to the state.
  package func withLock<Result, Failure: Error>(
    _ body: (inout State) throws(Failure) -> sending Result
  ) throws(Failure) -> sending Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&state)
  }
}
