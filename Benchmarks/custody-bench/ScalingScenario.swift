import Custody
import Foundation

/// `scale`: how each owner's cost per operation grows with the work it holds, at N = 10² … 10⁶
/// where N makes sense. A flat curve costs the same per operation at every N; the growth per
/// decade is (cost at the largest N / cost at the smallest) to the power of one over the decades
/// between them, so 1 is flat and 10 is linear per operation (quadratic in total).
///
/// Curves whose N is a number of suspended tasks (waiters, layers, subscribers) stop at 10⁵: a
/// million parked tasks measure the allocator more than the owner. Persisted values stop at 10⁵
/// too: filling a persisted cache of a million values and opening it again takes most of a minute.
enum ScalingScenario {
  struct Curve: Sendable {
    var name: String
    var unit: String
    var points: [(n: Int, value: Double)] = []

    /// The cost's growth per tenfold N, over the whole curve.
    var growthPerDecade: Double? {
      guard let first = points.first, let last = points.last, last.n > first.n, first.value > 0 else { return nil }
      return pow(last.value / first.value, 1 / log10(Double(last.n) / Double(first.n)))
    }
  }

  static func run(quick: Bool, plot: String?) async -> ScenarioReport {
    var report = ScenarioReport("scale")
    let sizes = quick ? [100, 1_000, 10_000] : [100, 1_000, 10_000, 100_000, 1_000_000]
    let tasks = sizes.filter { $0 <= 100_000 }
    var curves: [Curve] = []

    var held = ["Cache hit", "Cache miss", "Cache commit", "Cache eviction"].map { Curve(name: $0, unit: "ns/op") }
    for n in sizes {
      let costs = cacheHeld(n)
      for index in held.indices { held[index].points.append((n, costs[index])) }
    }
    curves += held

    var flight = ["SingleFlight join", "SingleFlight fan-out", "SingleFlight cancelled release"].map {
      Curve(name: $0, unit: "ns/waiter")
    }
    for n in tasks {
      let costs = await waiters(n, report: &report)
      for index in flight.indices { flight[index].points.append((n, costs[index])) }
    }
    curves += flight

    var layers = ["Cache read under layers", "Cache commit under layers", "Cache rollback under layers"].map {
      Curve(name: $0, unit: "ns/op")
    }
    for n in tasks {
      let costs = await pendingLayers(n)
      for index in layers.indices { layers[index].points.append((n, costs[index])) }
    }
    curves += layers

    var pages = ["Pager append, snapshots kept", "Pager snapshot"].map { Curve(name: $0, unit: "ns/op") }
    for n in sizes {
      let costs = await pagerHeld(items: n)
      for index in pages.indices { pages[index].points.append((n, costs[index])) }
    }
    curves += pages

    var persisted = [
      Curve(name: "persisted commit on the caller", unit: "ns/op"),
      Curve(name: "persisted bytes written per change", unit: "bytes"),
      Curve(name: "persisted bytes per change, compaction's share", unit: "bytes"),
      Curve(name: "persisted open", unit: "ns/value"),
    ]
    for n in tasks {
      guard let costs = await persistedValues(n, report: &report) else { break }
      for index in persisted.indices { persisted[index].points.append((n, costs[index])) }
    }
    curves += persisted

    var delivery = Curve(name: "one change to every subscriber", unit: "ns/subscriber")
    for n in tasks { delivery.points.append((n, await subscribers(n))) }
    curves.append(delivery)

    for curve in curves {
      for point in curve.points { report.add(curve.name, "N=\(point.n)", point.value, curve.unit) }
    }
    report.notes += table(curves, sizes: sizes)
    if let plot { ScalingPlot(curves: curves, sizes: sizes).write(to: plot, into: &report) }
    return report
  }

