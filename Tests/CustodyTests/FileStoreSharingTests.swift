// Linux only, as the child process helper is (posix_spawn and a dispatch source on the pipe);
// the locking and the stamps it checks are the same calls on Apple platforms.
#if os(Linux)
  import Custody
  import Foundation
  import Glibc
  import Testing

  /// Two real processes on one folder, as an app and its widget (or two windows of the command
  /// line app) are: each keeps the other's changes.
  @Suite(.timeLimit(.minutes(3)))
  struct FileStoreSharingTests {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder() }

    // Each process inserts its own ids into one set, one write per id, at the same time as the
    // other: the file ends with every id of both.
    @Test func twoProcessesMergingIntoOneFileLoseNoChange() async throws {
      let file = folder.file("ids.json")
      let outcomes = try await runTogether(
        ["set", file.path, "0", "300"], ["set", file.path, "1000", "300"])
      let ids = try JSONDecoder().decode(Set<Int>.self, from: Data(contentsOf: file))
      let missing = Set(0..<300).union(1000..<1300).subtracting(ids)
      #expect(missing.isEmpty, "\(missing.count) ids lost, such as \(missing.sorted().prefix(5))")
      #expect(ids.count == 600)
      // Each found the other's ids in the file while it wrote: the writes interleaved.
      #expect(outcomes.allSatisfy { $0 > 0 }, "writes that found the other process's ids: \(outcomes)")
    }

    // The same for a persisted cache: each process commits its own keys; the file keeps both.
    @Test func twoProcessesPersistingOneCacheLoseNoKey() async throws {
      let file = folder.file("cache.json")
      _ = try await runTogether(["cache", file.path, "0", "150"], ["cache", file.path, "1000", "150"])
      let cache = await Cache<Int, String>.open(persistingIn: file, version: 1)
      #expect(cache.loadProblem == nil)
      let missing = (Array(0..<150) + Array(1000..<1150)).filter { cache.cachedValue(for: $0) == nil }
      #expect(missing.isEmpty, "\(missing.count) keys lost, such as \(missing.prefix(5))")
      #expect(cache.cachedValue(for: 1042) == "value 1042")
    }

    // A persisted cache takes in the values another process wrote, without writing itself, and
    // its screens see them.
    @Test func anotherProcessValuesReachARunningCache() async throws {
      let file = folder.file("cache.json")
      let cache = await Cache<Int, String>.open(persistingIn: file, version: 1)
      var changes = cache.updates().makeAsyncIterator()
      #expect(await cache.reload() == false, "nothing written yet")

      _ = try await runTogether(["cache", file.path, "7", "2"])
      try #require(await cache.reload(), "the other process wrote the file")
      #expect(cache.cachedValue(for: 7) == "value 7" && cache.cachedValue(for: 8) == "value 8")
      #expect(await changes.next()?.key == 7)
      #expect(await changes.next()?.key == 8)
      #expect(await cache.reload() == false, "taken in already")
    }

    // Another process's change reaches this one's screens on `reload()`.
    @Test func anotherProcessChangeReachesUpdatesOnReload() async throws {
      let file = folder.file("ids.json")
      let store = await FileStore.open(url: file, default: Set<Int>())
      var updates = store.updates().makeAsyncIterator()
      #expect(await updates.next() == [])
      #expect(await store.reload() == false, "nothing changed on disk")

      _ = try await runTogether(["set", file.path, "7", "1"])
      try #require(await store.reload(), "the other process wrote the file")
      #expect(await updates.next() == [7])
      #expect(store.value == [7])
      #expect(await store.reload() == false, "taken in already")
    }

    // A write finds another process's change on its own, without `reload()`, and shows it.
    @Test func aWriteTakesInAnotherProcessChange() async throws {
      let file = folder.file("ids.json")
      let store = await FileStore.open(url: file, default: Set<Int>())
      _ = try await runTogether(["set", file.path, "7", "2"])
      store.merge { $0.insert(1) }
      try await store.flush()
      #expect(store.value == [1, 7, 8])
      #expect(try JSONDecoder().decode(Set<Int>.self, from: Data(contentsOf: file)) == [1, 7, 8])
      store.save([2])
      try await store.flush()
      #expect(store.value == [2], "a whole value saved replaces the file's: the last writer wins")
    }

    /// Starts one writer process per argument list while this test holds the folder's lock, so
    /// that each opens the file only once all have started, then waits for them all to finish.
    /// Returns each one's count of writes that found the other's changes.
    private func runTogether(_ runs: [String]...) async throws -> [Int] {
      let lock = try HeldFolderLock(folder.url)
      var children: [ChildProcess] = []
      for arguments in runs {
        let child = try ChildProcess(WriterBinary.url, arguments: arguments)
        children.append(child)
        let line = try await child.readLine()
        try #require(line == "started", "the writer said \(line ?? "nothing")")
      }
      lock.release()
      var outcomes: [Int] = []
      for child in children {
        var lines: [String] = []
        while let line = try await child.readLine(timeout: .seconds(60)) { lines.append(line) }
        let status = try await child.wait()
        try #require(status.exitCode == 0, "the writer ended with \(status): \(lines.suffix(3))")
        let done = try #require(lines.last { $0.hasPrefix("done ") }, "\(lines.suffix(3))")
        outcomes.append(Int(done.dropFirst(5)) ?? -1)
      }
      return outcomes
    }
  }

  /// The lock `FileStore` takes on a folder (`flock` on the folder), taken without waiting: the
  /// test holds it while the writers start, so none opens the file before the others.
  private final class HeldFolderLock {
    private var descriptor: Int32

    struct Busy: Error {}

    init(_ folder: URL) throws {
      descriptor = open(folder.path, O_RDONLY | O_CLOEXEC)
      guard descriptor >= 0, flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
        if descriptor >= 0 { close(descriptor) }
        throw Busy()
      }
    }

    func release() {
      guard descriptor >= 0 else { return }
      close(descriptor)
      descriptor = -1
    }

    deinit { release() }
  }
#endif
