import TestSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A client of a server on 127.0.0.1, over a real socket: it writes raw bytes and reads on a
/// dispatch source (``DescriptorReader``), so a test awaits what comes back without blocking.
struct LoopbackClient {
  /// What the server sends.
  let reader: DescriptorReader
  /// A second descriptor of the same socket, to write on.
  let descriptor: Int32

  /// Connects to `port`; a small `receiveBuffer` makes a client that reads nothing stall soon.
  static func connect(to port: UInt16, receiveBuffer: Int32? = nil, reading: Bool = true) throws -> LoopbackClient {
    #if canImport(Darwin)
      let socket = Darwin.socket(AF_INET, SOCK_STREAM, 0)
    #else
      let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #endif
    guard socket >= 0 else { throw ClientError("socket: \(errno)") }
    if var size = receiveBuffer {
      _ = setsockopt(socket, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    // A connection to a listening loopback socket completes at once (the kernel accepts it
    // into the backlog), so this call does not wait on the server.
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        systemConnect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      _ = systemClose(socket)
      throw ClientError("connect: \(errno)")
    }
    let writer = dup(socket)
    return LoopbackClient(reader: DescriptorReader(descriptor: socket, label: "client of \(port)"), descriptor: writer)
  }

  /// Writes all of `text`; loopback buffers take a request at once.
  func send(_ text: String) throws { try send(Array(text.utf8)) }

  func send(_ bytes: [UInt8]) throws {
    var offset = 0
    while offset < bytes.count {
      let count = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress! + offset, $0.count - offset) }
      guard count > 0 else { throw ClientError("write: \(errno)") }
      offset += count
    }
  }

  /// Waits until the server has closed the connection; returns all it sent.
  func response() async throws -> String {
    try await reader.wait(for: "the server to answer and close") { $0.isFinished }.text
  }

  /// Waits until what the server sent contains `text`.
  @discardableResult
  func wait(for text: String, timeout: Duration = .seconds(10)) async throws -> String {
    try await reader.wait(for: "\"\(text)\"", timeout: timeout) { $0.text.contains(text) }.text
  }

  func close() {
    reader.close()
    _ = systemClose(descriptor)
  }

  struct ClientError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
  }
}

private func systemConnect(_ socket: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
  connect(socket, address, length)
}

private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}

private func systemClose(_ descriptor: Int32) -> Int32 { close(descriptor) }

/// A request as a browser on this machine sends it.
func request(_ target: String, method: String = "GET", port: UInt16, host: String? = nil, extra: String = "") -> String
{
  "\(method) \(target) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\n\(extra)\r\n"
}

extension LoopbackClient {
  /// Reads a socket again after its first reader was closed, through a copy of its descriptor.
  struct Resumed {
    let reader: DescriptorReader

    init(descriptor: Int32) throws {
      let copy = dup(descriptor)
      guard copy >= 0 else { throw ClientError("dup: \(errno)") }
      reader = DescriptorReader(descriptor: copy, label: "resumed client")
    }

    func close() { reader.close() }
  }
}

extension DescriptorReader.Output {
  /// The last bytes read, as text: enough for a condition checked after every read of a long
  /// stream, without reading it all each time.
  var tail: String { String(decoding: bytes.suffix(256 * 1024), as: UTF8.self) }
}
