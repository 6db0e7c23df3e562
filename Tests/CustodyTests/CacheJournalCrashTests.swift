// Linux only, as the child process helper is; see FileStoreCrashSafetyTests for why a kill
// loop on macOS would prove nothing more.
#if os(Linux)
  import Custody
  import Foundation
  import Glibc
  import Testing

  /// K7 with real crashes: a process that saves a persisted cache, one key at a time, killed
  /// with SIGKILL at random moments, appends included, and compactions, which its values of up
  /// to 40 KB make frequent.
  @Suite(.timeLimit(.minutes(3)))
  struct CacheJournalCrashTests {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder() }

    // Whenever the kill lands, the next open finds every value the writer finished, and the
    // one it was writing or not, each whole; never a corrupt file.
    @Test func aKilledWriterLeavesEveryFinishedValue() async throws {
      let file = folder.file("cache.json")
      let clock = ContinuousClock()
      var (kills, whileWriting, landed) = (0, 0, 0)
      while kills < 30 && !Task.isCancelled {
        let lines = try await killOnce(file, clock: clock)
        kills += 1
        func last(_ event: String) -> Int? {
          lines.last { $0.hasPrefix(event + " ") }.flatMap { Int($0.dropFirst(event.count + 1)) }
        }
        let ready = try #require(last("ready"), "\(lines)")
        let done = last("done") ?? ready
        let started = last("start") ?? done
        let cache = await Cache<Int, String>.open(persistingIn: file, version: 1)
        try #require(cache.loadProblem == nil, "\(cache.loadProblem.map { "\($0)" } ?? "")")
        let held = cache.count
        try #require(
          held == done || held == started, "holds \(held) values; the writer had finished \(done), started \(started)")
        if started > done { whileWriting += 1 }
        if started > done && held == started { landed += 1 }
        for key in stride(from: 1, through: held, by: 1) {
          try #require(cache.cachedValue(for: key) == Self.payload(key), "key \(key) of \(held) is not whole")
        }
      }
      print("Cache journal crash safety: \(kills) kills, \(whileWriting) while a value was written, \(landed) landed")
      #expect(whileWriting > 0, "some kills must land while a value is written")
      #expect(!folder.contents.contains { $0.contains("corrupt") }, "nothing was moved aside")
    }

    /// Starts the writer, waits until it has opened the cache, waits a random moment (the point
    /// of the test), kills it, and returns every line it wrote.
    private func killOnce(_ file: URL, clock: ContinuousClock) async throws -> [String] {
      let child = try ChildProcess(WriterBinary.url, arguments: ["cache", file.path])
      var lines: [String] = []
      while !(lines.last?.hasPrefix("ready ") ?? false) {
        guard let line = try await child.readLine() else {
          let status = try await child.wait()
          throw Failure(description: "the writer stopped before it was ready (\(status)): \(lines)")
        }
        lines.append(line)
      }
      // Not a wait for anything: the kill must land at a random point of the writer's loop,
      // which is what this test is about. No outcome depends on the length of the pause.
      try await clock.sleep(for: .microseconds(Int.random(in: 0...15_000)))
      child.kill()
      while let line = try await child.readLine() { lines.append(line) }
      let status = try await child.wait()
      guard status.signal == SIGKILL else {
        throw Failure(description: "the writer ended by itself (\(status)): \(lines.suffix(3))")
      }
      return lines
    }

    /// The value the writer sets for `key` (`SharedFile.payload`).
    static func payload(_ key: Int) -> String {
      String(repeating: "\(key);", count: 100 + key * 7_919 % 8_000)
    }

    struct Failure: Error, CustomStringConvertible {
      let description: String
    }
  }
#endif
