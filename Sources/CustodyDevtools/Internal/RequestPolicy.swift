/// Decides what a request gets: the page, the event stream, or a refusal that tells the client
/// nothing beyond its status.
///
/// The checks run in an order that gives away as little as possible: a request from a page of
/// another site (a `Host` or `Origin` that is not this server's, as DNS rebinding makes) or
/// without the token is refused before its method or path is looked at.
struct RequestPolicy {
  /// What a request gets.
  enum Answer: Equatable {
    case page
    case events
    case refused(HTTPStatus)
  }

  /// The token every request must carry as `?token=`.
  let token: String
  /// The `host:port` values a request's `Host` may name.
  let authorities: Set<String>

  /// A policy for a server listening on `host` and `port`: `Host` must be that address, or
  /// `localhost` with the port.
  init(token: String, host: String, port: UInt16) {
    self.token = token
    var authorities: Set<String> = ["127.0.0.1:\(port)", "localhost:\(port)"]
    if host != "0.0.0.0" { authorities.insert("\(host.lowercased()):\(port)") }
    self.authorities = authorities
  }

  func answer(_ head: RequestHead) -> Answer {
    let hosts = head.values(of: "host")
    guard hosts.count == 1 else { return .refused(.badRequest) }
    guard authorities.contains(hosts[0].lowercased()) else { return .refused(.forbidden) }
    let origins = head.values(of: "origin")
    guard origins.count <= 1 else { return .refused(.forbidden) }
    if let origin = origins.first {
      guard origin.lowercased().hasPrefix("http://"), authorities.contains(String(origin.lowercased().dropFirst(7)))
      else { return .refused(.forbidden) }
    }
    guard let given = head.query("token"), Self.matches(given, token) else { return .refused(.forbidden) }
    guard head.method == "GET" else { return .refused(.methodNotAllowed) }
    switch head.path {
    case "/": return .page
    case "/events": return .events
    default: return .refused(.notFound)
    }
  }

  /// Compares every byte whatever the first difference, so the time taken says nothing of how
  /// much of a guess was right.
  static func matches(_ given: Substring, _ token: String) -> Bool {
    let given = Array(given.utf8), token = Array(token.utf8)
    var difference = given.count ^ token.count
    for index in token.indices { difference |= Int(token[index] ^ (index < given.count ? given[index] : 0)) }
    return difference == 0
  }
}
