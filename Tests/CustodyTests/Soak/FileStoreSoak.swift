import Foundation

@testable import Custody

/// Random `update`s, `flush`es, `updates()` streams and direct reads of one `FileStore` file.
///
/// Every update adds one to a counter, so the last value on disk must count every update (none
/// lost), a flush must leave on disk at least what was saved before it, a read of the file at
/// any moment must decode (writes are atomic, F1), and a stream never shows a count older than
/// one already seen.
final class FileStoreSoak: Sendable {
  struct Tally: Codable, Sendable {
    var count = 0
    var note = ""
  }

  let folder: URL
  let store: FileStore<Tally>
  private let updatesMade = LockedState(0)
  private let report: SoakReport

  init(report: SoakReport) async throws {
    self.report = report
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("custody-soak-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    store = await FileStore.open(
      url: folder.appendingPathComponent("tally.json"), default: Tally(), protection: .ownerOnly)
  }

  deinit { try? FileManager.default.removeItem(at: folder) }

  func step(_ rng: inout SplitMix64) async {
    report.begin(.fileStore)
    defer { report.end(.fileStore) }
    switch rng.int(in: 0...99) {
    case 0..<60:
      update(note: String(repeating: "n", count: rng.int(in: 0...2_000)))
    case 60..<80:
      let saved = store.value.count
      do {
        try await store.flush()
        // A cancelled caller's flush returns before the write (the write goes on): it says
        // nothing about the file.
        guard !Task.isCancelled else { return }
        // No file yet means nothing was written: the default value, a count of zero.
        let onDisk = readFile()?.count ?? 0
        report.check(onDisk >= saved, "file store: flushed \(saved) but the file holds \(onDisk)")
      } catch {
        report.violation("file store: flush failed: \(error)")
      }
    case 80..<90:
      await watch(cancelling: rng.int(in: 0...2) == 0)
    default:
      _ = readFile()
    }
  }

  /// Adds one to the counter; returns the count this update made.
  @discardableResult
  private func update(note: String) -> Int {
    updatesMade.withLock { count in
      var made = 0
      store.update { tally in
        tally.count += 1
        tally.note = note
        made = tally.count
      }
      count += 1
      return made
    }
  }

  /// Opens a stream of the value and either cancels its consumer at once, or reads it around an
  /// update of its own: the stream starts at least at the count read before it was opened, and
  /// after the update it gives at least the count that update made.
  private func watch(cancelling: Bool) async {
    let before = store.value.count
    let stream = store.updates()
    if cancelling {
      let consumer = Task { for await _ in stream {} }
      consumer.cancel()
      await consumer.value
      return
    }
    var values = stream.makeAsyncIterator()
    let first = await values.next()
    let made = update(note: "")
    let next = await values.next()
    guard !Task.isCancelled else { return }  // a cancelled run's streams end early
    guard let first, let next else { return report.violation("file store: a stream ended while its store lives") }
    report.check(first.count >= before, "file store: a stream started at \(first.count), after \(before) was read")
    report.check(next.count >= made, "file store: a stream gave \(next.count) after an update made \(made)")
  }

  /// The file's value; a file that exists but does not decode is a violation.
  private func readFile() -> Tally? {
    guard let data = try? Data(contentsOf: store.url) else { return nil }
    do {
      return try JSONDecoder().decode(Tally.self, from: data)
    } catch {
      report.violation("file store: the file did not decode mid-write (\(data.count) bytes)")
      return nil
    }
  }

  /// After a last flush the file holds every update, is private, and no temporary file is left;
  /// with no update, no file was ever written.
  func checkQuiescent() async {
    do { try await store.flush() } catch { report.violation("file store: the last flush failed: \(error)") }
    let expected = updatesMade.withLock { $0 }
    report.check(store.value.count == expected, "file store: \(store.value.count) of \(expected) updates in memory")
    report.check(store.subscriberCount == 0, "file store: \(store.subscriberCount) streams left open")
    let contents = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    guard expected > 0 else {
      // A run starved of time (other tests holding the cores) may make no update: then
      // nothing is ever written, and there must be no file at all.
      report.check(contents.isEmpty, "file store: files written without an update: \(contents)")
      return
    }
    report.check(readFile()?.count == expected, "file store: the file lost updates (\(expected) made)")
    let attributes = try? FileManager.default.attributesOfItem(atPath: store.url.path)
    let permissions = (attributes?[.posixPermissions] as? NSNumber)?.intValue
    report.check(permissions == 0o600, "file store: the file is not 0600")
    report.check(contents == ["tally.json"], "file store: files left behind: \(contents)")
  }
}
