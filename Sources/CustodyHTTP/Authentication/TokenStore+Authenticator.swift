import Custody
import Foundation

extension TokenStore {
  /// Creates a store that refreshes with `authenticator` and lets it decide which refresh
  /// failure ends the session.
  ///
  /// ```swift
  /// let tokens = TokenStore(credential: saved, authenticator: authenticator, persist: { file.save($0) })
  /// ```
  ///
  /// - Parameters:
  ///   - credential: The credential to start with, for example a saved one.
  ///   - authenticator: Refreshes credentials and judges refresh failures.
  ///   - policy: When to refresh and how often at most.
  ///   - now: The wall clock expiry dates are compared with.
  ///   - clock: The clock the refresh budget counts time with.
  ///   - persist: Called with every new credential (`nil` after a sign-out), to save it.
  ///   - name: The name inspectors show, such as "session".
  ///   - inspector: Receives the store's events (see `OwnerInspector`).
  public init(
    credential: Credential? = nil,
    authenticator: some Authenticator,
    policy: Policy = Policy(),
    now: @escaping @Sendable () -> Date = { Date() },
    clock: some Clock<Duration> = ContinuousClock(),
    persist: @escaping @Sendable (Credential?) -> Void = { _ in },
    name: String? = nil,
    inspector: (any OwnerInspector)? = nil
  ) {
    self.init(
      credential: credential, policy: policy, now: now, clock: clock, persist: persist,
      endsSession: { authenticator.refreshFailureEndsSession($0) }, name: name, inspector: inspector,
      refresh: { try await authenticator.refresh($0) })
  }
}
