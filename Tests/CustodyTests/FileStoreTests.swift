import Custody
import Foundation
import Testing

@Suite(.timeLimit(.minutes(1)))
struct FileStoreTests {
  let folder: TemporaryFolder
  let defaults = Settings(name: "default", count: 0)

  init() throws { folder = try TemporaryFolder() }

  private func makeStore(protection: FileStore<Settings>.Protection = .standard) async -> FileStore<Settings> {
    await FileStore.open(url: folder.file("settings.json"), default: defaults, protection: protection)
  }

  @Test func missingFileOpensWithTheDefaultValue() async {
    let store = await makeStore()
    #expect(store.value == defaults)
    #expect(store.loadProblem == nil)
  }

  // The file is read before the store exists, so a change applies to the file's value: with a
  // store made first and loaded later, this update changed the default and the load then kept
  // the changed default, losing the file's name and count.
  @Test func aChangeRightAfterOpeningChangesTheFilesValue() async throws {
    try folder.write(#"{"name":"saved","count":5}"#, to: "settings.json")
    let store = await makeStore()
    store.update { $0.count += 1 }
    #expect(store.value == Settings(name: "saved", count: 6))
    try await store.flush()
    #expect(await makeStore().value == Settings(name: "saved", count: 6))
  }

  @Test func savedValueSurvivesARestart() async throws {
    let store = await makeStore()
    store.save(Settings(name: "saved", count: 1))
    #expect(store.value == Settings(name: "saved", count: 1), "the value is readable at once")
    try await store.flush()

    #expect(await makeStore().value == Settings(name: "saved", count: 1))
    #expect(folder.contents == ["settings.json"], "no temporary file is left behind")
  }

  @Test func burstOfSavesWritesTheLastValue() async throws {
    let store = await makeStore()
    for count in 1...200 { store.update { $0.count = count } }
    try await store.flush()
    #expect(await makeStore().value == Settings(name: "default", count: 200))
  }

  // F1: a crash while writing leaves a truncated temporary file; the old value is intact.
  @Test func crashWhileWritingLeavesTheOldValue() async throws {
    let store = await makeStore()
    store.save(Settings(name: "old", count: 1))
    try await store.flush()
    try folder.write(#"{"name":"new","co"#, to: ".settings.json.tmp")  // the crash

    let restarted = await makeStore()
    #expect(restarted.value == Settings(name: "old", count: 1))
    #expect(restarted.loadProblem == nil)
    #expect(folder.contents == ["settings.json"], "the half-written temporary file is removed")
  }

  // F2: a file written half-way by something else is moved aside and reported.
  @Test func truncatedFileIsMovedAsideAndTheDefaultValueIsUsed() async throws {
    try folder.write(#"{"name":"new","co"#, to: ".settings.json.tmp")
    try folder.write(#"{"name":"half"#, to: "settings.json")

    let store = await makeStore()
    #expect(store.value == defaults)
    let problem = try #require(store.loadProblem)
    guard case .corrupt(_, let movedTo?, _) = problem else { throw Unexpected() }
    #expect(folder.text(of: movedTo.lastPathComponent) == #"{"name":"half"#, "the bad file is kept for inspection")
    #expect(movedTo.lastPathComponent.hasPrefix("settings.json.corrupt-"))
    #expect(FailureCategory(problem) == .storage)

    store.save(Settings(name: "after", count: 2))  // the store goes on
    try await store.flush()
    #expect(await makeStore().value == Settings(name: "after", count: 2))
  }

  // F2
  @Test func unreadableFileIsMovedAsideAndTheDefaultValueIsUsed() async throws {
    try FileManager.default.createDirectory(at: folder.file("settings.json"), withIntermediateDirectories: false)
    let store = await makeStore()
    #expect(store.value == defaults)
    guard case .unreadable(_, let movedTo?, _) = store.loadProblem else { throw Unexpected() }
    #expect(movedTo.lastPathComponent.hasPrefix("settings.json.corrupt-"))
    #expect(!folder.contents.contains("settings.json"))
  }

  // F2: files moved aside do not pile up: the newest three of one file are kept, and those of
  // another file are left alone.
  @Test func onlyTheNewestFilesMovedAsideAreKept() async throws {
    for stamp in [1_000, 4_000, 2_000, 3_000] { try folder.write("old \(stamp)", to: "settings.json.corrupt-\(stamp)") }
    try folder.write("other", to: "other.json.corrupt-500")
    try folder.write(#"{"name":"half"#, to: "settings.json")

    let store = await makeStore()
    guard case .corrupt(_, let movedTo?, _) = store.loadProblem else { throw Unexpected() }
    #expect(
      folder.contents.sorted()
        == [
          movedTo.lastPathComponent, "other.json.corrupt-500", "settings.json.corrupt-3000",
          "settings.json.corrupt-4000",
        ].sorted())
  }

  // F1: a failed write is a typed error and keeps the old file.
  @Test func failedWriteIsReportedAndKeepsTheOldFile() async throws {
    let store = await makeStore()
    store.save(Settings(name: "old", count: 1))
    try await store.flush()
    // The folder refuses the temporary file (root ignores permission bits, so block its name).
    try FileManager.default.createDirectory(at: folder.file(".settings.json.tmp"), withIntermediateDirectories: false)

    store.save(Settings(name: "new", count: 2))
    await #expect(throws: FileStoreError.self) { try await store.flush() }
    let old = try folder.text(of: "settings.json").map { try JSONDecoder().decode(Settings.self, from: Data($0.utf8)) }
    #expect(old == Settings(name: "old", count: 1))
  }

  #if os(Linux)
    // F1: a full disk (the temporary file's writes go to /dev/full) keeps the old file.
    @Test func fullDiskIsReportedAndKeepsTheOldFile() async throws {
      let store = await makeStore()
      store.save(Settings(name: "old", count: 1))
      try await store.flush()
      try FileManager.default.createSymbolicLink(
        at: folder.file(".settings.json.tmp"), withDestinationURL: URL(fileURLWithPath: "/dev/full"))

      store.save(Settings(name: "new", count: 2))
      do {
        try await store.flush()
        Issue.record("a write to a full disk succeeded")
      } catch {
        guard case .writeFailed = error else { throw error }
        #expect("\(error)".contains("No space left on device"))
      }
      #expect(await makeStore().value == Settings(name: "old", count: 1))
    }
  #endif

  // T5: files holding secrets are 0600.
  @Test func ownerOnlyFileIsReadableByItsOwnerOnly() async throws {
    let store = await makeStore(protection: .ownerOnly)
    store.save(Settings(name: "secret", count: 1))
    try await store.flush()
    #expect(try folder.permissions(of: "settings.json") == 0o600)

    let open = await makeStore()
    open.save(Settings(name: "public", count: 1))
    try await open.flush()
    #expect(try folder.permissions(of: "settings.json") == 0o644)
  }
}
