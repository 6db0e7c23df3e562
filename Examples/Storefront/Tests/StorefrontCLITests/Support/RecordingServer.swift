import Custody
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A tiny HTTP server on 127.0.0.1 that records every request and answers each with `respond`'s
/// status and JSON body, one request per connection.
///
/// Its sockets are served on a thread of its own, so no cooperative-pool thread ever blocks on
/// them; ``stop()`` (or releasing the server) wakes that thread and ends it.
final class RecordingServer: Sendable {
  struct Request: Sendable, Hashable {
    var method: String
    var path: String
    /// Header names lowercased.
    var headers: [String: String]
    var body: String
  }

  typealias Responder = @Sendable (Request) -> (status: Int, body: String)

  /// `http://127.0.0.1:PORT`.
  let url: String
  private let wake: (read: Int32, write: Int32)
  private let recorded = LockedState<[Request]>([])
  private let stopped = LockedState(false)

  /// Starts listening on a free port.
  init(respond: @escaping Responder) throws {
    let listener = socket(AF_INET, Self.streamType, 0)
    guard listener >= 0 else { throw Failure("socket") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    let size = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, size) }
    }
    var length = size
    let named = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
    }
    var pipeEnds: [Int32] = [0, 0]
    guard bound == 0, named == 0, listen(listener, 16) == 0, pipe(&pipeEnds) == 0 else {
      close(listener)
      throw Failure("bind, listen or pipe")
    }
    wake = (pipeEnds[0], pipeEnds[1])
    url = "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))"
    let thread = Thread { [listener, wake, recorded] in
      Self.serve(listener: listener, wake: wake.read, recorded: recorded, respond: respond)
      close(listener)
      close(wake.read)
    }
    thread.start()
  }

  deinit { stop() }

  /// Every request received so far, in order.
  var requests: [Request] { recorded.withLock { $0 } }

  /// Stops listening; the serving thread ends.
  func stop() {
    let first = stopped.withLock { stopped in
      defer { stopped = true }
      return !stopped
    }
    guard first else { return }
    var byte: UInt8 = 1
    _ = write(wake.write, &byte, 1)
    close(wake.write)
  }

  private static func serve(listener: Int32, wake: Int32, recorded: LockedState<[Request]>, respond: Responder) {
    while true {
      var descriptors = [
        pollfd(fd: listener, events: Int16(POLLIN), revents: 0), pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
      ]
      guard poll(&descriptors, 2, -1) >= 0 || errno == EINTR else { return }
      if descriptors[1].revents != 0 { return }
      guard descriptors[0].revents != 0 else { continue }
      let connection = accept(listener, nil, nil)
      guard connection >= 0 else { continue }
      var timeout = timeval(tv_sec: 5, tv_usec: 0)
      setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
      if let request = read(connection) {
        recorded.withLock { $0.append(request) }
        let (status, body) = respond(request)
        let answer =
          "HTTP/1.1 \(status) Answer\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n"
          + "Connection: close\r\n\r\n\(body)"
        var bytes = Array(answer.utf8)
        var offset = 0
        while offset < bytes.count {
          let sent = bytes.withUnsafeMutableBytes { send(connection, $0.baseAddress! + offset, $0.count - offset, 0) }
          if sent <= 0 { break }
          offset += sent
        }
      }
      close(connection)
    }
  }

  /// One request: the head up to its blank line, then `Content-Length` bytes of body.
  private static func read(_ connection: Int32) -> Request? {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    var headEnd: Int?
    var bodyLength = 0
    while headEnd.map({ bytes.count < $0 + bodyLength }) ?? true {
      let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
      guard count > 0 else { return nil }
      bytes += buffer.prefix(count)
      if headEnd == nil, let end = bytes.firstRange(of: Array("\r\n\r\n".utf8)) {
        headEnd = end.upperBound
        let head = String(decoding: bytes[..<end.lowerBound], as: UTF8.self)
        bodyLength = Self.headers(of: head)["content-length"].flatMap { Int($0) } ?? 0
      }
    }
    guard let headEnd else { return nil }
    let head = String(decoding: bytes[..<headEnd], as: UTF8.self)
    let requestLine = head.prefix { $0 != "\r" }.split(separator: " ")
    guard requestLine.count >= 2 else { return nil }
    return Request(
      method: String(requestLine[0]), path: String(requestLine[1]), headers: headers(of: head),
      body: String(decoding: bytes[headEnd...], as: UTF8.self))
  }

  private static func headers(of head: String) -> [String: String] {
    var headers: [String: String] = [:]
    for line in head.components(separatedBy: "\r\n").dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    return headers
  }

  #if canImport(Glibc)
    private static let streamType = Int32(SOCK_STREAM.rawValue)
  #else
    private static let streamType = SOCK_STREAM
  #endif

  struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ call: String) { description = "RecordingServer: \(call) failed (errno \(errno))" }
  }
}
