@testable import Custody

/// The deprecated members of `Cache`, called through a protocol they satisfy: the tests of rules
/// stated for them keep running, and build without deprecation warnings.
protocol DeprecatedCacheAPI<Key, Value> {
  associatedtype Key
  associatedtype Value
  func updates(for key: Key) -> AsyncStream<Value?>
  func updates(for key: Key, revalidatingWith load: @escaping @Sendable () async throws -> Value) -> AsyncStream<Value?>
  func invalidate(_ key: Key)
  func invalidate(where isIncluded: (Key) throws -> Bool) rethrows
  @discardableResult
  func write(
    _ key: Key, optimistically change: (@Sendable (inout Value) -> Void)?,
    revalidating revalidations: [CacheRevalidation],
    operation: () async throws -> Value
  ) async throws -> Value
  @discardableResult
  func write<Answer>(
    _ key: Key, optimistically change: (@Sendable (inout Value) -> Void)?,
    revalidating revalidations: [CacheRevalidation],
    operation: () async throws -> Answer, merge: (Answer, _ committed: Value?) -> Value
  ) async throws -> Value
}

extension Cache: DeprecatedCacheAPI {}

extension Cache {
  /// This cache, for calling its deprecated members in their tests.
  var deprecated: some DeprecatedCacheAPI<Key, Value> { self }
}
