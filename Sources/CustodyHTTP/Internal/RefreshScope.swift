/// Marks the work of one session's refresh, so requests sent from inside it are told apart.
///
/// The mark is a task-local value, inherited by every task the refresh starts, so a request the
/// refresh sends through an authorized client passes the middleware by instead of waiting for
/// the refresh it is part of. Each session has its own scope: a refresh of one API that calls
/// another authorized API is still authorized there.
final class RefreshScope: Sendable {
  // Spelt as a `TaskLocal` value rather than the `@TaskLocal` attribute, which older Apple SDKs
  // read as a mutable static.
  private static let active = TaskLocal<Set<ObjectIdentifier>>(wrappedValue: [])

  /// Whether the current task runs inside this session's refresh.
  var isRefreshing: Bool { Self.active.get().contains(ObjectIdentifier(self)) }

  /// Runs `refresh` marked as this session's refresh.
  func refreshing<Value: Sendable>(
    _ refresh: () async throws -> Value
  ) async throws -> Value {
    try await Self.active.withValue(Self.active.get().union([ObjectIdentifier(self)]), operation: refresh)
  }
}
