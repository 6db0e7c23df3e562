/// Receives what owners do, as it happens: the one way to watch a ``Cache``, ``SingleFlight``,
/// ``Pager``, ``TokenStore``, ``FileStore`` or ``LatestTask`` at work.
///
/// Give an owner an inspector when you create it. The owner calls ``record(_:)`` for every
/// event, in the order the events happen to that owner; with no inspector it records nothing
/// and its hot paths do no extra work.
///
/// ```swift
/// let statistics = Statistics()
/// let products = Cache<Product.ID, Product>(name: "products", inspector: statistics)
/// // …
/// print(statistics.snapshot().owners)  // hit ratio, loads in flight and their waiters, last events
/// ```
///
/// Ready-made inspectors: ``Statistics`` keeps counters and a live picture a screen can
/// render, `SignpostInspector` (Apple platforms) shows loads in Instruments, and
/// `TestInspector` (in CustodyTesting) lets a test wait until an owner reaches a state.
///
/// ## Writing an inspector
///
/// An owner calls ``record(_:)`` while it holds its own lock (or on its actor), so that events
/// arrive in the order they happened and describe the owner's state exactly: an event saying
/// three callers wait on a load is delivered before any of them can be answered. So `record`
/// must be quick, must not block or suspend, and must never call back into an owner. Take a
/// lock of your own if you keep state; resuming a continuation is fine.
public protocol OwnerInspector: Sendable {
  /// Records one event of an owner.
  func record(_ event: OwnerEvent)

  /// Whether this inspector wants an ``OwnerEvent/Kind/hit`` event for every fresh hit; `true`
  /// unless an inspector says otherwise.
  ///
  /// A fresh hit is the hottest path of a cache. An inspector that only needs how many there
  /// were, like ``Statistics``, returns `false` and reads ``InspectedOwner/lookups``, which the
  /// cache counts under the lock it holds anyway: a hit then costs one increment. Owners read
  /// this once, when they are created.
  var recordsHits: Bool { get }
}

extension OwnerInspector {
  public var recordsHits: Bool { true }
}
