#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The few POSIX socket calls the server makes, the same on Linux and Darwin.
///
/// Every descriptor is non-blocking and closed on `exec`; writes never raise `SIGPIPE`.
enum Socket {
  /// What a non-blocking read or write did.
  enum Transfer: Equatable {
    case bytes(Int)
    /// Nothing now; try again when `poll` says so.
    case wouldBlock
    /// The peer closed (a read of 0) or the connection failed.
    case closed
  }

  /// A listening TCP socket on `host` (an IPv4 address) and `port` (0 for any free one).
  ///
  /// - Returns: The descriptor and the port it listens on, or the `errno` that failed.
  static func listen(host: String, port: UInt16, backlog: Int32 = 16) -> Result<(Int32, UInt16), SocketFailure> {
    var address = sockaddr_in()
    guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else { return .failure(.invalidAddress) }
    #if canImport(Darwin)
      address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
      let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #else
      let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #endif
    guard descriptor >= 0 else { return .failure(.system("socket", errno)) }
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    var yes: Int32 = 1
    _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    prepare(descriptor)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0 else { return .failure(closing(descriptor, .system("bind", errno))) }
    guard systemListen(descriptor, backlog) == 0 else { return .failure(closing(descriptor, .system("listen", errno))) }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let named = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
    }
    guard named == 0 else { return .failure(closing(descriptor, .system("getsockname", errno))) }
    return .success((descriptor, UInt16(bigEndian: address.sin_port)))
  }

  /// What accepting a connection gave.
  enum Accepted: Equatable {
    case connection(Int32)
    /// No connection waits now.
    case none
    /// The process or the system is out of descriptors or memory: the connection waits in
    /// the backlog, and the listener stays readable until it can be taken.
    case exhausted
  }

  /// Accepts one pending connection.
  static func accept(_ listener: Int32) -> Accepted {
    while true {
      let descriptor = systemAccept(listener, nil, nil)
      if descriptor >= 0 {
        prepare(descriptor)
        return .connection(descriptor)
      }
      switch errno {
      case EINTR, ECONNABORTED: continue
      case EMFILE, ENFILE, ENOBUFS, ENOMEM: return .exhausted
      default: return .none
      }
    }
  }

  /// Reads what is there, up to `buffer.count` bytes.
  static func read(_ descriptor: Int32, into buffer: inout [UInt8]) -> Transfer {
    while true {
      let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      if count > 0 { return .bytes(count) }
      if count == 0 { return .closed }
      if errno == EINTR { continue }
      return errno == EAGAIN || errno == EWOULDBLOCK ? .wouldBlock : .closed
    }
  }

  /// Writes what the socket takes now of `bytes[offset...]`.
  static func write(_ descriptor: Int32, _ bytes: [UInt8], from offset: Int) -> Transfer {
    while true {
      let count = bytes.withUnsafeBytes {
        send(descriptor, $0.baseAddress! + offset, $0.count - offset, noSignal)
      }
      if count >= 0 { return .bytes(count) }
      if errno == EINTR { continue }
      return errno == EAGAIN || errno == EWOULDBLOCK ? .wouldBlock : .closed
    }
  }

  /// Says the server will send nothing more; the peer reads the end of the stream.
  static func shutdownWriting(_ descriptor: Int32) {
    #if canImport(Darwin)
      _ = shutdown(descriptor, SHUT_WR)
    #else
      _ = shutdown(descriptor, Int32(SHUT_WR))
    #endif
  }

  static func close(_ descriptor: Int32) {
    _ = systemClose(descriptor)
  }

  /// A pipe whose ends are non-blocking and closed on `exec`.
  static func pipe() -> (read: Int32, write: Int32)? {
    var ends: [Int32] = [-1, -1]
    guard systemPipe(&ends) == 0 else { return nil }
    for end in ends { prepare(end) }
    return (ends[0], ends[1])
  }

  /// Writes one byte to a pipe, to wake the thread that polls its other end; a full pipe
  /// already wakes it.
  static func signal(_ descriptor: Int32) {
    var byte: UInt8 = 1
    while systemWrite(descriptor, &byte, 1) < 0 && errno == EINTR {}
  }

  /// Reads whatever a pipe holds, to clear its wake-ups.
  static func drain(_ descriptor: Int32) {
    var buffer = [UInt8](repeating: 0, count: 256)
    while true {
      let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
      if count > 0 || (count < 0 && errno == EINTR) { continue }
      return
    }
  }

  /// Non-blocking, closed on `exec`, and (on Darwin) no `SIGPIPE` on a closed peer.
  private static func prepare(_ descriptor: Int32) {
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    #if canImport(Darwin)
      var yes: Int32 = 1
      _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
    #endif
  }

  private static func closing(_ descriptor: Int32, _ failure: SocketFailure) -> SocketFailure {
    _ = systemClose(descriptor)
    return failure
  }

  #if canImport(Darwin)
    private static let noSignal: Int32 = 0
  #else
    private static let noSignal = Int32(MSG_NOSIGNAL)
  #endif
}

/// Why a socket could not be opened.
enum SocketFailure: Error, Equatable {
  case invalidAddress
  /// The call that failed and its `errno`.
  case system(String, Int32)

  /// The call and the system's words for its error.
  var reason: String {
    switch self {
    case .invalidAddress: "not an IPv4 address"
    case .system(let call, let code): "\(call): \(String(cString: strerror(code)))"
    }
  }
}

// The system calls, named apart from `Socket`'s members.
private func systemAccept(
  _ listener: Int32, _ address: UnsafeMutablePointer<sockaddr>?, _ length: UnsafeMutablePointer<socklen_t>?
) -> Int32 {
  accept(listener, address, length)
}

private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}

private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(descriptor, buffer, count)
}

private func systemClose(_ descriptor: Int32) -> Int32 { close(descriptor) }

private func systemPipe(_ ends: inout [Int32]) -> Int32 { pipe(&ends) }

private func systemListen(_ descriptor: Int32, _ backlog: Int32) -> Int32 { listen(descriptor, backlog) }
