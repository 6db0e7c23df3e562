extension Devtools {
  /// How a ``Devtools`` server listens and how much it keeps.
  ///
  /// The defaults suit a developer's machine; change ``host`` only to watch an app on a device
  /// from another machine on a network you trust, since anyone with the token then sees what
  /// the owners do.
  public struct Configuration: Sendable, Hashable {
    /// The IPv4 address to listen on: the loopback address, `127.0.0.1`, by default.
    public var host = "127.0.0.1"
    /// The port; 0 for any free one.
    public var port: UInt16 = 0
    /// Whether the page shows keys as the owners describe them; `false` shows `key 1`, `key 2`, ….
    public var publicKeys = false
    /// Whether every fresh cache hit is an event. `false` by default: a busy screen makes
    /// thousands, and the page needs only what changes things.
    public var recordsHits = false
    /// How many browsers (connections) are served at once; more are refused with 503.
    public var clientLimit = 8
    /// How many events wait for one browser at most; beyond that its events are dropped and
    /// counted, so a stalled browser costs bounded memory and never slows an owner.
    public var eventsPerClient = 5_000
    /// How many past events a browser that connects later is sent first.
    public var historyLimit = 2_000
    /// How many events wait for the server's thread at most; beyond that they are dropped.
    public var pendingEventLimit = 50_000
    /// Whether the page shows how late the main actor runs: a tick on the main queue every
    /// 50 ms, whose lateness is how long the main actor was busy. `true` by default; the main
    /// queue must be serviced (an app's run loop, or an async `main`), as it is in any app.
    public var measuresMainActor = true
    /// How long a connection may take to send its request, and to take its answer.
    public var requestTimeout = Duration.seconds(10)

    /// The defaults.
    public init() {}

    func validate() throws(DevtoolsError) {
      guard clientLimit > 0, eventsPerClient > 0, historyLimit >= 0, pendingEventLimit > 0, requestTimeout > .zero
      else { throw .invalidConfiguration("every limit must be positive") }
    }
  }
}
