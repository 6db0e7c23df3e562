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
/// Each owner delivers its events one at a time, in the order they happened to it, and never
/// while it holds its lock: a ``Cache``, a ``SingleFlight`` or a ``FileStore`` queues what it
/// records under its lock and delivers it once the lock is released, on the thread that
/// released it (or on a thread already delivering that owner's events); an actor owner
/// (``Pager``, ``TokenStore``, ``LatestTask``) delivers on its actor, between its steps. So
/// `record` may read an owner, but it runs on the owner's callers' time: keep it quick, never
/// block or suspend, take a lock of your own if you keep state, and do not call an owner while
/// holding a lock your `record` takes. For slow work (a log file, a metrics back end) use
/// ``BufferedInspector`` and consume its stream in a task of your own; see "Sending events to
/// a log or metrics back end".
///
/// An event says what happened as an ``OwnerEvent/Kind``, a stable name; switch over the kinds
/// you care about and end with `default`, so kinds added later do not break the switch.
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
