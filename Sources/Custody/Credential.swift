import Foundation

/// An access token, the refresh token that renews it and when it expires.
///
/// The expiry is a wall-clock `Date`, so a credential saved to disk still knows when it
/// expires after the app restarts. Descriptions, debug descriptions and mirrors never show a
/// token: printing or logging a credential is safe.
///
/// ```swift
/// let credential = Credential(accessToken: reply.accessToken, refreshToken: reply.refreshToken,
///                             expiresAt: Date(timeIntervalSinceNow: 30 * 60))
/// print(credential)  // Credential(access token: <redacted>, refresh token: <redacted>, expires …)
/// ```
public struct Credential: Sendable, Codable, Hashable {
  /// The token sent with each request, usually as `Authorization: Bearer …`.
  public var accessToken: String
  /// The token that obtains a new access token, if the server issued one.
  public var refreshToken: String?
  /// When the access token stops being accepted; `nil` when it does not expire.
  public var expiresAt: Date?

  /// Creates a credential.
  public init(accessToken: String, refreshToken: String?, expiresAt: Date?) {
    self.accessToken = accessToken
    self.refreshToken = refreshToken
    self.expiresAt = expiresAt
  }

  /// Whether the access token expires within `leeway` of `now` (or has expired).
  public func expires(within leeway: Duration, of now: Date) -> Bool {
    guard let expiresAt else { return false }
    return expiresAt.timeIntervalSince(now) <= leeway.timeInterval
  }
}

extension Credential: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
  public var description: String {
    let refresh = refreshToken == nil ? "none" : "<redacted>"
    let expiry = expiresAt.map { "expires \($0.formatted(.iso8601))" } ?? "does not expire"
    return "Credential(access token: <redacted>, refresh token: \(refresh), \(expiry))"
  }

  public var debugDescription: String { description }

  public var customMirror: Mirror {
    Mirror(self, children: ["description": description], displayStyle: .struct)
  }
}