  /// The table of every curve: a column per N and the growth per decade.
  static func table(_ curves: [Curve], sizes: [Int]) -> [String] {
    let nameWidth = curves.map { $0.name.count + $0.unit.count + 2 }.max() ?? 0
    func cell(_ text: String) -> String { String(repeating: " ", count: max(0, 9 - text.count)) + text }
    var lines = [
      "per-operation cost by N; growth per decade (1 = flat, 10 = linear per operation):",
      "".padding(toLength: nameWidth, withPad: " ", startingAt: 0)
        + sizes.map { cell("10^\(Int(log10(Double($0))))") }.joined() + cell("growth"),
    ]
    for curve in curves {
      let label = "\(curve.name), \(curve.unit)"
      let values = sizes.map { n in curve.points.first { $0.n == n }.map { cell(format($0.value)) } ?? cell("-") }
      lines.append(
        label.padding(toLength: nameWidth, withPad: " ", startingAt: 0) + values.joined()
          + cell(curve.growthPerDecade.map { format($0) + "×" } ?? "-"))
    }
    return lines
  }

  // MARK: - Values held

  /// A hit, a miss, a commit over an existing key and a commit that evicts, with `n` values held.
  static func cacheHeld(_ n: Int) -> [Double] {
    let operations = 200_000
    let policy = CachePolicy(freshFor: .seconds(3_600))
    let cache = Cache<Int, Int>(policy: policy)
    for key in 0..<n { cache.set(key, for: key) }
    let full = Cache<Int, Int>(policy: CachePolicy(freshFor: .seconds(3_600), countLimit: n))
    for key in 0..<n { full.set(key, for: key) }
    var next = n
    return [
      best(operations) { for index in 0..<operations { blackHole(cache.cachedValue(for: spread(index, n))) } },
      best(operations) { for index in 0..<operations { blackHole(cache.cachedValue(for: n + index)) } },
      best(operations) { for index in 0..<operations { cache.set(index, for: spread(index, n)) } },
      best(operations) {
        for _ in 0..<operations {
          full.set(next, for: next)
          next += 1
        }
      },
    ]
  }

  /// Keys visited in an order unrelated to insertion, so a hit is not a walk down memory.
  static func spread(_ index: Int, _ n: Int) -> Int { (index &* 7_919) % n }

  /// The best of three timings of `body`, per one of its `operations`, in nanoseconds.
  static func best(_ operations: Int, _ body: () -> Void) -> Double {
    var best = Duration.seconds(1_000)
    for _ in 0..<3 { best = min(best, Measure.clock.measure(body)) }
    return Measure.nanoseconds(best, per: operations)
  }

  // MARK: - Waiters on one flight

