import Custody
import Foundation

/// `cache`: the cost of a hit, against what users write instead.
///
/// Synchronous, from the main actor: `cachedValue(for:)` against a dictionary behind a `Mutex`
/// and against Foundation's `NSCache`. Asynchronous: `value(for:)` against a plain actor and
/// against a TTL actor that checks freshness on every hit, as `Cache` does, from a
/// non-isolated task and from the main actor.
enum CacheScenario {
  static func run(quick: Bool) async -> ScenarioReport {
    var report = ScenarioReport("cache")
    let operations = quick ? 100_000 : 1_000_000
    let cache = Cache<Int, Int>(policy: CachePolicy(freshFor: .seconds(3_600)))
    // With a limit every hit also moves the key to the front of the recency list.
    let bounded = Cache<Int, Int>(policy: CachePolicy(freshFor: .seconds(3_600), countLimit: 1_000))
    let plain = PlainActorCache()
    let ttl = TTLActorCache(freshFor: .seconds(3_600))
    for key in 0..<64 {
      cache.set(key, for: key)
      bounded.set(key, for: key)
      await plain.set(key, for: key)
      await ttl.set(key, for: key)
    }

    let cached = await Measure.best { await MainActor.run { readCachedValue(cache, operations) } }
    let boundedCached = await Measure.best { await MainActor.run { readCachedValue(bounded, operations) } }
    let mutex = await MutexDictionaryPeer.measure(operations)
    let nsCache = await Measure.best { await MainActor.run { readNSCache(operations) } }
    let valueOff = await Measure.best { await readValueOffActor(cache, operations) }
    let actorOff = await Measure.best { await readActorOffActor(plain, operations) }
    let ttlOff = await Measure.best { await readTTLOffActor(ttl, operations) }
    let valueMain = await Measure.best { await readValueOnMain(cache, operations) }
    let actorMain = await Measure.best { await readActorOnMain(plain, operations) }

    let rows: [(String, String, Duration?)] = [
      ("Cache.cachedValue", "main actor", cached), ("count-limited Cache.cachedValue", "main actor", boundedCached),
      ("Mutex dictionary", "main actor", mutex),
      ("NSCache", "main actor", nsCache),
      ("Cache.value(for:)", "non-isolated", valueOff), ("plain actor", "non-isolated", actorOff),
      ("TTL actor", "non-isolated", ttlOff),
      ("Cache.value(for:)", "main actor", valueMain), ("plain actor", "main actor", actorMain),
    ]
    for case (let variant, let context, let duration?) in rows {
      report.add("\(variant) from \(context)", "per hit", Measure.nanoseconds(duration, per: operations), "ns")
    }
    if let mutex {
      report.ratio("cachedValue/Mutex dictionary", cached.seconds / mutex.seconds, atMost: 1.25)
    } else {
      report.notes.append("no Mutex on this OS version; the Mutex dictionary peer was skipped")
    }
    report.ratio("cachedValue/NSCache", cached.seconds / nsCache.seconds, atMost: 1)
    report.ratio("value(for:)/TTL actor, non-isolated", valueOff.seconds / ttlOff.seconds, atMost: 1)
    report.ratio("value(for:)/plain actor, main actor", valueMain.seconds / actorMain.seconds, atMost: 0.01)
    await addInspectionRows(to: &report, operations: operations, without: valueOff)
    return report
  }

  @MainActor static func readCachedValue(_ cache: Cache<Int, Int>, _ operations: Int) {
    for index in 0..<operations { blackHole(cache.cachedValue(for: index & 63)) }
  }

  /// `NSCache` as an app writes it: `NSNumber` keys and a class boxing each value.
  @MainActor static func readNSCache(_ operations: Int) {
    let cache = NSCache<NSNumber, IntBox>()
    for key in 0..<64 { cache.setObject(IntBox(key), forKey: NSNumber(value: key)) }
    for index in 0..<operations { blackHole(cache.object(forKey: NSNumber(value: index & 63))?.value) }
  }

  @concurrent static func readValueOffActor(_ cache: Cache<Int, Int>, _ operations: Int) async {
    for index in 0..<operations { blackHole(try? await cache.value(for: index & 63) { 0 }) }
  }

  @concurrent static func readActorOffActor(_ plain: PlainActorCache, _ operations: Int) async {
    for index in 0..<operations { blackHole(await plain.value(for: index & 63)) }
  }

  @concurrent static func readTTLOffActor(_ ttl: TTLActorCache, _ operations: Int) async {
    for index in 0..<operations { blackHole(try? await ttl.value(for: index & 63) { 0 }) }
  }

  @MainActor static func readValueOnMain(_ cache: Cache<Int, Int>, _ operations: Int) async {
    for index in 0..<operations { blackHole(try? await cache.value(for: index & 63) { 0 }) }
  }

  @MainActor static func readActorOnMain(_ plain: PlainActorCache, _ operations: Int) async {
    for index in 0..<operations { blackHole(await plain.value(for: index & 63)) }
  }
}

/// The value class an `NSCache` holds.
final class IntBox {
  let value: Int

  init(_ value: Int) { self.value = value }
}

/// The asynchronous baseline: a dictionary in an actor.
actor PlainActorCache {
  private var storage: [Int: Int] = [:]

  func set(_ value: Int, for key: Int) { storage[key] = value }
  func value(for key: Int) -> Int? { storage[key] }
}

/// The fair asynchronous peer of `Cache.value(for:)`: an actor that keeps when each value was
/// stored and checks its age against a clock on every hit, loading when it is too old.
actor TTLActorCache {
  private var storage: [Int: (value: Int, storedAt: ContinuousClock.Instant)] = [:]
  private let freshFor: Duration
  private let clock = ContinuousClock()

  init(freshFor: Duration) { self.freshFor = freshFor }

  func set(_ value: Int, for key: Int) { storage[key] = (value, clock.now) }

  func value(for key: Int, load: @Sendable () async throws -> Int) async throws -> Int {
    if let entry = storage[key], entry.storedAt.duration(to: clock.now) < freshFor { return entry.value }
    let value = try await load()
    storage[key] = (value, clock.now)
    return value
  }
}
