// Linux only, on purpose. On macOS:
// - The full and read-only file system cases need a small file system mounted for the test
//   (a tmpfs here); macOS has no tmpfs, and a disk image needs `hdiutil` and minutes per run.
// - The kill loop would prove nothing Linux does not: a process killed with SIGKILL loses no
//   write the kernel has accepted, so the outcome rests on rename(2) being atomic, which POSIX
//   guarantees on both. What differs on macOS is the flush before the rename (`F_FULLFSYNC`,
//   not `fsync`), and only a power loss tests that; no test in a running system can.
#if os(Linux)
  import Custody
  import Foundation
  import Glibc
  import TestSupport
  import Testing

  /// F1 with real crashes and real file systems: a writer process killed with SIGKILL at random
  /// moments while it saves, a file system that is full, and one that is read-only.
  @Suite(.timeLimit(.minutes(5)))
  struct FileStoreCrashSafetyTests {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder() }

    // F1: whenever the kill lands, the file holds the last record the writer finished or the one
    // it was writing, whole. The writer itself checks at each start that the file loads cleanly.
    @Test func killedWriterLeavesTheLastRecordOrTheOneBeingWritten() async throws {
      let loop = KillLoop(
        writer: WriterBinary.url, file: folder.file("record.json"), kills: 200, atLeast: 20, budget: .seconds(20),
        clock: ContinuousClock())
      let report = await loop.run()
      print("FileStore crash safety: \(report)")
      #expect(report.failures.isEmpty, "\(report.failures.prefix(5))")
      #expect(report.kills >= 20, "the writer must be killed many times: \(report)")
      #expect(report.killsBeforeRename > 0, "some kills must land before a rename: \(report)")
      #expect(!folder.contents.contains { $0.contains(".corrupt-") }, "no file was ever moved aside as corrupt")
    }

    // F1: a full file system is a typed error; the old file stays and the next save, once
    // there is room, goes through.
    @Test(.enabled(if: TemporaryMount.isAvailable, "needs permission to mount a tmpfs"))
    func fullFileSystemIsReportedAndKeepsTheOldFile() async throws {
      let mount = try TemporaryMount(kilobytes: 64)
      let file = mount.file("settings.json")
      let store = await FileStore.open(url: file, default: Settings(name: "default", count: 0))
      store.save(Settings(name: "old", count: 1))
      try await store.flush()
      let filler = try mount.fill()

      let unsaved = Settings(name: "unsaved-" + String(repeating: "x", count: 8_000), count: 2)
      store.save(unsaved)
      let error = try #require(await #expect(throws: FileStoreError.self) { try await store.flush() })
      guard case .writeFailed(let url, _) = error else { throw Unexpected() }
      #expect(url == file)
      #expect("\(error)".contains("No space left on device"))
      #expect(!"\(error)".contains("unsaved-"), "an error never shows the value")
      #expect(await Self.reload(file) == Settings(name: "old", count: 1))
      #expect(mount.contents == ["filler", "settings.json"], "the partial temporary file is removed")

      try FileManager.default.removeItem(at: filler)
      store.save(Settings(name: "after", count: 3))
      try await store.flush()
      #expect(await Self.reload(file) == Settings(name: "after", count: 3))
    }

    // F1: a read-only file system (root ignores permission bits, not a read-only mount) is a
    // typed error and keeps the old file.
    @Test(.enabled(if: TemporaryMount.isAvailable, "needs permission to mount a tmpfs"))
    func readOnlyFileSystemIsReportedAndKeepsTheOldFile() async throws {
      let mount = try TemporaryMount(kilobytes: 256)
      let file = mount.file("settings.json")
      let store = await FileStore.open(url: file, default: Settings(name: "default", count: 0))
      store.save(Settings(name: "old", count: 1))
      try await store.flush()
      try mount.makeReadOnly()

      store.save(Settings(name: "unsaved-value", count: 2))
      let error = try #require(await #expect(throws: FileStoreError.self) { try await store.flush() })
      guard case .writeFailed = error else { throw Unexpected() }
      #expect("\(error)".contains("Read-only file system"))
      #expect(!"\(error)".contains("unsaved-value"), "an error never shows the value")
      #expect(store.value == Settings(name: "unsaved-value", count: 2), "memory keeps the value to save again")
      #expect(await Self.reload(file) == Settings(name: "old", count: 1))
      #expect(mount.contents == ["settings.json"])
    }

    /// What a restarted app would load from `file`.
    private static func reload(_ file: URL) async -> Settings {
      await FileStore.open(url: file, default: Settings(name: "default", count: 0)).value
    }
  }

  /// Starts the writer again and again and kills it at a random moment each time, then checks
  /// what the file holds against what the writer said it had done.
  struct KillLoop: Sendable {
    struct Report: Sendable, CustomStringConvertible {
      var kills = 0
      /// Kills between `start` and `done`: a record was being written.
      var killsDuringWrite = 0
      /// Kills that left a temporary file behind: the kill landed before the rename.
      var killsBeforeRename = 0
      /// Kills after which the file held the record being written: the rename had happened.
      var killsAfterRename = 0
      var seconds = 0.0
      var failures: [String] = []

      var description: String {
        "\(kills) kills survived (\(killsDuringWrite) while a record was being written: \(killsBeforeRename) left a "
          + "temporary file, \(killsAfterRename) after the rename) in "
          + "\(seconds.formatted(.number.precision(.fractionLength(1)))) s, \(failures.count) failures"
      }
    }

    let writer: URL
    let file: URL
    let kills: Int
    /// How many kills the loop makes whatever the time: on a busy machine, or under
    /// ThreadSanitizer, one start of the writer can take seconds.
    let atLeast: Int
    /// How long the loop may run past `atLeast` kills, measured on the wall clock.
    let budget: Duration
    /// Paces the random pause before each kill.
    let clock: any Clock<Duration>

    /// Kills the writer `kills` times, or as many as `budget` allows but never fewer than
    /// `atLeast`; stops early after five failures or when the task is cancelled.
    func run() async -> Report {
      var report = Report()
      let stopwatch = ContinuousClock()
      let start = stopwatch.now
      func wantsMore() -> Bool {
        report.kills < atLeast || (report.kills < kills && start.duration(to: stopwatch.now) < budget)
      }
      while wantsMore() && report.failures.count < 5 && !Task.isCancelled {
        do {
          let lines = try await killOnce()
          let leftTemporaryFile = FileManager.default.fileExists(atPath: temporaryFile.path)
          let outcome = try check(lines)
          report.kills += 1
          if outcome.inFlight { report.killsDuringWrite += 1 }
          if leftTemporaryFile { report.killsBeforeRename += 1 }
          if outcome.newRecordLanded { report.killsAfterRename += 1 }
        } catch {
          report.failures.append("\(error)")
        }
      }
      let elapsed = start.duration(to: stopwatch.now).components
      report.seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
      return report
    }

    /// Starts the writer, waits until it has loaded the file, waits a random moment (the point
    /// of the test), kills it, and returns every line it wrote.
    private func killOnce() async throws -> [String] {
      let child = try ChildProcess(writer, arguments: [file.path])
      var lines: [String] = []
      while !(lines.last?.hasPrefix("ready ") ?? false) {
        guard let line = try await child.readLine() else {
          _ = try await child.wait()
          throw Failure("the writer stopped before it was ready: \(lines)")
        }
        lines.append(line)
      }
      // Not a wait for anything: the kill must land at a random point of the writer's loop,
      // which is what this test is about. No outcome depends on the length of the pause.
      try await clock.sleep(for: .microseconds(Int.random(in: 0...12_000)))
      child.kill()
      while let line = try await child.readLine() { lines.append(line) }
      let status = try await child.wait()
      guard status.signal == SIGKILL else {
        throw Failure("the writer ended by itself (\(status)): \(lines.suffix(3))")
      }
      return lines
    }

    /// Where FileStore writes before the rename.
    private var temporaryFile: URL {
      file.deletingLastPathComponent().appendingPathComponent(".\(file.lastPathComponent).tmp")
    }

    /// Checks the file against the writer's lines; says whether a record was being written when
    /// the kill landed, and whether the file holds that record.
    private func check(_ lines: [String]) throws -> (inFlight: Bool, newRecordLanded: Bool) {
      func last(_ event: String) -> Int? {
        lines.last { $0.hasPrefix(event + " ") }.flatMap { Int($0.dropFirst(event.count + 1)) }
      }
      guard let ready = last("ready") else { throw Failure("no ready line: \(lines)") }
      let done = last("done") ?? ready
      let started = last("start") ?? done
      let onDisk: Int
      if let data = FileManager.default.contents(atPath: file.path) {
        guard let record = try? JSONDecoder().decode(WrittenRecord.self, from: data) else {
          throw Failure("the file does not decode after a kill (\(data.count) bytes; done \(done), started \(started))")
        }
        guard record.isWhole else { throw Failure("record \(record.sequence) is a mix of two records") }
        onDisk = record.sequence
      } else {
        onDisk = 0
      }
      guard onDisk == done || onDisk == started else {
        throw Failure("the file holds record \(onDisk); the writer had finished \(done) and started \(started)")
      }
      return (started > done, started > done && onDisk == started)
    }

    struct Failure: Error, CustomStringConvertible {
      let description: String
      init(_ description: String) { self.description = description }
    }
  }

  /// The record `custody-filestore-writer` saves: its payload follows from its number.
  private struct WrittenRecord: Decodable {
    var sequence: Int
    var payload: String

    var isWhole: Bool { payload == String(repeating: "\(sequence);", count: 100 + sequence * 7_919 % 20_000) }
  }

  /// The built `custody-filestore-writer`, next to the test bundle in the build products folder;
  /// `CUSTODY_FILESTORE_WRITER` overrides the path.
  enum WriterBinary {
    static let url: URL = {
      if let path = ProcessInfo.processInfo.environment["CUSTODY_FILESTORE_WRITER"] {
        return URL(fileURLWithPath: path)
      }
      let executable = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
      var folder = executable.deletingLastPathComponent()
      while folder.pathComponents.count > 1,
        !FileManager.default.fileExists(atPath: folder.appendingPathComponent("custody-filestore-writer").path)
      {
        folder = folder.deletingLastPathComponent()
      }
      return folder.appendingPathComponent("custody-filestore-writer")
    }()
  }
#endif