  /// Per waiter, with `n` waiters on one flight: joining (from the start of the burst until the
  /// last has joined), the fan-out (from the answer until the last has resumed), and letting a
  /// cancelled waiter go while the `n` others wait (the median of 200).
  static func waiters(_ n: Int, report: inout ScenarioReport) async -> [Double] {
    let flight = SingleFlight<Int, Int>()
    let gate = Gate()
    let calls = LockedState(0)
    let joined = LockedState(0)
    let failed = LockedState(0)
    let operation: @Sendable () async throws -> Int = {
      calls.withLock { $0 += 1 }
      await gate.wait()
      return 1
    }
    let start = Measure.clock.now
    var joining = Duration.zero
    var fanOut = Duration.zero
    var releases: [Double] = []
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<n {
        group.addTask {
          joined.withLock { $0 += 1 }
          if (try? await flight.run(1, operation: operation)) != 1 { failed.withLock { $0 += 1 } }
        }
      }
      while joined.withLock({ $0 }) < n { await Task.yield() }
      for _ in 0..<10 { await Task.yield() }  // the last to count has joined, not only counted
      joining = start.duration(to: Measure.clock.now)
      releases = await cancelledReleases(200) { _ = try await flight.run(1, operation: operation) }
      let opened = Measure.clock.now
      gate.open()
      await group.waitForAll()
      fanOut = opened.duration(to: Measure.clock.now)
    }
    let upstream = calls.withLock { $0 }
    let failures = failed.withLock { $0 }
    if upstream != 1 || failures > 0 {
      report.notes.append("SingleFlight ×\(n): the operation ran \(upstream) times; \(failures) waiters failed")
    }
    return [
      Measure.nanoseconds(joining, per: n), Measure.nanoseconds(fanOut, per: n),
      releases.isEmpty ? .nan : releases[releases.count / 2],
    ]
  }

  /// The nanoseconds from `cancel()` to the caller seeing its error, for `rounds` callers that
  /// join and are cancelled one at a time, sorted.
  static func cancelledReleases(_ rounds: Int, _ join: @escaping @Sendable () async throws -> Void) async -> [Double] {
    var latencies: [Double] = []
    for _ in 0..<rounds {
      let releasedAt = LockedState<ContinuousClock.Instant?>(nil)
      let caller = Task {
        do { try await join() } catch { releasedAt.withLock { $0 = Measure.clock.now } }
      }
      await Task.yield()
      await Task.yield()
      let cancelled = Measure.clock.now
      caller.cancel()
      await caller.value
      if let at = releasedAt.withLock({ $0 }) {
        latencies.append(Measure.nanoseconds(cancelled.duration(to: at), per: 1))
      }
    }
    return latencies.sorted()
  }

  // MARK: - Layers pending on one key

  /// With `n` optimistic writes pending on one key: a read, the commit of the oldest write and
  /// the rollback of the next, each while the others stay pending (means of 20).
  static func pendingLayers(_ n: Int) async -> [Double] {
    let cache = Cache<Int, Int>(policy: CachePolicy(freshFor: .seconds(3_600)))
    cache.set(0, for: 0)
    let gates = (0..<n).map { _ in Gate() }
    let rounds = min(20, n / 2)
    var read = 0.0
    var settle = [Duration.zero, .zero]
    await withTaskGroup(of: Void.self) { group in
      for gate in gates {
        group.addTask {
          _ = try? await cache.mutate(0, optimistically: { $0 &+= 1 }) { _ in
            guard await gate.wait() else { throw CancellationError() }
            return 0
          }
        }
      }
      while cache.cachedValue(for: 0) != n { await Task.yield() }
      read = best(1_000) { for _ in 0..<1_000 { blackHole(cache.cachedValue(for: 0)) } }
      for round in 0..<(2 * rounds) {
        let before = cache.cachedValue(for: 0)
        let start = Measure.clock.now
        gates[round].open(succeeding: round.isMultiple(of: 2))
        while cache.cachedValue(for: 0) == before { await Task.yield() }
        settle[round % 2] += start.duration(to: Measure.clock.now)
      }
      for gate in gates { gate.open(succeeding: false) }
      await group.waitForAll()
    }
    return [read, Measure.nanoseconds(settle[0], per: rounds), Measure.nanoseconds(settle[1], per: rounds)]
  }

  // MARK: - Pages held

  struct Item: Identifiable, Sendable {
    let id: Int
  }

  /// With `items` items held in pages of 50: appending a page while the caller keeps every
  /// snapshot it was given (as a screen that keeps its last list does), and reading a snapshot.
  static func pagerHeld(items: Int) async -> [Double] {
    let pageSize = 50
    let pager = Pager<Int, Item, Void>(first: 0) { cursor in
      Page(items: (cursor..<cursor + pageSize).map(Item.init(id:)), next: cursor + pageSize)
    }
    for _ in 0..<(items / pageSize) { blackHole(try? await pager.loadNext().pagedItems.count) }
    let appends = 20
    var kept: [PagerSnapshot<Item, Void>] = []
    let start = Measure.clock.now
    for _ in 0..<appends {
      if let snapshot = try? await pager.loadNext() { kept.append(snapshot) }
    }
    let appending = start.duration(to: Measure.clock.now)
    blackHole(kept.count)
    let reads = 100
    let reading = Measure.clock.now
    for _ in 0..<reads { blackHole(await pager.snapshot.pagedItems.count) }
    return [Measure.nanoseconds(appending, per: appends), Measure.nanoseconds(reading.duration(to: .now), per: reads)]
  }

  // MARK: - Persisted values

  struct Row: Codable, Sendable {
    var id: Int
    var title: String
    var price: Double
  }

  /// With `n` values in a persisted cache: a commit's cost on the caller, the bytes written to
  /// disk for one change once it is flushed, and opening the file, per value. `nil` when no
  /// folder could be made.
  static func persistedValues(_ n: Int, report: inout ScenarioReport) async -> [Double]? {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("custody-bench-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    guard (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil else {
      report.notes.append("scale: could not make a folder for the persisted curves")
      return nil
    }
    let file = folder.appendingPathComponent("cache.json")
    let policy = CachePolicy(freshFor: .seconds(3_600), staleFor: .seconds(86_400))
    let cache = await Cache<Int, Row>.open(persistingIn: file, version: 1, policy: policy)
    for id in 0..<n { cache.set(Row(id: id, title: "Product \(id)", price: Double(id) / 4), for: id) }
    try? await cache.flush()

    let commits = 1_000
    let committing = Measure.clock.measure {
      for index in 0..<commits { cache.set(Row(id: index, title: "Edited \(index)", price: 1), for: spread(index, n)) }
    }
    try? await cache.flush()

    // Every byte the process writes while changes are saved one by one: the journal's records,
    // and a compaction if one falls among them.
    let changes = 50
    var written: Double?
    if let before = BytesWritten.now() {
      for round in 0..<changes {
        cache.set(Row(id: 0, title: "Change \(round)", price: 2), for: spread(round, n))
        try? await cache.flush()
      }
      if let after = BytesWritten.now() { written = Double(after - before) / Double(changes) }
    }
    // A compaction rewrites the snapshot once the journal outgrows a quarter of it (and 64 KiB,
    // the journal's floor): each change's share of the next one is its record's size times the
    // snapshot's over the journal's size then. At most four times the record's, whatever N.
    let snapshot = Double((try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0)
    let record = written ?? 0
    let share = snapshot > 0 ? record * snapshot / max(snapshot / 4, 65_536) : 0

    var opening = Duration.seconds(1_000)
    for _ in 0..<3 {
      let start = Measure.clock.now
      let opened = await Cache<Int, Row>.open(persistingIn: file, version: 1, policy: policy)
      opening = min(opening, start.duration(to: .now))
      blackHole(opened.cachedValue(for: 0))
    }
    return [
      Measure.nanoseconds(committing, per: commits), written ?? -1, share, Measure.nanoseconds(opening, per: n),
    ]
  }

  // MARK: - Subscribers

  /// Per subscriber, with `n` streams watching one key: from the change until the last has it.
  static func subscribers(_ n: Int) async -> Double {
    let cache = Cache<Int, Int>(policy: CachePolicy(freshFor: .seconds(3_600)))
    cache.set(0, for: 0)
    let seen = LockedState(0)
    var delivered = Duration.zero
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<n {
        group.addTask {
          for await entry in cache.watch(0) {
            seen.withLock { $0 += 1 }
            if entry.value == 1 { break }
          }
        }
      }
      while seen.withLock({ $0 }) < n { await Task.yield() }
      let start = Measure.clock.now
      cache.set(1, for: 0)
      while seen.withLock({ $0 }) < 2 * n { await Task.yield() }
      delivered = start.duration(to: Measure.clock.now)
      await group.waitForAll()
    }
    return Measure.nanoseconds(delivered, per: n)
  }
}

