import Custody
import Foundation

/// A live page, in a desktop browser, of what a running app's owners do: every cache with its
/// keys, loads, revalidations, writes and optimistic layers, every flight with its waiters,
/// pagers, the session, a timeline, and how late the main actor runs.
///
/// Start it once, early, in a debug build, attach its ``inspector`` to your owners, and open
/// the address it gives:
///
/// ```swift
/// #if DEBUG
/// let devtools = try await Devtools.start()
/// print("Devtools:", devtools.url)  // http://127.0.0.1:PORT/?token=…
/// let inspector: (any OwnerInspector)? = devtools.inspector
/// #else
/// let inspector: (any OwnerInspector)? = nil
/// #endif
/// let products = Cache<Product.ID, Product>(name: "products", inspector: inspector)
/// ```
///
/// The server is safe to leave running on a developer's machine: it listens on the loopback
/// address only (unless ``Configuration/host`` says otherwise), answers nothing without the
/// random token in its address, refuses requests whose `Host` or `Origin` is not its own (so a
/// web page cannot reach it through DNS rebinding), and only reads. Keys are shown as
/// `key 1`, `key 2`, … unless the app passes `publicKeys: true`, as with `SignpostInspector`.
///
/// Recording an event only appends it to a bounded queue; a thread of the server's own does
/// every socket call and all formatting, so a slow or stalled browser never slows an owner:
/// its events are dropped, and the page says how many.
public final class Devtools: Sendable {
  /// The address to open, with its token: `http://127.0.0.1:PORT/?token=…`.
  public let url: URL
  /// The port the server listens on.
  public let port: UInt16
  /// Whether keys are shown as the owners describe them.
  public let publicKeys: Bool
  private let hub: EventHub
  private let wantsHits: Bool
  private let heartbeat: MainQueueHeartbeat?

  private init(
    url: URL, port: UInt16, publicKeys: Bool, hub: EventHub, recordsHits: Bool, heartbeat: MainQueueHeartbeat?
  ) {
    self.url = url
    self.port = port
    self.publicKeys = publicKeys
    self.hub = hub
    self.wantsHits = recordsHits
    self.heartbeat = heartbeat
  }

  deinit { stop() }

  /// The inspector to give owners, alone or in an `InspectorGroup`; it only queues events.
  public var inspector: any OwnerInspector { DevtoolsInspector(hub: hub, recordsHits: wantsHits) }

  /// Starts a server on the loopback address.
  ///
  /// - Parameters:
  ///   - port: The port to listen on; 0 (the default) for any free one.
  ///   - publicKeys: Whether the page shows keys as the owners describe them. Pass `true` only
  ///     when no key of an inspected owner can hold what a user typed or who they are.
  /// - Returns: The running server; ``url`` is the address to open.
  /// - Throws: ``DevtoolsError`` when the port cannot be listened on.
  public static func start(port: UInt16 = 0, publicKeys: Bool = false) async throws(DevtoolsError) -> Devtools {
    var configuration = Configuration()
    configuration.port = port
    configuration.publicKeys = publicKeys
    return try await start(configuration)
  }

  /// Starts a server as `configuration` says.
  ///
  /// - Returns: The running server; ``url`` is the address to open.
  /// - Throws: ``DevtoolsError`` when the configuration is invalid or the port cannot be
  ///   listened on.
  public static func start(_ configuration: Configuration) async throws(DevtoolsError) -> Devtools {
    try configuration.validate()
    guard let hub = EventHub(limit: configuration.pendingEventLimit) else {
      throw .cannotListen(host: configuration.host, port: configuration.port, reason: "no pipe could be made")
    }
    let (listener, port): (Int32, UInt16)
    switch Socket.listen(host: configuration.host, port: configuration.port) {
    case .success(let opened): (listener, port) = opened
    case .failure(.invalidAddress): throw .invalidHost(configuration.host)
    case .failure(let failure):
      throw .cannotListen(host: configuration.host, port: configuration.port, reason: failure.reason)
    }
    let token = Token.make(bytes: 16)
    let settings = Server.Settings(
      host: configuration.host, port: port, token: token, publicKeys: configuration.publicKeys,
      clientLimit: configuration.clientLimit, eventsPerClient: configuration.eventsPerClient,
      historyLimit: configuration.historyLimit, requestTimeout: configuration.requestTimeout)
    let origin = ContinuousClock.now
    let thread = Thread {
      Server.yieldToTheApp()
      Server(settings: settings, listener: listener, hub: hub, origin: origin).run()
    }
    thread.name = "CustodyDevtools"
    thread.qualityOfService = .utility  // Darwin: below the app's threads; Linux: see yieldToTheApp
    thread.start()
    let shownHost = configuration.host == "0.0.0.0" ? "127.0.0.1" : configuration.host
    let url = URL(string: "http://\(shownHost):\(port)/?token=\(token)")!
    var heartbeat: MainQueueHeartbeat?
    if configuration.measuresMainActor {
      heartbeat = MainQueueHeartbeat()
      heartbeat?.start { [hub] worst in hub.record(lateness: worst) }
    }
    return Devtools(
      url: url, port: port, publicKeys: configuration.publicKeys, hub: hub, recordsHits: configuration.recordsHits,
      heartbeat: heartbeat)
  }

  /// Stops the server: it closes every connection and its port, and the inspector records
  /// nothing more. Also done when the last reference to this value goes, and with the process.
  public func stop() {
    heartbeat?.stop()
    hub.close()
  }
}
