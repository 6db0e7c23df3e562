import Custody

/// `write`: what an optimistic `Cache.write` costs the main actor, where a tap makes it.
///
/// A cache of 10,000 entries, the written one watched by a screen's stream on the main actor.
/// Each write is timed on the main actor in its two synchronous parts: from the call until the
/// optimistic value is visible to `cachedValue(for:)` (the operation has started and not yet
/// suspended), and from the operation's answer until `write` returns (the commit, which also
/// hands the value to the stream). The operation answers from off the main actor, as a request
/// does; the time it takes is the server's, not the main actor's. The sum is held to one frame
/// at 120 Hz.
enum WriteScenario {
  struct Row: Sendable {
    let id: Int
    var title: String
    var isFavorite: Bool
  }

  /// The main actor's share of one write.
  struct Share {
    var optimistic: Duration
    var commit: Duration
  }

  static let entries = 10_000
  static let frame = 8.0  // ms: one frame at 120 Hz

  static func run(quick: Bool) async -> ScenarioReport {
    var report = ScenarioReport("write")
    let writes = quick ? 500 : 5_000
    let cache = Cache<Int, Row>(policy: CachePolicy(freshFor: .seconds(3_600)))
    for id in 0..<entries { cache.set(Row(id: id, title: "Product \(id)", isFavorite: false), for: id) }
    let key = entries / 2
    let screen = Task { @MainActor in
      var shown = 0
      for await entry in cache.watch(key) where entry.value != nil { shown += 1 }
      return shown
    }
    _ = await measure(cache, key: key, writes: writes / 10)  // warm-up
    let samples = await measure(cache, key: key, writes: writes)
    screen.cancel()
    let shown = await screen.value

    let optimistic = Sample(samples.map(\.optimistic))
    let commit = Sample(samples.map(\.commit))
    let total = Sample(samples.map { $0.optimistic + $0.commit })
    let variant = "optimistic write, \(entries) entries, watched"
    for (part, sample) in [("call → value visible", optimistic), ("commit", commit), ("total", total)] {
      report.add(variant, "\(part) median", sample.percentile(0.5).milliseconds, "ms")
      report.add(variant, "\(part) p99", sample.percentile(0.99).milliseconds, "ms")
    }
    report.ratio("optimistic write median, ms on the main actor", total.percentile(0.5).milliseconds, atMost: frame)
    report.ratio("optimistic write p99, ms on the main actor", total.percentile(0.99).milliseconds, atMost: frame)
    report.notes.append("\(writes) writes after \(writes / 10) to warm up; the screen's stream took \(shown) values")
    return report
  }

  /// Toggles the favourite of `key` `writes` times from the main actor, timing the main actor's
  /// two synchronous parts of each write.
  @MainActor static func measure(_ cache: Cache<Int, Row>, key: Int, writes: Int) async -> [Share] {
    var samples: [Share] = []
    samples.reserveCapacity(writes)
    for index in 0..<writes {
      let isFavorite = index.isMultiple(of: 2)
      let start = Measure.clock.now
      var visible = start
      var answered = start
      let saved = try? await cache.mutate(key, optimistically: { $0.isFavorite = isFavorite }) { _ in
        let shown = cache.cachedValue(for: key)
        visible = Measure.clock.now
        precondition(shown?.isFavorite == isFavorite, "the optimistic value is visible before the operation suspends")
        precondition(#isolation === MainActor.shared, "the operation runs on the caller's actor")
        let answer = await server(Row(id: key, title: "Product \(key)", isFavorite: isFavorite))
        answered = Measure.clock.now
        return answer
      }
      let end = Measure.clock.now
      precondition(saved?.shown.isFavorite == isFavorite)
      samples.append(Share(optimistic: start.duration(to: visible), commit: answered.duration(to: end)))
    }
    return samples
  }

  /// The request: answers with the saved row, off the main actor.
  @concurrent static func server(_ row: Row) async -> Row {
    blackHole(row.id)
    return row
  }
}
