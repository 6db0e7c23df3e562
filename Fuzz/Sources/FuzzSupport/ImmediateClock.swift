/// A clock whose sleeps end at once: `?delay=5000` and latency must not slow a fuzzer down.
public struct ImmediateClock: Clock {
  public struct Instant: InstantProtocol {
    public var offset: Duration

    public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    public func duration(to other: Instant) -> Duration { other.offset - offset }
    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  public init() {}

  public var now: Instant { Instant(offset: .zero) }
  public var minimumResolution: Duration { .zero }

  public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    try Task.checkCancellation()
  }
}
