import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The server's loop: one thread of its own that polls the listening socket, every client and
/// the hub's wake-up pipe, so no socket call ever runs on the cooperative pool or an owner's
/// time. Everything here belongs to that thread.
final class Server {
  struct Settings: Sendable {
    var host: String
    var port: UInt16
    var token: String
    var publicKeys: Bool
    var clientLimit: Int
    var eventsPerClient: Int
    var historyLimit: Int
    var requestTimeout: Duration
    var keepAliveInterval: Duration = .seconds(15)
    var lingerTimeout: Duration = .seconds(1)
    /// While events keep coming, how often the server takes them: owners then append without
    /// waking it (see ``EventHub``).
    var batchInterval: Duration = .milliseconds(10)
  }

  private let settings: Settings
  private let listener: Int32
  private let hub: EventHub
  private let policy: RequestPolicy
  private var encoder: EventEncoder
  private var connections: [Int32: Connection] = [:]
  /// The last events, as frames, for a client that connects later.
  private var history: [[UInt8]] = []
  /// The main actor's lateness over the last two minutes, as frames.
  private var latenessHistory: [[UInt8]] = []
  private var nextKeepAlive: ContinuousClock.Instant
  /// While descriptors are exhausted, the listener is not polled until then, so a listener
  /// that stays readable does not spin the loop.
  private var acceptPausedUntil: ContinuousClock.Instant?
  /// When the server takes the events recorded since the last batch, while they keep coming;
  /// nil when the last batch was empty and the hub wakes the server for the next event.
  private var nextBatch: ContinuousClock.Instant?
  private var readBuffer = [UInt8](repeating: 0, count: 16 * 1024)

  init(settings: Settings, listener: Int32, hub: EventHub, origin: ContinuousClock.Instant) {
    self.settings = settings
    self.listener = listener
    self.hub = hub
    policy = RequestPolicy(token: settings.token, host: settings.host, port: settings.port)
    encoder = EventEncoder(publicKeys: settings.publicKeys, origin: origin)
    nextKeepAlive = .now + settings.keepAliveInterval
  }

  /// Lowers the calling thread below the app's threads, so that encoding and sending events
  /// take only time the app leaves: when the cores are busy, the owners' work runs first and
  /// the server falls behind (its clients then lose events, and are told how many) rather than
  /// slowing them. Darwin does it through the thread's quality of service.
  static func yieldToTheApp() {
    #if os(Linux)
      // On Linux the nice value is each thread's own, and 0 names the calling thread: at 10 it
      // gets about a tenth of a core the app's threads keep busy.
      _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
    #endif
  }

  /// Serves until the hub is closed, then closes every connection and the listening socket.
  func run() {
    defer {
      // The port first: once a browser sees its stream end, nothing more can connect.
      Socket.close(listener)
      for descriptor in connections.keys { Socket.close(descriptor) }
      connections = [:]
    }
    while !hub.isClosed {
      if let paused = acceptPausedUntil, paused <= .now { acceptPausedUntil = nil }
      var descriptors = [
        pollfd(fd: hub.wake.read, events: Int16(POLLIN), revents: 0),
        // A negative descriptor is skipped by `poll`.
        pollfd(fd: acceptPausedUntil == nil ? listener : -1, events: Int16(POLLIN), revents: 0),
      ]
      for connection in connections.values {
        var events: Int32 = 0
        if connection.wantsInput { events |= Int32(POLLIN) }
        if connection.wantsOutput { events |= Int32(POLLOUT) }
        descriptors.append(pollfd(fd: connection.descriptor, events: Int16(events), revents: 0))
      }
      let ready = poll(&descriptors, nfds_t(descriptors.count), timeout())
      guard !hub.isClosed else { return }
      if ready < 0 && errno != EINTR { return }
      if descriptors[0].revents != 0 || nextBatch.map({ $0 <= .now }) == true { distribute() }
      if descriptors[1].revents != 0 { acceptAll() }
      for polled in descriptors.dropFirst(2) where polled.revents != 0 {
        if polled.revents & Int16(POLLOUT) != 0 {
          connections[polled.fd]?.isBlocked = false
          flush(polled.fd)
        }
        if polled.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 { receive(polled.fd) }
      }
      expire()
    }
  }

  /// Milliseconds until the nearest deadline.
  private func timeout() -> Int32 {
    let now = ContinuousClock.now
    let nearest = (connections.values.compactMap(\.deadline) + [acceptPausedUntil, nextBatch].compactMap(\.self))
      .reduce(nextKeepAlive) { min($0, $1) }
    let wait = now.duration(to: nearest)
    guard wait > .zero else { return 0 }
    return Int32(min(wait.components.seconds * 1_000 + wait.components.attoseconds / 1_000_000_000_000_000 + 1, 60_000))
  }

  // MARK: Events

