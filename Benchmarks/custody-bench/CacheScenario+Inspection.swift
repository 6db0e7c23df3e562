import Custody

extension CacheScenario {
  /// The hit cost with a ``Statistics`` inspector attached, measured beside the same cache
  /// without one: what watching the owners costs where a screen reads most.
  static func addInspectionRows(to report: inout ScenarioReport, operations: Int, without: Duration) async {
    let statistics = Statistics()
    let inspected = Cache<Int, Int>(policy: CachePolicy(freshFor: .seconds(3_600)), inspector: statistics)
    for key in 0..<64 { inspected.set(key, for: key) }
    let with = await Measure.best { await readValueOffActor(inspected, operations) }
    report.add(
      "Cache.value(for:) with Statistics from non-isolated", "per hit", Measure.nanoseconds(with, per: operations), "ns"
    )
    report.ratio("value(for:) with Statistics/without, non-isolated", with.seconds / without.seconds, atMost: 1.3)
    let hits = statistics.snapshot().owners.first?.counters.hits ?? 0
    if hits < operations { report.notes.append("Statistics counted \(hits) hits of \(operations) per run") }
  }
}
