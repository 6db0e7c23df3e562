import Synchronization

/// The synchronous baseline: a dictionary behind `Synchronization.Mutex`, as users write it.
/// `Mutex` needs macOS 15 / iOS 18 on Apple platforms; below that the peer is skipped.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
final class MutexDictionary: Sendable {
  private let storage = Mutex<[Int: Int]>([:])

  func set(_ value: Int, for key: Int) { storage.withLock { $0[key] = value } }
  func value(for key: Int) -> Int? { storage.withLock { $0[key] } }
}

/// Times hits on a `MutexDictionary` where the OS has `Mutex`.
enum MutexDictionaryPeer {
  /// The best time of `operations` hits from the main actor, or `nil` without `Mutex`.
  static func measure(_ operations: Int) async -> Duration? {
    guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return nil }
    let dictionary = MutexDictionary()
    for key in 0..<64 { dictionary.set(key, for: key) }
    return await Measure.best { await MainActor.run { read(dictionary, operations) } }
  }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  @MainActor static func read(_ dictionary: MutexDictionary, _ operations: Int) {
    for index in 0..<operations { blackHole(dictionary.value(for: index & 63)) }
  }
}
