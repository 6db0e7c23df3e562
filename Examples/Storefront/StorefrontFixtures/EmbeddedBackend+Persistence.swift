import Custody
import CustodyHTTP
import Foundation

extension EmbeddedBackend {
  /// The embedded backend with its sessions kept in a file, so a session outlives the process
  /// as it outlives an app restart against the real server.
  ///
  /// Each run of a command-line program makes a new in-memory backend, which knows none of the
  /// tokens an earlier run was given: without this, `storefront login` followed by
  /// `storefront whoami` would find the session gone. This transport records every session
  /// the backend opens (user, tokens, expiry dates) in an owner-only (0600) file and, when
  /// opened again, reopens each unexpired one in the new backend. Requests that carry a token
  /// of an earlier run are answered as that session: an expired access token still gets
  /// `401 Token Expired!`, its refresh token still renews it, and a session ended by a logout
  /// stays ended.
  ///
  /// ```swift
  /// let backend = try EmbeddedBackend()
  /// let transport = await EmbeddedBackend.PersistentSessions.open(
  ///   backend, file: dataDirectory.appending(path: "embedded-backend.json"))
  /// let client = HTTPClient(baseURL: backend.configuration.baseURL, transport: transport)
  /// ```
  ///
  /// The catalog, and edits made to it, are not persisted: every run serves the catalog of the
  /// configured seed.
  public final class PersistentSessions: HTTPTransport {
    /// The backend that answers every request.
    public let backend: EmbeddedBackend
    private let store: FileStore<[SavedSession]>
    /// Tokens of an earlier run, to the tokens the backend of this run issued for the same session.
    private let aliases: LockedState<[String: String]>

    private init(backend: EmbeddedBackend, store: FileStore<[SavedSession]>, aliases: [String: String]) {
      self.backend = backend
      self.store = store
      self.aliases = LockedState(aliases)
    }

    /// Reads `file` and reopens its unexpired sessions in `backend`.
    ///
    /// A corrupt file is moved aside (``loadProblem`` says where) and no session is reopened.
    public static func open(_ backend: EmbeddedBackend, file: URL) async -> PersistentSessions {
      let store = await FileStore<[SavedSession]>.open(url: file, default: [], protection: .ownerOnly)
      let saved = store.value
      let now = backend.now()
      var aliases: [String: String] = [:]
      var kept: [SavedSession] = []
      for session in saved where session.refreshExpiresAt > now {
        let issued = backend.state.withLock { state in
          let issued = state.sessions.open(
            userID: session.userID, accessLifetime: .seconds(session.accessExpiresAt.timeIntervalSince(now)),
            refreshLifetime: .seconds(session.refreshExpiresAt.timeIntervalSince(now)), now: now)
          if session.isEnded { _ = state.sessions.endSession(of: issued.access) }
          return issued
        }
        aliases[session.accessToken] = issued.access
        aliases[session.refreshToken] = issued.refresh
        kept.append(session)
      }
      if kept.count != saved.count { store.save(kept) }
      return PersistentSessions(backend: backend, store: store, aliases: aliases)
    }

    /// What was wrong with the file when it was opened, if anything.
    public var loadProblem: FileStoreError? { store.loadProblem }

    /// Waits until the file holds every session opened so far.
    public func flush() async throws {
      try await store.flush()
    }

    @concurrent
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
      let route = request.path.split(separator: "/").suffix(2).joined(separator: "/")
      let sent = translated(request)
      let response = try await backend.send(sent)
      guard response.isSuccess else { return response }
      switch route {
      case "auth/login": recordLogin(request: request, response: response)
      case "auth/refresh": recordRefresh(request: request, response: response)
      case "auth/logout": end(token: request.presentedToken)
      default: break
      }
      return response
    }

    /// `request` with the tokens of an earlier run replaced by this run's.
    private func translated(_ request: HTTPRequest) -> HTTPRequest {
      let aliases = self.aliases.withLock { $0 }
      guard !aliases.isEmpty else { return request }
      var request = request
      if let token = request.presentedToken, let current = aliases[token] {
        request.headers["Authorization"] = "Bearer \(current)"
      }
      if var body = Self.object(request.body), let token = body["refreshToken"] as? String,
        let current = aliases[token]
      {
        body["refreshToken"] = current
        request.body = try? JSONSerialization.data(withJSONObject: body)
      }
      return request
    }

