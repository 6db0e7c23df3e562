import Custody
import Foundation

/// `pool`: a heartbeat on the cooperative pool while a persisted cache of 10,000 values saves in
/// a loop, against the same heartbeat with nothing else running. The file's reads, writes, syncs
/// and renames run on the store's own dispatch queue, so the saves should leave the pool's
/// threads free: the heartbeat's worst and p99 lateness stay within 1.5× of the idle ones.
///
/// Beside them: the heartbeat while one kernel thread keeps a core busy off the pool (what the
/// store's queue does while it encodes and syncs, so the floor of any design on two cores), while
/// every core is busy off the pool (the pool's threads then wait for a core, not for a job), and
/// a control that shows the heartbeat sees a blocked pool: the same rows encoded, written and
/// synced on pool threads, one task per core, as the writer did when its I/O ran on the pool.
enum PoolScenario {
  struct Row: Codable, Sendable {
    var id: Int
    var title: String
    var price: Double
    var tags: [String]
  }

  /// Everything one variant's ticks measured, over every round.
  struct Beats {
    var latenesses: [Duration] = []
    var work = 0
    var worst: Duration { latenesses.max() ?? .zero }
    var p99: Duration { latenesses.percentile(0.99) }
  }

  static func run(quick: Bool) async -> ScenarioReport {
    var report = ScenarioReport("pool")
    let count = quick ? 2_000 : 10_000
    let interval = Duration.milliseconds(1)
    let window = quick ? Duration.milliseconds(500) : .milliseconds(1_500)
    let rounds = quick ? 2 : 4
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("custody-bench-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    guard (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil else {
      report.notes.append("pool: could not make a folder")
      return report
    }
    let rows = (0..<count).map { Row(id: $0, title: "Product \($0)", price: Double($0) / 4, tags: ["a", "b"]) }
    let policy = CachePolicy(freshFor: .seconds(3_600), staleFor: .seconds(86_400))
    let cache = await Cache<Int, Row>.open(
      persistingIn: folder.appendingPathComponent("cache.json"), version: 1, policy: policy)
    for row in rows { cache.set(row, for: row.id) }
    try? await cache.flush()

    var idle = Beats(), busyCore = Beats(), busyCores = Beats(), saving = Beats(), blocking = Beats()
    let cores = ProcessInfo.processInfo.activeProcessorCount
    // Interleaved, so that the machine's load at any moment weighs on every variant alike.
    for _ in 0..<rounds {
      await ProcessCPU.waitUntilQuiet()
      idle.latenesses += await PoolHeartbeat.beat(every: interval, for: window)

      // The floor of any design on this machine: one core busy off the pool, as the store's
      // queue is while it encodes and syncs.
      await ProcessCPU.waitUntilQuiet()
      async let burning: Void = CPUBurner.burn(threads: 1, for: window)
      busyCore.latenesses += await PoolHeartbeat.beat(every: interval, for: window)
      await burning

      // Every core busy off the pool: the heartbeat's thread then waits for a core, not a job.
      await ProcessCPU.waitUntilQuiet()
      async let burningAll: Void = CPUBurner.burn(threads: cores, for: window)
      busyCores.latenesses += await PoolHeartbeat.beat(every: interval, for: window)
      await burningAll

      await ProcessCPU.waitUntilQuiet()
      let saver = Task { await saveInALoop(cache, rows) }
      saving.latenesses += await PoolHeartbeat.beat(every: interval, for: window)
      saver.cancel()
      saving.work += await saver.value

      await ProcessCPU.waitUntilQuiet()
      let writers = (0..<cores).map { index in
        let file = folder.appendingPathComponent("control-\(index).json")
        return Task { await writeOnThePool(rows, to: file) }
      }
      blocking.latenesses += await PoolHeartbeat.beat(every: interval, for: window)
      for writer in writers { writer.cancel() }
      for writer in writers { blocking.work += await writer.value }
    }

    let seconds = window.seconds * Double(rounds)
    for (variant, beats) in [
      ("idle pool", idle), ("one core busy off the pool", busyCore), ("\(cores) cores busy off the pool", busyCores),
      ("cache saving ×\(count)", saving), ("control: I/O on the pool", blocking),
    ] {
      report.add(variant, "ticks", Double(beats.latenesses.count), "")
      report.add(variant, "max lateness", beats.worst.milliseconds, "ms")
      report.add(variant, "p99 lateness", beats.p99.milliseconds, "ms")
    }
    report.add("cache saving ×\(count)", "saves", Double(saving.work) / seconds, "/s")
    report.add("control: I/O on the pool", "writes", Double(blocking.work) / seconds, "/s")
    // A floor keeps a near-zero idle figure from making any noise look large.
    let floor = 1e-4
    report.ratio("saving / idle max lateness", saving.worst.seconds / max(idle.worst.seconds, floor), atMost: 1.5)
    report.ratio("saving / idle p99 lateness", saving.p99.seconds / max(idle.p99.seconds, floor), atMost: 1.5)
    let perCore = (
      saving.worst.seconds / max(busyCore.worst.seconds, floor), saving.p99.seconds / max(busyCore.p99.seconds, floor)
    )
    report.add("cache saving ×\(count)", "max lateness / one core busy", perCore.0, "×")
    report.add("cache saving ×\(count)", "p99 lateness / one core busy", perCore.1, "×")
    report.add(
      "cache saving ×\(count)", "p99 lateness / \(cores) cores busy",
      saving.p99.seconds / max(busyCores.p99.seconds, floor), "×")
    report.notes.append(
      "pool: the control (the same file written and synced on \(cores) pool "
        + "threads) is \(format(blocking.worst.seconds / max(idle.worst.seconds, floor)))× the idle max lateness: "
        + "the heartbeat sees a blocked pool")
    return report
  }

  /// Changes one value and waits for its save, until cancelled; returns the saves made.
  @concurrent static func saveInALoop(_ cache: Cache<Int, Row>, _ rows: [Row]) async -> Int {
    var saves = 0
    while !Task.isCancelled {
      var row = rows[saves % rows.count]
      row.price += 1
      cache.set(row, for: row.id)
      try? await cache.flush()
      saves += 1
    }
    return saves
  }

  /// Encodes, writes and syncs the rows on the pool thread it runs on, until cancelled; returns
  /// the writes made.
  @concurrent static func writeOnThePool(_ rows: [Row], to url: URL) async -> Int {
    var writes = 0
    let encoder = JSONEncoder()
    _ = FileManager.default.createFile(atPath: url.path, contents: nil)
    while !Task.isCancelled, let data = try? encoder.encode(rows), let handle = try? FileHandle(forWritingTo: url) {
      try? handle.truncate(atOffset: 0)
      try? handle.write(contentsOf: data)
      try? handle.synchronize()
      try? handle.close()
      writes += 1
      await Task.yield()  // one write per job, as the writer ran when its I/O was on the pool
    }
    return writes
  }
}
