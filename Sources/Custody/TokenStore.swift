import Foundation

/// Owns the session's credential and refreshes it, once, for everyone who needs it.
///
/// Requests ask for ``validCredential()`` before they go out and report a rejected one with
/// ``refresh(rejected:)``; the store makes sure a burst of requests causes one
/// refresh, a stale rejection causes none, and a server that rejects everything cannot cause a
/// refresh loop.
///
/// ```swift
/// let tokens = TokenStore(credential: saved, persist: { file.save($0) }) { old in
///   try await auth.refresh(old)
/// }
/// let credential = try await tokens.validCredential()
/// request.setValue("Bearer \(credential.accessToken)", forHTTPHeaderField: "Authorization")
/// ```
///
/// The guarantees:
/// - ``validCredential()`` refreshes a credential expiring within the policy's leeway once for
///   any number of callers.
/// - After a rejection, an access token other than the current one is answered with the current
///   credential without a refresh; otherwise one refresh runs, shared with any caller already
///   waiting. Credentials are told apart by their access token, so a copy rebuilt from storage
///   or read back from a request counts as the credential it copies.
/// - A refresh that fails in a way `endsSession` says ends the session (by default, an error
///   whose ``FailureCategory`` is unauthorized, forbidden or a rejected HTTP 400) signs the
///   session out and fails every waiter with ``TokenStoreError/signedOut(_:)``. Any other
///   failure (offline, timed out, a server error) fails the waiters with
///   ``TokenStoreError/refreshFailed(_:)`` and keeps the session. At most
///   ``Policy/maxRefreshes`` refreshes start per ``Policy/window``, and a credential is
///   refreshed successfully at most once.
/// - ``signOut()`` during a refresh wins: the refresh result is dropped.
/// - Tokens never appear in descriptions or errors.
///
/// A refresh keeps running when its callers are cancelled: refresh tokens often rotate, and
/// abandoning a refresh half-way could lose the only valid one.
public actor TokenStore {
  /// Exchanges a credential for a fresh one.
  public typealias Refresh = @Sendable (Credential) async throws -> Credential
  /// Tells whether an error thrown by ``Refresh`` means the session is over.
  public typealias EndsSession = @Sendable (any Error) -> Bool

  private typealias Waiter = ReleasableWaiter<Credential>
  /// Hands callers to this actor in order, releasing a cancelled one at once (see ``JoinQueue``).
  private let joins = JoinQueue<TokenStore, Credential>()

  /// When the store refreshes and how often at most.
  public nonisolated let policy: Policy
  private let refresh: Refresh
  private let endsSession: EndsSession
  private let now: @Sendable () -> Date
  private let elapsed: @Sendable () -> Duration
  private let persist: @Sendable (Credential?) -> Void
  private var machine: TokenStateMachine<Waiter>
  private var refreshTask: Task<Void, Never>?
  /// The screens watching the session; a screen that falls behind keeps the newest changes.
  private let observers = Broadcast<Session>(keepingNewest: 8)
  private var published: Session
  private let inspection: Inspection?
  /// When the refresh in flight started, for inspectors.
  private var refreshClock: FlightClock?

  /// Creates a store.
  ///
  /// - Parameters:
  ///   - credential: The credential to start with, for example one saved by `persist`.
  ///   - policy: When to refresh and how often at most.
  ///   - now: The wall clock expiry dates are compared with.
  ///   - clock: The clock the refresh budget counts time with.
  ///   - persist: Called on the store with every new credential (`nil` after a sign-out), to
  ///     save it, for example with ``FileStore/save(_:)`` of a file with owner-only permissions.
  ///   - endsSession: Whether an error thrown by `refresh` means the server will never renew
  ///     this session (a revoked refresh token), so the store signs out instead of trying again
  ///     later. By default ``refreshFailureEndsSession(_:)``.
  ///   - name: The name inspectors show, such as "session".
  ///   - inspector: Receives this store's events (see ``OwnerInspector``): each refresh
  ///     ``OwnerEvent/Kind/started``, its callers ``OwnerEvent/Kind/joined``,
  ///     and its end, ``OwnerEvent/Outcome/succeeded``, ``OwnerEvent/Outcome/rejected`` (the
  ///     session ends), failed, or ``OwnerEvent/Outcome/dropped`` when a sign-in or sign-out
  ///     overtook it; ``OwnerEvent/Kind/refreshRefused`` when the budget is spent;
  ///     ``OwnerEvent/Kind/signedIn`` and ``OwnerEvent/Kind/signedOut``. No event carries a
  ///     token.
  ///   - refresh: Exchanges an expiring or rejected credential for a fresh one.
  public init(
    credential: Credential? = nil,
    policy: Policy = Policy(),
    now: @escaping @Sendable () -> Date = { Date() },
    clock: some Clock<Duration> = ContinuousClock(),
    persist: @escaping @Sendable (Credential?) -> Void = { _ in },
    endsSession: @escaping EndsSession = TokenStore.refreshFailureEndsSession,
    name: String? = nil,
    inspector: (any OwnerInspector)? = nil,
    refresh: @escaping Refresh
  ) {
    let start = clock.now
    let elapsed: @Sendable () -> Duration = { start.duration(to: clock.now) }
    self.inspection = .unkeyed(.tokenStore, name: name, inspector: inspector, now: elapsed)
    self.policy = policy
    self.refresh = refresh
    self.endsSession = endsSession
    self.now = now
    self.elapsed = elapsed
    self.persist = persist
    self.machine = TokenStateMachine(credential: credential, policy: policy)
    self.published = machine.session
  }

  /// Whether a credential is held.
  public var isSignedIn: Bool { machine.credential != nil }

  /// Whether someone is signed in and, if not, why.
  public var session: Session { machine.session }

  /// Stores `credential` as the session's credential. A refresh in flight no longer counts;
  /// its callers get `credential`.
  public func signIn(_ credential: Credential) {
    reportRefreshOvertaken()
    let waiters = machine.signIn(credential)
    inspection?.record(.signedIn)
    refreshTask?.cancel()
    refreshTask = nil
    changed(credential)
    for waiter in waiters { waiter.resume(returning: credential) }
  }

  /// Drops the credential. A refresh in flight is dropped and its callers fail with
  /// ``TokenStoreError/signedOut(_:)``.
  public func signOut() {
    endSession(.userSignedOut)
  }

  /// Returns a credential that does not expire within the policy's leeway, refreshing it first
  /// if needed; concurrent callers share one refresh.
  ///
  /// - Returns: The current credential, refreshed if it was expiring. When the refresh budget
  ///   is used up, a credential that has not expired yet is returned as it is.
  /// - Throws: ``TokenStoreError`` (signed out, refresh failed, too many refreshes), or
  ///   `CancellationError` when the calling task is cancelled.
  nonisolated public func validCredential() async throws -> Credential {
    try await wait { [now, elapsed] machine, id, waiter in
      machine.validCredential(now: now(), elapsed: elapsed(), id, waiter)
    }
  }

  /// Reports that the server rejected the credential whose access token is `accessToken` (an
  /// HTTP 401, or whatever the API answers instead) and returns one to retry with.
  ///
  /// The rejected credential is named by its access token, what the request carried: a
  /// credential read back from storage or from a request's header is recognised even when its
  /// other fields differ.
  ///
  /// ```swift
  /// if response.status == 401 {
  ///   let renewed = try await tokens.refresh(rejected: sent.accessToken)
  ///   response = try await send(request, authorizedWith: renewed)
  /// }
  /// ```
  ///
  /// - Parameter accessToken: The access token the rejected request was sent with.
  /// - Returns: The current credential when `accessToken` is not its access token (the request
  ///   went out before a refresh), without refreshing; otherwise the result of one refresh,
  ///   shared with concurrent callers.
  /// - Throws: ``TokenStoreError`` (signed out, refresh failed, too many refreshes), or
  ///   `CancellationError` when the calling task is cancelled.
  nonisolated public func refresh(rejected accessToken: String) async throws -> Credential {
    try await wait { [elapsed] machine, id, waiter in
      machine.rejected(accessToken: accessToken, elapsed: elapsed(), id, waiter)
    }
  }

  /// The session now and every later change, for a screen that shows who is signed in. The
  /// stream ends when its consumer is cancelled.
  public func updates() -> AsyncStream<Session> {
    observers.updates(startingWith: machine.session)
  }

  /// The number of refreshes running now: 1 while a refresh is in flight, else 0.
  ///
  /// A refresh that a ``signIn(_:)`` or ``signOut()`` overtook no longer counts, though its work
  /// may still be ending (its result is dropped); a refresh whose callers were all cancelled
  /// still counts, since it keeps running for the store.
  public var inFlightCount: Int { machine.refresh == nil ? 0 : 1 }

  /// The number of live ``updates()`` streams.
  public nonisolated var subscriberCount: Int { observers.subscriberCount }

  /// Waits for a credential, as `enter` decides on the store's actor; the wait itself runs
  /// where the caller runs, so its cancellation releases it without a hop to the store.
  private nonisolated func wait(
    _ enter: @escaping @Sendable (inout TokenStateMachine<Waiter>, UInt64, Waiter) -> TokenStateMachine<Waiter>.Action
  ) async throws -> Credential {
    try await joins.wait(on: self) { tokens, waiter in
      tokens.join(waiter, enter)
    } leave: { tokens, waiterID in
      tokens.leave(waiterID)
    }
  }

  /// Answers `waiter` or keeps it with the refresh; returns the identifier it waits under.
  private func join(
    _ waiter: Waiter, _ enter: (inout TokenStateMachine<Waiter>, UInt64, Waiter) -> TokenStateMachine<Waiter>.Action
  ) -> UInt64? {
    let waiterID = machine.makeID()
    switch enter(&machine, waiterID, waiter) {
    case .answer(let credential): waiter.resume(returning: credential)
    case .fail(let error):
      if case .tooManyRefreshes(let delay) = error { inspection?.record(.refreshRefused(retryAfter: delay)) }
      waiter.resume(throwing: error)
    case .joined:
      reportWaiters()
      return waiterID
    case .start(let id, let credential):
      inspection?.record(.started(id, .refresh))
      start(id, of: credential)
      reportWaiters()
      return waiterID
    case .endSession:
      endSession(.sessionExpired)
      waiter.resume(throwing: TokenStoreError.signedOut(.sessionExpired))
    }
    return nil
  }

  private func start(_ id: UInt64, of credential: Credential) {
    refreshClock = inspection.map(FlightClock.init)
    let (refresh, endsSession) = (self.refresh, self.endsSession)
    refreshTask = Task {
      let outcome = await Self.perform(refresh, of: credential, endsSession: endsSession)
      self.finish(id, outcome)
    }
  }

  @concurrent private static func perform(
    _ refresh: Refresh, of credential: Credential, endsSession: EndsSession
  ) async -> TokenStateMachine<Waiter>.Outcome {
    do {
      return .refreshed(try await refresh(credential))
    } catch {
      return endsSession(error) ? .rejected : .failed(error)
    }
  }

  private func finish(_ id: UInt64, _ outcome: TokenStateMachine<Waiter>.Outcome) {
    guard let (waiters, result) = machine.finish(id, outcome) else { return }
    refreshTask = nil
    if let inspection, let clock = refreshClock {
      let inspected: OwnerEvent.Outcome =
        switch outcome {
        case .refreshed: .succeeded
        case .rejected: .rejected
        case .failed(let error): .failed(FailureCategory(error))
        }
      inspection.record(.finished(id, duration: clock.elapsed, outcome: inspected))
    }
    switch result {
    case .success(let credential): changed(credential)
    case .failure(.signedOut(let reason)): ended(reason)
    case .failure: break
    }
    for waiter in waiters { waiter.resume(with: result.mapError { $0 }) }
  }

  private func endSession(_ reason: SignOutReason) {
    reportRefreshOvertaken()
    let waiters = machine.endSession(reason)
    refreshTask?.cancel()
    refreshTask = nil
    ended(reason)
    for waiter in waiters { waiter.resume(throwing: TokenStoreError.signedOut(reason)) }
  }

  private func changed(_ credential: Credential) {
    persist(credential)
    publish()
  }

  private func ended(_ reason: SignOutReason) {
    inspection?.record(.signedOut(reason))
    persist(nil)
    publish()
  }

  private func publish() {
    guard machine.session != published else { return }
    published = machine.session
    observers.send(published)
  }

  private func leave(_ waiterID: UInt64) {
    let exit = machine.leave(waiterID)
    if let inspection, let event = exit.event { inspection.record(event) }
    exit.resume()
  }

  /// Reports how many callers wait for the refresh in flight.
  private func reportWaiters() {
    guard let inspection, let refresh = machine.refresh else { return }
    inspection.record(.joined(refresh.id, waiters: refresh.waiters.count))
  }

  /// Reports that a sign-in or sign-out overtakes the refresh in flight, whose result is then
  /// dropped: its work keeps running (see the type's discussion) but ends no flight any more.
  private func reportRefreshOvertaken() {
    guard let inspection, let refresh = machine.refresh else { return }
    inspection.record(.detached(refresh.id, .supersede))
    inspection.record(.finished(refresh.id, duration: refreshClock?.elapsed ?? .zero, outcome: .dropped))
  }
}
