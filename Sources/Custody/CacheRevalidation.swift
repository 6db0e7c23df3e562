/// Keys of a ``Cache`` to revalidate once, named ahead of time: what a write names to bring the
/// values its change may affect up to date when it settles.
///
/// Make one with ``Cache/revalidation(of:)`` or ``Cache/revalidation(where:)``; running it is
/// ``Cache/revalidate(_:)`` or ``Cache/revalidate(where:)`` on that cache, which the cache may
/// be any, of any key and value types.
///
/// ```swift
/// try await products.mutate(id, optimistically: { $0.title = title },
///   revalidating: [searches.revalidation(where: { $0.mayList(title) })]) { _ in
///   try await api.rename(id, to: title)
/// }
/// ```
public struct CacheRevalidation: Sendable {
  let run: @Sendable () -> Void

  /// A revalidation that runs `body`.
  init(_ body: @escaping @Sendable () -> Void) {
    run = body
  }
}