    private func recordLogin(request: HTTPRequest, response: HTTPResponse) {
      guard let reply = Self.object(response.body), let userID = reply["id"] as? Int,
        let access = reply["accessToken"] as? String, let refresh = reply["refreshToken"] as? String
      else { return }
      let session = makeSession(userID: userID, access: access, refresh: refresh, request: request)
      store.update { $0.append(session) }
    }

    private func recordRefresh(request: HTTPRequest, response: HTTPResponse) {
      guard let old = Self.object(request.body)?["refreshToken"] as? String, let reply = Self.object(response.body),
        let access = reply["accessToken"] as? String, let refresh = reply["refreshToken"] as? String
      else { return }
      store.update { sessions in
        guard let index = sessions.firstIndex(where: { $0.refreshToken == old }) else { return }
        sessions[index] = makeSession(
          userID: sessions[index].userID, access: access, refresh: refresh, request: request)
      }
    }

    /// Keeps the ended session until it would have expired, so a copy of its tokens taken
    /// before the logout is refused in a later run too.
    private func end(token: String?) {
      guard let token else { return }
      store.update { sessions in
        for index in sessions.indices
        where sessions[index].accessToken == token || sessions[index].refreshToken == token {
          sessions[index].isEnded = true
        }
      }
    }

    /// The session as the backend just opened it; expiry follows the backend's rules: the
    /// configured token lifetime, else the `expiresInMins` asked for (60 minutes when none).
    private func makeSession(userID: Int, access: String, refresh: String, request: HTTPRequest) -> SavedSession {
      let now = backend.now()
      let asked = (Self.object(request.body)?["expiresInMins"] as? NSNumber)?.doubleValue
      let minutes = asked ?? Double(AuthService.defaultMinutes)
      let lifetime = backend.configuration.tokenLifetime?.timeInterval ?? minutes * 60
      return SavedSession(
        userID: userID, accessToken: access, accessExpiresAt: now.addingTimeInterval(lifetime),
        refreshToken: refresh,
        refreshExpiresAt: now.addingTimeInterval(backend.configuration.refreshTokenLifetime.timeInterval))
    }

    private static func object(_ data: Data?) -> [String: Any]? {
      guard let data else { return nil }
      return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }
  }

  /// One session as ``PersistentSessions`` keeps it on disk. It holds secrets: the file is 0600.
  public struct SavedSession: Sendable, Hashable, Codable, CustomStringConvertible {
    public var userID: Int
    public var accessToken: String
    public var accessExpiresAt: Date
    public var refreshToken: String
    public var refreshExpiresAt: Date
    /// Whether a logout ended the session; its tokens are then refused.
    public var isEnded: Bool

    /// Creates a record of one session; `isEnded` is `false` for a session still open.
    public init(
      userID: Int, accessToken: String, accessExpiresAt: Date, refreshToken: String, refreshExpiresAt: Date,
      isEnded: Bool = false
    ) {
      self.userID = userID
      self.accessToken = accessToken
      self.accessExpiresAt = accessExpiresAt
      self.refreshToken = refreshToken
      self.refreshExpiresAt = refreshExpiresAt
      self.isEnded = isEnded
    }

    /// Reads a session; files written before sessions could end have no `isEnded`.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      self.init(
        userID: try container.decode(Int.self, forKey: .userID),
        accessToken: try container.decode(String.self, forKey: .accessToken),
        accessExpiresAt: try container.decode(Date.self, forKey: .accessExpiresAt),
        refreshToken: try container.decode(String.self, forKey: .refreshToken),
        refreshExpiresAt: try container.decode(Date.self, forKey: .refreshExpiresAt),
        isEnded: try container.decodeIfPresent(Bool.self, forKey: .isEnded) ?? false)
    }

    /// The user, the expiry dates and whether the session ended; never a token.
    public var description: String {
      "SavedSession(user: \(userID), access until \(accessExpiresAt), refresh until \(refreshExpiresAt)"
        + (isEnded ? ", ended)" : ")")
    }
  }
}
