/// An inspector that hands every event to an `AsyncStream`, so that slow work with events
/// (writing a log, sending metrics) runs in a task of your own, never in the owner.
///
/// ```swift
/// let buffered = BufferedInspector(limit: 1_000)
/// let products = Cache<Product.ID, Product>(name: "products", inspector: buffered)
/// Task {
///   for await event in buffered.events { logger.info("\(event.kind.rawValue)") }
/// }
/// ```
///
/// Recording an event only appends it to the stream's buffer, so the owner never waits for
/// the consumer. The buffer keeps the newest `limit` events not yet consumed: when a consumer
/// falls behind, the oldest waiting events are dropped (and counted in ``droppedCount``), so
/// memory stays bounded and what the consumer gets is still in the order each owner recorded
/// it. The stream has one consumer; it ends when ``finish()`` is called or the inspector is
/// released.
public final class BufferedInspector: OwnerInspector {
  /// The events, in the order each owner recorded them.
  public let events: AsyncStream<OwnerEvent>
  private let continuation: AsyncStream<OwnerEvent>.Continuation
  private let dropped = LockedState(0)
  private let wantsHits: Bool

  /// Creates an inspector whose stream keeps at most `limit` events waiting for the consumer.
  ///
  /// - Parameters:
  ///   - limit: How many events wait for the consumer at most; older ones are dropped.
  ///   - recordsHits: Whether every fresh cache hit is an event. `false` by default: a busy
  ///     screen makes thousands, and the cache counts them anyway (``InspectedOwner/lookups``).
  public init(limit: Int = 1_000, recordsHits: Bool = false) {
    precondition(limit > 0, "The buffer keeps at least one event")
    (events, continuation) = AsyncStream.makeStream(of: OwnerEvent.self, bufferingPolicy: .bufferingNewest(limit))
    wantsHits = recordsHits
  }

  deinit { continuation.finish() }

  public func record(_ event: OwnerEvent) {
    if case .dropped = continuation.yield(event) { dropped.withLock { $0 += 1 } }
  }

  public var recordsHits: Bool { wantsHits }

  /// How many events were dropped because the consumer fell behind.
  public var droppedCount: Int { dropped.withLock { $0 } }

  /// Ends the stream once the consumer has taken what is buffered; later events are dropped.
  public func finish() { continuation.finish() }
}