  /// Encodes what owners recorded once and queues it for every streaming client.
  private func distribute() {
    let batch = hub.take()
    nextBatch = batch.isEmpty ? nil : .now + settings.batchInterval
    let clients = streamingClients
    for lateness in batch.latenesses {
      var json = JSONObject(prefix: "event: lateness\ndata: ")
      json.add("t", milliseconds: encoder.origin.duration(to: lateness.at))
      json.add("worst", milliseconds: lateness.worst)
      let frame = json.finished(suffix: "\n\n")
      latenessHistory.append(frame)
      for descriptor in clients { connections[descriptor]?.output.append(frame) }
    }
    if latenessHistory.count > 240 { latenessHistory.removeFirst(latenessHistory.count - 240) }
    for recorded in batch.events {
      let frame = encoder.frame(recorded)
      history.append(frame)
      for descriptor in clients {
        // A burst larger than a client's queue goes to its socket first, if it takes it.
        if let connection = connections[descriptor], connection.output.isFull, !connection.isBlocked {
          flush(descriptor)
        }
        connections[descriptor]?.output.append(frame)
      }
    }
    if history.count > settings.historyLimit { history.removeFirst(history.count - settings.historyLimit) }
    if batch.dropped > 0 {
      for descriptor in clients { connections[descriptor]?.output.noteDropped(batch.dropped) }
    }
    for descriptor in clients where connections[descriptor]?.isBlocked == false { flush(descriptor) }
  }

  private var streamingClients: [Int32] { connections.values.filter { $0.phase == .streaming }.map(\.descriptor) }

  // MARK: Connections

  private func acceptAll() {
    while true {
      let descriptor: Int32
      switch Socket.accept(listener) {
      case .connection(let accepted): descriptor = accepted
      case .none: return
      case .exhausted:
        acceptPausedUntil = .now + .milliseconds(100)
        return
      }
      guard connections.count < settings.clientLimit else {
        // Over the cap: a short answer if the socket takes it at once, never a wait.
        _ = Socket.write(descriptor, Responses.refusal(.unavailable), from: 0)
        Socket.close(descriptor)
        continue
      }
      connections[descriptor] = Connection(
        descriptor: descriptor, queueLimit: settings.eventsPerClient, deadline: .now + settings.requestTimeout)
    }
  }

  private func receive(_ descriptor: Int32) {
    guard var connection = connections[descriptor] else { return }
    while true {
      switch Socket.read(descriptor, into: &readBuffer) {
      case .wouldBlock:
        connection.isBlocked = true
        connections[descriptor] = connection
        return
      case .closed:
        close(descriptor)
        return
      case .bytes(let count):
        switch connection.phase {
        case .reading:
          connection.input += readBuffer.prefix(count)
          switch RequestHead.read(connection.input) {
          case .incomplete: continue
          case .refused(let status): answer(&connection, with: Responses.refusal(status))
          case .head(let head):
            switch policy.answer(head) {
            case .page: answer(&connection, with: Responses.page(nonce: Token.make(bytes: 16)))
            case .events: startStreaming(&connection)
            case .refused(let status): answer(&connection, with: Responses.refusal(status))
            }
          }
          connections[descriptor] = connection
          flush(descriptor)
          return
        case .lingering:
          connection.discarded += count
          if connection.discarded > 64 * 1024 {
            close(descriptor)
            return
          }
        case .streaming, .answering:
          break  // a client has nothing to say once it asked; what it sends is ignored
        }
      }
    }
  }

  private func answer(_ connection: inout Connection, with bytes: [UInt8]) {
    connection.phase = .answering
    connection.deadline = .now + settings.requestTimeout
    connection.input = []
    connection.output.appendAlways(bytes)
  }

  private func startStreaming(_ connection: inout Connection) {
    connection.phase = .streaming
    connection.deadline = nil
    connection.input = []
    connection.output.appendAlways(Responses.streamHead)
    let hello =
      "{\"owners\":\(encoder.ownersJSON),\"publicKeys\":\(settings.publicKeys),\"history\":\(history.count)}"
    connection.output.appendAlways(Array("retry: 2000\nevent: hello\ndata: \(hello)\n\n".utf8))
    for frame in latenessHistory { connection.output.append(frame) }
    for frame in history.suffix(max(connection.output.limit - latenessHistory.count, 0)) {
      connection.output.append(frame)
    }
  }

  /// Sends what the client takes now; closes or lingers once an answer is sent.
  private func flush(_ descriptor: Int32) {
    // Taken out while it is sent, so consuming its queue does not copy it.
    guard var connection = connections.removeValue(forKey: descriptor) else { return }
    while let frame = connection.output.first {
      switch Socket.write(descriptor, frame, from: connection.output.offset) {
      case .bytes(let count): connection.output.consume(count)
      case .wouldBlock:
        connection.isBlocked = true
        connections[descriptor] = connection
        return
      case .closed:
        close(descriptor)
        return
      }
    }
    if connection.phase == .answering {
      Socket.shutdownWriting(descriptor)
      connection.phase = .lingering
      connection.deadline = .now + settings.lingerTimeout
    }
    connections[descriptor] = connection
  }

  /// Closes connections past their deadline, and keeps idle streams alive.
  private func expire() {
    let now = ContinuousClock.now
    for connection in connections.values {
      if let deadline = connection.deadline, deadline <= now {
        if connection.phase == .reading {
          // Too slow to ask: a best-effort answer, then gone.
          _ = Socket.write(connection.descriptor, Responses.refusal(.requestTimeout), from: 0)
        }
        close(connection.descriptor)
      }
    }
    if nextKeepAlive <= now {
      nextKeepAlive = now + settings.keepAliveInterval
      for descriptor in streamingClients where connections[descriptor]?.output.isEmpty == true {
        connections[descriptor]?.output.appendAlways(Responses.keepAlive)
        flush(descriptor)
      }
    }
  }

  private func close(_ descriptor: Int32) {
    connections[descriptor] = nil
    Socket.close(descriptor)
  }
}
