import Custody
import Foundation

/// `hydrate`: a persisted `Cache` opened from a file of 10,000 values, against the plain
/// `FileStore<[Key: Value]>` an app would otherwise keep beside its cache, opened from a file
/// of the same values; and what a commit costs the caller with and without a file behind the
/// cache.
enum HydrateScenario {
  struct Row: Codable, Sendable, Equatable {
    var id: Int
    var title: String
    var price: Double
    var tags: [String]
  }

  static func run(quick: Bool) async -> ScenarioReport {
    var report = ScenarioReport("hydrate")
    let count = quick ? 2_000 : 10_000
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("custody-bench-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      report.notes.append("could not make a folder: \(error)")
      return report
    }
    let cacheFile = folder.appendingPathComponent("cache.json")
    let storeFile = folder.appendingPathComponent("store.json")
    let rows = (0..<count).map { Row(id: $0, title: "Product \($0)", price: Double($0) / 4, tags: ["a", "b"]) }
    let policy = CachePolicy(freshFor: .seconds(3600), staleFor: .seconds(86_400))

    let written = await Cache<Int, Row>.open(persistingIn: cacheFile, version: 1, policy: policy)
    for row in rows { written.set(row, for: row.id) }
    let store = await FileStore.open(url: storeFile, default: [Int: Row]())
    store.save(Dictionary(uniqueKeysWithValues: rows.map { ($0.id, $0) }))
    do {
      try await written.flush()
      try await store.flush()
    } catch {
      report.notes.append("could not write the files: \(error)")
      return report
    }
    // The snapshot and the journal beside it: what opening reads.
    let journal = URL(fileURLWithPath: cacheFile.path + ".journal")
    report.add("\(count) values", "cache files", Double(fileSize(cacheFile) + fileSize(journal)) / 1e6, "MB")
    report.add("\(count) values", "plain file", Double(fileSize(storeFile)) / 1e6, "MB")

    // Interleaved, so that the machine's load at any moment weighs on both alike.
    var best = [Duration](repeating: .seconds(1_000_000), count: 2)
    var hydratedCount = 0
    for _ in 0..<(quick ? 3 : 7) {
      best[0] = min(
        best[0],
        await time {
          let cache = await Cache<Int, Row>.open(persistingIn: cacheFile, version: 1, policy: policy)
          hydratedCount = cache.count
        })
      best[1] = min(
        best[1], await time { blackHole(await FileStore.open(url: storeFile, default: [Int: Row]()).value) })
    }
    if hydratedCount != count { report.notes.append("the cache hydrated \(hydratedCount) of \(count) values") }
    report.add("Cache.open(persistingIn:)", "open", best[0].milliseconds, "ms")
    report.add("FileStore<[Int: Row]>.open", "open", best[1].milliseconds, "ms")
    report.ratio("hydrate / plain FileStore open ×\(count)", best[0] / best[1], atMost: 2)

    // A commit marks the cache changed and returns; the snapshot is taken by the save.
    let plain = Cache<Int, Row>(policy: policy)
    for row in rows { plain.set(row, for: row.id) }
    let persisted = await Cache<Int, Row>.open(persistingIn: cacheFile, version: 1, policy: policy)
    let commits = 1_000
    var commitBest = [Duration](repeating: .seconds(1_000_000), count: 2)
    for _ in 0..<5 {
      commitBest[0] = min(commitBest[0], await time { for row in rows.prefix(commits) { plain.set(row, for: row.id) } })
      commitBest[1] = min(
        commitBest[1], await time { for row in rows.prefix(commits) { persisted.set(row, for: row.id) } })
      try? await persisted.flush()
    }
    report.add("set, no file", "per commit", Measure.nanoseconds(commitBest[0], per: commits), "ns")
    report.add("set, persisted", "per commit", Measure.nanoseconds(commitBest[1], per: commits), "ns")
    report.ratio("persisted / plain commit, \(count) held", commitBest[1] / commitBest[0], atMost: 3)
    return report
  }

  /// How long `body` takes, once.
  static func time(_ body: () async -> Void) async -> Duration {
    let start = Measure.clock.now
    await body()
    return start.duration(to: Measure.clock.now)
  }

  private static func fileSize(_ url: URL) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: url.path)[.size]) as? NSNumber)?.intValue ?? 0
  }
}
