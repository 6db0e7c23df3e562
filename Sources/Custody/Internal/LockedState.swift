#if CUSTODY_PTHREAD_LOCK
  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Musl)
    import Musl
  #elseif canImport(Darwin)
    import Darwin
  #endif
#elseif canImport(os)
  import os
#else
  import Synchronization
#endif

/// State behind a lock: the one audited `@unchecked Sendable` type of the package.
///
/// Every owner that must be read synchronously keeps its state here, behind the fastest lock
/// the platform offers at the package's deployment floor (iOS 17, macOS 14):
/// - on Apple platforms an `os_unfair_lock`, the lock `OSAllocatedUnfairLock` and `Mutex` are
///   built on, which every supported OS has (`Mutex` needs iOS 18 / macOS 15);
/// - on Linux a `Synchronization.Mutex`, which has no availability floor there;
/// - with `-DCUSTODY_PTHREAD_LOCK` a `pthread_mutex_t`.
///
/// `Mutex` on Apple platforms is itself an `os_unfair_lock`, so the unfair lock is as fast on
/// every OS version. The pthread variant exists for one reason: on Linux `Mutex` locks with
/// futex system calls that ThreadSanitizer cannot see, so every access it protects is reported
/// as a race (a ten-line program appending to a `Mutex`-guarded array from eight threads is
/// reported in most runs) and a sanitized run could not tell real races from noise.
/// ThreadSanitizer intercepts `pthread_mutex_t`, so sanitized runs use it (`.ci/run` passes the
/// flag); other builds keep the faster lock.
///
/// The rules that make the `@unchecked Sendable` sound: `state` is only touched inside
/// `withLock`, the lock is never held across a suspension (the body is synchronous), and the
/// lock is not re-entrant, so bodies never call back into their owner. Continuations are
/// resumed after `withLock` returns.
///
/// `afterUnlock`, when given, runs after `withLock` once the lock is released: an inspected
/// owner delivers the events it recorded under the lock there. A body that records nothing (a
/// read, a fresh hit an inspector does not want) passes `delivering: false` and skips it.
@usableFromInline
package final class LockedState<State>: @unchecked Sendable {
  @usableFromInline let afterUnlock: (@Sendable () -> Void)?
  #if CUSTODY_PTHREAD_LOCK
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
    @usableFromInline var state: State

    package init(_ state: sending State, afterUnlock: (@Sendable () -> Void)? = nil) {
      self.afterUnlock = afterUnlock
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
    @inlinable
    package func withLock<Result, Failure: Error>(
      delivering: Bool = true, _ body: (inout State) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
      defer { if delivering { afterUnlock?() } }  // runs after the unlock below
      pthread_mutex_lock(mutex)
      defer { pthread_mutex_unlock(mutex) }
      return try body(&state)
    }
  #elseif canImport(os)
    @usableFromInline let lock: os_unfair_lock_t
    @usableFromInline var state: State

    package init(_ state: sending State, afterUnlock: (@Sendable () -> Void)? = nil) {
      self.afterUnlock = afterUnlock
      self.state = state
      lock = .allocate(capacity: 1)
      lock.initialize(to: os_unfair_lock())
    }

    deinit {
      lock.deinitialize(count: 1)
      lock.deallocate()
    }

    /// Runs `body` with exclusive access to the state.
    @inlinable
    package func withLock<Result, Failure: Error>(
      delivering: Bool = true, _ body: (inout State) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
      defer { if delivering { afterUnlock?() } }  // runs after the unlock below
      os_unfair_lock_lock(lock)
      defer { os_unfair_lock_unlock(lock) }
      return try body(&state)
    }
  #else
    @usableFromInline let mutex: Mutex<State>

    package init(_ state: sending State, afterUnlock: (@Sendable () -> Void)? = nil) {
      self.afterUnlock = afterUnlock
      mutex = Mutex(state)
    }

    /// Runs `body` with exclusive access to the state.
    @inlinable
    package func withLock<Result, Failure: Error>(
      delivering: Bool = true, _ body: (inout State) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
      defer { if delivering { afterUnlock?() } }
      return try mutex.withLock(body)
    }
  #endif
}
