import Custody
import CustodyTesting
import Foundation
import Testing

/// What a FileStore tells its inspector.
@Suite(.timeLimit(.minutes(1)))
struct FileStoreEventsTests {
  let inspector = TestInspector()
  let folder: TemporaryFolder

  init() throws { folder = try TemporaryFolder() }

  private func makeStore() async -> FileStore<Settings> {
    await FileStore.open(
      url: folder.file("settings.json"), default: Settings(name: "default", count: 0), inspector: inspector)
  }

  @Test func savesAreWrittenAndABurstIsCoalesced() async throws {
    let store = await makeStore()
    for count in 1...50 { store.update { $0.count = count } }
    try await store.flush()
    let shapes = inspector.shapes()
    #expect(shapes.first == "loaded default")
    #expect(shapes.contains("written"))
    let coalesced = shapes.filter { $0 == "save coalesced" }.count
    // Each save starts a write or is coalesced into a later one, and a write that finishes with
    // coalesced saves waiting writes once more for them: at least 50 events, and never more
    // writes than saves. How many fall on each side depends on the disk's speed.
    let written = shapes.filter { $0 == "written" }.count
    #expect(coalesced + written >= 50 && written <= 50, "each save is written or coalesced: \(coalesced) + \(written)")
    #expect(inspector.recording.activity()?.owner.name == "settings.json", "named after its file by default")
  }

  // F2
  @Test func aCorruptFileIsMovedAsideBeforeTheDefaultIsLoaded() async throws {
    try folder.write(#"{"name":"half"#, to: "settings.json")
    _ = await makeStore()
    #expect(inspector.shapes() == ["moved aside corrupt", "loaded default"])
  }

  // F1
  @Test func aFailedWriteIsReported() async throws {
    let store = await makeStore()
    try FileManager.default.createDirectory(at: folder.file(".settings.json.tmp"), withIntermediateDirectories: false)
    store.save(Settings(name: "new", count: 2))
    await #expect(throws: FileStoreError.self) { try await store.flush() }
    #expect(inspector.shapes() == ["loaded default", "write failed"])
  }
}
