import Custody
import Synchronization

/// `cache`: the cost of a hit. `cachedValue(for:)` against a `Mutex`-protected dictionary (both
/// synchronous), and `value(for:)` against a plain actor (both `await`ed), from a non-isolated
/// context and from the main actor.
enum CacheScenario {
  static func run(quick: Bool) async -> ScenarioReport {
    var report = ScenarioReport("cache")
    let operations = quick ? 100_000 : 1_000_000
    let cache = Cache<Int, Int>(policy: CachePolicy(freshFor: .seconds(3_600)))
    let dictionary = MutexDictionary()
    let plain = PlainActorCache()
    for key in 0..<64 {
      cache.set(key, for: key)
      dictionary.set(key, for: key)
      await plain.set(key, for: key)
    }

    let cached = await Measure.best { await MainActor.run { readCachedValue(cache, operations) } }
    let mutex = await Measure.best { await MainActor.run { readDictionary(dictionary, operations) } }
    let valueOff = await Measure.best { await readValueOffActor(cache, operations) }
    let actorOff = await Measure.best { await readActorOffActor(plain, operations) }
    let valueMain = await Measure.best { await readValueOnMain(cache, operations) }
    let actorMain = await Measure.best { await readActorOnMain(plain, operations) }

    let rows: [(String, String, Duration)] = [
      ("Cache.cachedValue", "main actor", cached), ("Mutex dictionary", "main actor", mutex),
      ("Cache.value(for:)", "non-isolated", valueOff), ("plain actor", "non-isolated", actorOff),
      ("Cache.value(for:)", "main actor", valueMain), ("plain actor", "main actor", actorMain),
    ]
    for (variant, context, duration) in rows {
      report.add("\(variant) from \(context)", "per hit", Measure.nanoseconds(duration, per: operations), "ns")
    }
    report.ratio("cachedValue/Mutex dictionary", cached.seconds / mutex.seconds, atMost: 1.5)
    report.ratio("value(for:)/plain actor, non-isolated", valueOff.seconds / actorOff.seconds, atMost: 1.5)
    report.ratio("value(for:)/plain actor, main actor", valueMain.seconds / actorMain.seconds, atMost: 1.5)
    return report
  }

  @MainActor static func readCachedValue(_ cache: Cache<Int, Int>, _ operations: Int) {
    for index in 0..<operations { blackHole(cache.cachedValue(for: index & 63)) }
  }

  @MainActor static func readDictionary(_ dictionary: MutexDictionary, _ operations: Int) {
    for index in 0..<operations { blackHole(dictionary.value(for: index & 63)) }
  }

  @concurrent static func readValueOffActor(_ cache: Cache<Int, Int>, _ operations: Int) async {
    for index in 0..<operations { blackHole(try? await cache.value(for: index & 63) { 0 }) }
  }

  @concurrent static func readActorOffActor(_ plain: PlainActorCache, _ operations: Int) async {
    for index in 0..<operations { blackHole(await plain.value(for: index & 63)) }
  }

  @MainActor static func readValueOnMain(_ cache: Cache<Int, Int>, _ operations: Int) async {
    for index in 0..<operations { blackHole(try? await cache.value(for: index & 63) { 0 }) }
  }

  @MainActor static func readActorOnMain(_ plain: PlainActorCache, _ operations: Int) async {
    for index in 0..<operations { blackHole(await plain.value(for: index & 63)) }
  }
}

/// The synchronous baseline: a dictionary behind a `Mutex`.
final class MutexDictionary: Sendable {
  private let storage = Mutex<[Int: Int]>([:])

  func set(_ value: Int, for key: Int) { storage.withLock { $0[key] = value } }
  func value(for key: Int) -> Int? { storage.withLock { $0[key] } }
}

/// The asynchronous baseline: a dictionary in an actor.
actor PlainActorCache {
  private var storage: [Int: Int] = [:]

  func set(_ value: Int, for key: Int) { storage[key] = value }
  func value(for key: Int) -> Int? { storage[key] }
}
