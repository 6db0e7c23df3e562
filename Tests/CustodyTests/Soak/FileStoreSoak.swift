import Foundation

@testable import Custody

/// Random `update`s, `flush`es and direct reads of one `FileStore` file.
///
/// Every update adds one to a counter, so the last value on disk must count every update (none
/// lost), a flush must leave on disk at least what was saved before it, and a read of the file
/// at any moment must decode (writes are atomic, F1).
final class FileStoreSoak: Sendable {
  struct Tally: Codable, Sendable {
    var count = 0
    var note = ""
  }

  let folder: URL
  let store: FileStore<Tally>
  private let updates = LockedState(0)
  private let report: SoakReport

  init(report: SoakReport) throws {
    self.report = report
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("custody-soak-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    store = FileStore(url: folder.appendingPathComponent("tally.json"), default: Tally(), protection: .ownerOnly)
  }

  deinit { try? FileManager.default.removeItem(at: folder) }

  func step(_ rng: inout SplitMix64) async {
    report.begin(.fileStore)
    defer { report.end(.fileStore) }
    switch rng.int(in: 0...99) {
    case 0..<65:
      let note = String(repeating: "n", count: rng.int(in: 0...2_000))
      updates.withLock { count in
        store.update { tally in
          tally.count += 1
          tally.note = note
        }
        count += 1
      }
    case 65..<85:
      let saved = store.value.count
      do {
        try await store.flush()
        // No file yet means nothing was written: the default value, a count of zero.
        let onDisk = readFile()?.count ?? 0
        report.check(onDisk >= saved, "file store: flushed \(saved) but the file holds \(onDisk)")
      } catch {
        report.violation("file store: flush failed: \(error)")
      }
    default:
      _ = readFile()
    }
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
    let expected = updates.withLock { $0 }
    report.check(store.value.count == expected, "file store: \(store.value.count) of \(expected) updates in memory")
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
