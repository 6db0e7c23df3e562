import Foundation

/// The shape of the tokens the backend issues: JSON Web Tokens, like the public service's,
/// whose header and payload say who they are for and until when.
///
/// The signature is random rather than computed from a key: a token is valid because the
/// ``SessionTable`` issued it, and a token of the right shape that the table never issued (an
/// edited one, or one from another server) fails the way a wrong signature fails there.
enum TokenFormat {
  /// What a presented token looks like before the table is asked.
  enum Shape: Equatable {
    /// Three base64url parts whose header and payload are JSON objects; `session` is the
    /// payload's session number, if it has one.
    case wellFormed(session: UInt64?)
    /// Three parts, but the header or payload is not base64url JSON.
    case undecodable
    /// Not three parts.
    case malformed
  }

  private static let header = base64URL(Data(#"{"alg":"HS256","typ":"JWT"}"#.utf8))

  /// A new token for `userID` in `session`, issued at `issuedAt` and expiring at `expiresAt`.
  static func make(userID: Int, session: UInt64, issuedAt: Date, expiresAt: Date) -> String {
    let iat = Int(issuedAt.timeIntervalSince1970)
    let exp = Int(expiresAt.timeIntervalSince1970.rounded(.up))
    let payload = base64URL(Data(#"{"id":\#(userID),"sid":\#(session),"iat":\#(iat),"exp":\#(exp)}"#.utf8))
    var generator = SystemRandomNumberGenerator()
    let signature = base64URL(Data((0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }))
    return "\(header).\(payload).\(signature)"
  }

  static func shape(of token: String) -> Shape {
    let parts = token.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3 else { return .malformed }
    let objects = parts.prefix(2).compactMap { part -> [String: Any]? in
      guard let data = decodeBase64URL(part) else { return nil }
      return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }
    guard objects.count == 2 else { return .undecodable }
    return .wellFormed(session: (objects[1]["sid"] as? NSNumber).map { $0.uint64Value })
  }

  private static func base64URL(_ data: Data) -> String {
    data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
      .replacingOccurrences(of: "=", with: "")
  }

  private static func decodeBase64URL(_ text: Substring) -> Data? {
    var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
    return Data(base64Encoded: base64)
  }
}
