import Foundation

/// The rules of a ``TokenStore`` as a plain value: the credential, the refresh in flight and
/// who waits for it, and how many refreshes the policy still allows. Methods return what the
/// owner must do next; `Waiter` is generic so the rules are tested without concurrency.
struct TokenStateMachine<Waiter> {
  typealias Failure = TokenStoreError

  struct Refresh {
    let id: UInt64
    let of: Credential
    var waiters = Waiters<Waiter>()
  }

  enum Action {
    case answer(Credential)
    case fail(Failure)
    case joined
    /// Start refresh `id` of `credential`.
    case start(id: UInt64, of: Credential)
    /// There is nothing to refresh with: end the session and fail.
    case endSession
  }

  /// How a refresh ended, as the owner classifies the refresh function's outcome.
  enum Outcome {
    case refreshed(Credential)
    case rejected
    case failed(any Error)
  }

  let policy: TokenStore.Policy
  private(set) var credential: Credential?
  private(set) var session: TokenStore.Session
  private(set) var refresh: Refresh?
  /// When each refresh inside the current window started, as time since the store started.
  private var refreshStarts: [Duration] = []
  private var ids = FlightIDs()

  init(credential: Credential?, policy: TokenStore.Policy) {
    self.credential = credential
    self.policy = policy
    session = credential == nil ? .signedOut(.notSignedIn) : .signedIn
  }

  /// A fresh identifier for a waiter.
  mutating func makeID() -> UInt64 { ids.makeID() }

  mutating func validCredential(now: Date, elapsed: Duration, _ waiterID: UInt64, _ waiter: Waiter) -> Action {
    guard case .signedIn = session, let credential else { return .fail(.signedOut(reason)) }
    if refresh != nil { return join(waiterID, waiter) }
    guard credential.expires(within: policy.leeway, of: now) else { return .answer(credential) }
    let expired = credential.expires(within: .zero, of: now)
    guard credential.refreshToken != nil else { return expired ? .endSession : .answer(credential) }
    if let delay = refreshDelay(at: elapsed) {
      return expired ? .fail(.tooManyRefreshes(retryAfter: delay)) : .answer(credential)
    }
    return start(of: credential, at: elapsed, waiterID, waiter)
  }

  /// A request sent with `accessToken` was rejected. Credentials are told apart by their access
  /// token, what the server saw: a copy rebuilt from storage or from a header is the same one.
  mutating func rejected(accessToken: String, elapsed: Duration, _ waiterID: UInt64, _ waiter: Waiter) -> Action {
    guard case .signedIn = session, let credential else { return .fail(.signedOut(reason)) }
    let isCurrent = credential.accessToken == accessToken
    if let refresh, isCurrent || refresh.of.accessToken == accessToken { return join(waiterID, waiter) }
    guard isCurrent else { return .answer(credential) }
    guard credential.refreshToken != nil else { return .endSession }
    if let delay = refreshDelay(at: elapsed) { return .fail(.tooManyRefreshes(retryAfter: delay)) }
    return start(of: credential, at: elapsed, waiterID, waiter)
  }

  /// Ends refresh `id`. Returns nil when it no longer counts (a sign-in or sign-out replaced
  /// it); otherwise the waiters and what they get.
  mutating func finish(_ id: UInt64, _ outcome: Outcome) -> (waiters: [Waiter], result: Result<Credential, Failure>)? {
    guard let refresh, refresh.id == id else { return nil }
    self.refresh = nil
    let waiters = refresh.waiters.inOrder
    switch outcome {
    case .refreshed(let new):
      credential = new
      return (waiters, .success(new))
    case .rejected:
      return (waiters + endSession(.sessionExpired), .failure(.signedOut(.sessionExpired)))
    case .failed(let error):
      return (waiters, .failure(.refreshFailed(error)))
    }
  }

  /// Replaces the credential. Returns the waiters of a refresh in flight, to be answered with
  /// the new credential; that refresh no longer counts.
  mutating func signIn(_ new: Credential) -> [Waiter] {
    credential = new
    session = .signedIn
    refreshStarts = []
    let waiters = refresh?.waiters.inOrder ?? []
    refresh = nil
    return waiters
  }

  /// Drops the credential. Returns the waiters of a refresh in flight, which fail.
  mutating func endSession(_ reason: TokenStore.SignOutReason) -> [Waiter] {
    credential = nil
    session = .signedOut(reason)
    let waiters = refresh?.waiters.inOrder ?? []
    refresh = nil
    return waiters
  }

  /// Removes a cancelled waiter; the refresh goes on for the others and for the store (a
  /// refresh token may rotate, so abandoning one half-way could lose the only valid one).
  mutating func leave(_ waiterID: UInt64) -> FlightExit<Waiter> {
    guard let id = refresh?.id, let waiter = refresh?.waiters.remove(waiterID) else { return FlightExit() }
    return FlightExit(waiter, left: id, remaining: refresh?.waiters.count ?? 0)
  }

  private var reason: TokenStore.SignOutReason {
    if case .signedOut(let reason) = session { return reason }
    return .notSignedIn
  }

  private mutating func join(_ waiterID: UInt64, _ waiter: Waiter) -> Action {
    refresh?.waiters.append(waiterID, waiter)
    return .joined
  }

  private mutating func start(
    of credential: Credential, at elapsed: Duration, _ waiterID: UInt64, _ waiter: Waiter
  )
    -> Action
  {
    let id = ids.makeFlightID()
    refresh = Refresh(id: id, of: credential, waiters: Waiters(waiterID, waiter))
    refreshStarts.append(elapsed)
    return .start(id: id, of: credential)
  }

  /// How long until the policy allows another refresh, or nil when it allows one now.
  private mutating func refreshDelay(at elapsed: Duration) -> Duration? {
    // A local copy: the closure must not read `self` while `refreshStarts` is mutated. On Apple
    // platforms this struct holds resilient Foundation types, so that is an exclusivity error.
    let window = policy.window
    refreshStarts.removeAll { elapsed - $0 >= window }
    guard refreshStarts.count >= policy.maxRefreshes, let oldest = refreshStarts.first else { return nil }
    return oldest + policy.window - elapsed
  }
}
