import Foundation

/// Which server a session belongs to: the origin of its address (scheme, host and port), or
/// the name of a server reached in process, such as an embedded backend.
///
/// A session is kept for the server that issued it and is sent to no other: its tokens are
/// that server's secrets, and another server's refusal of them says nothing about them.
///
/// ```swift
/// ServerOrigin(URL(string: "https://dummyjson.com/products")!).description  // "https://dummyjson.com:443"
/// ServerOrigin(named: "embedded").description                               // "embedded"
/// ```
public struct ServerOrigin: Sendable, Hashable, Codable, CustomStringConvertible {
  /// `scheme://host:port`, lowercased, with the scheme's default port written out; or the name.
  public let description: String

  /// The origin of `url`: its path, query and credentials play no part.
  public init(_ url: URL) {
    let scheme = url.scheme?.lowercased() ?? ""
    var host = url.host(percentEncoded: false)?.lowercased() ?? ""
    if host.contains(":") && !host.hasPrefix("[") { host = "[\(host)]" }
    let port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : 0)
    description = "\(scheme)://\(host):\(port)"
  }

  /// A server that has no address of its own, such as a backend served in process. A name is
  /// a plain word: it never equals the origin of an address.
  public init(named name: String) {
    precondition(!name.isEmpty && !name.contains(":"), "A server's name is a plain word, such as embedded")
    description = name
  }

  public init(from decoder: any Decoder) throws {
    description = try decoder.singleValueContainer().decode(String.self)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }

  /// The origin as a file name part: `https-dummyjson.com-443`, `embedded`. Two origins may
  /// share one (an IPv6 address and a name); a file also records its origin, so that costs a
  /// session, never a token sent to the wrong server.
  var fileName: String {
    var text = description
    if let separator = text.range(of: "://") {
      text.replaceSubrange(separator, with: "-")
      if let colon = text.lastIndex(of: ":") { text.replaceSubrange(colon...colon, with: "-") }
    }
    return String(text.map { ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "." || $0 == "-" ? $0 : "_" })
  }
}
