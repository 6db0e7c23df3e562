/// What a cancelled caller leaving shared work hands back: its waiter to resume with
/// `CancellationError`, and what became of the work.
///
/// The rule every coalescing owner applies: a cancelled caller stops waiting at once; the work
/// goes on for the others, and is abandoned (cancelled, its result dropped) when its last waiter
/// left, unless the owner keeps it running on its own (a cache's revalidation, a token refresh).
@frozen @usableFromInline
struct FlightExit<Waiter> {
  /// The caller's waiter; nil when it had already been answered.
  @usableFromInline var waiter: Waiter?
  /// The work it waited for.
  @usableFromInline var flight: UInt64?
  /// How many callers still wait for it.
  @usableFromInline var remaining = 0
  /// Whether the caller was the last and the work is given up.
  @usableFromInline var isAbandoned = false
  /// The task of abandoned work, to cancel once the owner's lock is released.
  @usableFromInline var cancel: Task<Void, Never>?

  /// Nobody left: the caller had already been answered.
  @inlinable init() {}

  @inlinable init(_ waiter: Waiter, left flight: UInt64, remaining: Int) {
    self.waiter = waiter
    self.flight = flight
    self.remaining = remaining
  }

  /// Marks the work as given up, with the task that runs it, if the owner keeps it here.
  @inlinable mutating func abandon(_ task: Task<Void, Never>? = nil) {
    isAbandoned = true
    cancel = task
  }

  /// How inspectors hear of the exit: a caller ``OwnerEvent/Kind/left``, or the
  /// work was ``OwnerEvent/Kind/abandoned``. Nil when nobody left.
  @inlinable var event: OwnerEvent.Kind? {
    guard waiter != nil, let flight else { return nil }
    return isAbandoned ? .abandoned(flight) : .left(flight, waiters: remaining)
  }
}

extension FlightExit {
  /// Cancels abandoned work and ends the caller's wait with `CancellationError`. Call it after
  /// releasing the lock the exit was taken under.
  @inlinable func resume<Value>() where Waiter == CheckedContinuation<Value, any Error> {
    cancel?.cancel()
    waiter?.resume(throwing: CancellationError())
  }
}

extension FlightExit: Sendable where Waiter: Sendable {}
