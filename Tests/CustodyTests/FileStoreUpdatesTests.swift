import Custody
import Foundation
import Testing

/// Screens watching a FileStore's value: the current value first, then every change, and
/// nothing left behind when they stop watching or the store goes away.
@Suite(.timeLimit(.minutes(1)))
struct FileStoreUpdatesTests {
  let folder: TemporaryFolder
  let defaults = Settings(name: "default", count: 0)

  init() throws { folder = try TemporaryFolder() }

  private func makeStore() async -> FileStore<Settings> {
    await FileStore.open(url: folder.file("settings.json"), default: defaults)
  }

  @Test func aStreamStartsWithTheFilesValueThenGetsEverySaveAndUpdate() async throws {
    try folder.write(#"{"name":"saved","count":5}"#, to: "settings.json")
    let store = await makeStore()
    var updates = store.updates().makeAsyncIterator()
    #expect(await updates.next() == Settings(name: "saved", count: 5))
    store.update { $0.count += 1 }
    #expect(await updates.next() == Settings(name: "saved", count: 6))
    store.save(Settings(name: "new", count: 1))
    #expect(await updates.next() == Settings(name: "new", count: 1))
    try await store.flush()
  }

  @Test func aSlowConsumerGetsTheNewestValueOnly() async throws {
    let store = await makeStore()
    var updates = store.updates().makeAsyncIterator()
    for count in 1...500 { store.update { $0.count = count } }
    #expect(await updates.next()?.count == 500, "the 500 values it did not read were not kept")
    store.update { $0.count += 1 }
    #expect(await updates.next()?.count == 501)
    try await store.flush()
  }

  @Test func everyScreenGetsTheChangesAndCancellingOneLeavesTheOthers() async throws {
    let store = await makeStore()
    let (seen, seeing) = AsyncStream.makeStream(of: Int.self)
    let screens = (0..<3).map { screen in
      let updates = store.updates()
      return Task {
        for await value in updates { seeing.yield(screen * 1_000 + value.count) }
      }
    }
    #expect(store.subscriberCount == 3)
    var events = seen.makeAsyncIterator()
    var firsts: Set<Int> = []
    for _ in 0..<3 { firsts.insert(await events.next() ?? -1) }
    #expect(firsts == [0, 1_000, 2_000], "each screen starts with the current value")

    screens[0].cancel()
    await screens[0].value
    #expect(store.subscriberCount == 2, "a cancelled screen's stream is gone")
    store.update { $0.count = 7 }
    var changes: Set<Int> = []
    for _ in 0..<2 { changes.insert(await events.next() ?? -1) }
    #expect(changes == [1_007, 2_007])

    for screen in screens { screen.cancel() }
    for screen in screens { await screen.value }
    #expect(store.subscriberCount == 0)
    try await store.flush()
  }

  @Test func releasingTheStoreEndsItsStreams() async throws {
    var store: FileStore<Settings>? = await makeStore()
    weak let released = store
    let updates = try #require(store?.updates())
    store = nil
    #expect(released == nil, "a stream does not keep its store alive")
    var seen: [Settings] = []
    for await value in updates { seen.append(value) }
    #expect(seen == [defaults], "the stream gives what it had and ends")
  }
}