/// Suspends its waiters until it is opened; `wait()` answers how it was opened.
final class Gate: Sendable {
  private struct State {
    var outcome: Bool?
    var waiters: [CheckedContinuation<Bool, Never>] = []
  }

  private let state = LockedState(State())

  /// Waits until ``open(succeeding:)``; `true` when it was opened as a success.
  @discardableResult
  func wait() async -> Bool {
    await withCheckedContinuation { continuation in
      let outcome = state.withLock { state in
        if state.outcome == nil { state.waiters.append(continuation) }
        return state.outcome
      }
      if let outcome { continuation.resume(returning: outcome) }
    }
  }

  /// Resumes every waiter, and every later one at once; only the first call counts.
  func open(succeeding: Bool = true) {
    let waiters = state.withLock { state -> [CheckedContinuation<Bool, Never>] in
      guard state.outcome == nil else { return [] }
      state.outcome = succeeding
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume(returning: succeeding) }
  }
}

/// The bytes this process has written with `write(2)` and friends, from `/proc/self/io`;
/// `nil` where the system does not say.
enum BytesWritten {
  static func now() -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/self/io", encoding: .utf8) else { return nil }
    for line in text.split(separator: "\n") where line.hasPrefix("wchar:") {
      return Int(line.dropFirst("wchar:".count).trimmingCharacters(in: .whitespaces))
    }
    return nil
  }
}
