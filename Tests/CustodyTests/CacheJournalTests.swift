import CustodyTesting
import Foundation
import Testing

@testable import Custody

/// A persisted cache's journal: a save appends what changed, a torn record is dropped alone, the
/// journal is folded into the snapshot once it outgrows it, a file of the format before opens,
/// and a cache takes in what another cache on the same file wrote.
@Suite(.timeLimit(.minutes(2)))
struct CacheJournalTests {
  let folder: TemporaryFolder
  let wall = WallClock()

  init() throws { folder = try TemporaryFolder() }

  var url: URL { folder.file("cache.json") }
  var journal: URL { folder.file("cache.json.journal") }

  private func open(persistedLimit: Int? = nil) async -> Cache<Int, String> {
    await Cache.open(
      persistingIn: url, version: 1, persistedLimit: persistedLimit, clock: TestClock(), wallClock: wall.read)
  }

  private func size(_ file: URL) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: file.path)[.size]) as? NSNumber)?.intValue ?? 0
  }

  /// The bytes one change adds to the files, with `held` values in the cache.
  private func bytesOfOneChange(held: Int) async throws -> Int {
    let cache = await open()
    for key in 0..<held { cache.set("value \(key)", for: key) }
    try await cache.flush()
    let (snapshot, before) = (FileStamp(path: url.path), size(journal))
    cache.set("changed", for: 0)
    try await cache.flush()
    #expect(FileStamp(path: url.path) == snapshot, "the snapshot is not written again")
    return size(journal) - before
  }

  // A change appends its own bytes to the journal, whatever the number of values held; the
  // snapshot is left alone.
  @Test func aChangeWritesTheSameBytesWhateverTheValuesHeld() async throws {
    let few = try await bytesOfOneChange(held: 10)
    try FileManager.default.removeItem(at: url)
    try FileManager.default.removeItem(at: journal)
    let many = try await bytesOfOneChange(held: 2_000)
    #expect(few > 0 && few < 400, "one record: \(few) bytes")
    #expect(many == few, "with 2,000 values: \(many) bytes, with 10: \(few)")
    let reopened = await open()
    #expect(reopened.count == 2_000 && reopened.cachedValue(for: 0) == "changed")
  }

  // A record cut short (a process killed while it appended) is dropped; every record before it
  // stands, and the next save cuts it off and appends after the last whole one.
  @Test(arguments: [TornTail.cutShort, .badChecksum, .lengthOnly])
  func aTornRecordIsDroppedAlone(_ tail: TornTail) async throws {
    let cache = await open()
    cache.set("one", for: 1)
    try await cache.flush()
    cache.set("two", for: 2)
    try await cache.flush()
    let whole = try Data(contentsOf: journal)
    cache.set("torn", for: 3)
    try await cache.flush()
    var bytes = try Data(contentsOf: journal)
    #expect(bytes.count > whole.count)
    switch tail {
    case .cutShort: bytes = bytes.prefix(bytes.count - 5)
    case .badChecksum:
      // One letter of the value changed: still JSON, still the record's length; only the
      // checksum tells.
      let letter = try #require(bytes.lastRange(of: Data("torn".utf8))).lowerBound + 1
      bytes[letter] ^= 0x20
    case .lengthOnly: bytes = bytes.prefix(whole.count + 3)
    }
    try bytes.write(to: journal)

    let reopened = await open()
    #expect(reopened.loadProblem == nil, "a torn tail is not a corrupt file")
    #expect(reopened.cachedValue(for: 1) == "one" && reopened.cachedValue(for: 2) == "two")
    #expect(reopened.cachedValue(for: 3) == nil, "the torn record is dropped")
    reopened.set("after", for: 4)
    try await reopened.flush()
    let again = await open()
    #expect([1, 2, 4].map { again.cachedValue(for: $0) } == ["one", "two", "after"])
    #expect(!folder.contents.contains { $0.contains("corrupt") })
  }

  enum TornTail: Sendable { case cutShort, badChecksum, lengthOnly }

  // Once the journal outgrows the snapshot, a save folds it into a new snapshot and starts an
  // empty journal; nothing is lost.
  @Test func theJournalIsFoldedIntoTheSnapshotOnceItOutgrowsIt() async throws {
    let cache = await open()
    let long = String(repeating: "x", count: 2_000)
    var folded = false
    var grown = 0
    for round in 0..<100 {
      cache.set("\(round) \(long)", for: round % 10)
      try await cache.flush()
      let now = size(journal)
      if now < grown {
        folded = true
        break
      }
      grown = now
    }
    #expect(folded, "the journal was compacted")
    #expect(grown > CacheDisk<Int, String>.compactionFloor - 3_000, "once it outgrew its floor: \(grown) bytes")
    #expect(size(url) > 10 * long.count, "the snapshot holds every value")
    #expect(size(journal) < CacheDisk<Int, String>.compactionFloor)
    let reopened = await open()
    #expect(reopened.count == 10)
    for key in 0..<10 { #expect(reopened.cachedValue(for: key) == cache.cachedValue(for: key)) }
  }

  // A compaction cut short after its snapshot was written leaves the old journal, of the old
  // generation: ignored, as the new snapshot holds its records.
  @Test func aJournalOfAnotherGenerationIsIgnored() async throws {
    let file = CacheFile<Int, String>(
      version: 1, savedAt: wall.read().timeIntervalSince1970,
      entries: [PersistedEntry(key: 1, value: "compacted", age: .zero, idle: .zero)], generation: 7)
    try JSONEncoder().encode(file).write(to: url)
    var old = JournalFormat.header(version: 1, generation: 6)
    let record = JournalRecord<Int, String>(
      savedAt: 0, ops: [JournalOp(key: 1, kind: .set("older", age: .zero)), JournalOp(key: 2, kind: .remove)])
    old.append(JournalFormat.frame(try JSONEncoder().encode(record)))
    try old.write(to: journal)

    let cache = await open()
    #expect(cache.loadProblem == nil)
    #expect(cache.cachedValue(for: 1) == "compacted")
    cache.set("new", for: 2)
    try await cache.flush()
    let reopened = await open()
    #expect(reopened.cachedValue(for: 1) == "compacted" && reopened.cachedValue(for: 2) == "new")
  }

  // A file written before the journal (one JSON snapshot, no generation) opens with its values,
  // and later saves go to a journal beside it.
  @Test func aFileOfTheFormatBeforeTheJournalOpens() async throws {
    let savedAt = wall.read().timeIntervalSince1970 - 30
    try folder.write(
      #"{"version":1,"savedAt":\#(savedAt),"entries":[{"key":1,"value":"old","age":5,"idle":5},"#
        + #"{"key":2,"value":"kept","age":0,"idle":0}]}"#, to: "cache.json")
    let cache = await open()
    #expect(cache.loadProblem == nil)
    #expect(cache.cachedEntry(for: 1)?.age == .seconds(35), "its saved age and the 30 s since")
    #expect(cache.cachedValue(for: 1) == "old")
    #expect(cache.cachedValue(for: 2) == "kept")
    cache.set("new", for: 1)
    try await cache.flush()
    #expect(folder.contents.contains("cache.json.journal"))
    let reopened = await open()
    #expect(reopened.cachedValue(for: 1) == "new" && reopened.cachedValue(for: 2) == "kept")
  }

  // A cache takes in a value another cache on the same file wrote, without writing itself, and
  // its streams show it.
  @Test func aValueWrittenByAnotherCacheShowsUpWithoutAWrite() async throws {
    let writer = await open()
    let reader = await open()
    var changes = reader.updates().makeAsyncIterator()
    #expect(await reader.reload() == false, "nothing written yet")

    writer.set("from the other", for: 1)
    writer.set("doomed", for: 2)
    try await writer.flush()
    #expect(await reader.reload())
    #expect(reader.cachedValue(for: 1) == "from the other")
    let first = await changes.next()
    #expect(first?.key == 1 && first?.entry?.value == "from the other")

    writer.remove(2)
    try await writer.flush()
    try await reader.flush()  // a flush takes changes in too
    #expect(reader.cachedValue(for: 2) == nil)
    #expect(await reader.reload() == false, "taken in already")
  }

  // A persisted cache that follows a lifecycle hub takes in the other's values when the app
  // becomes active, without a call of its own.
  @Test func aCacheFollowingTheHubTakesInTheOthersValuesWhenTheAppComesBack() async throws {
    let writer = await open()
    let follower = await open()
    let hub = LifecycleHub(pollEvery: nil, clock: TestClock(), source: nil)
    hub.register(follower)
    var changes = follower.updates().makeAsyncIterator()
    writer.set("from the widget", for: 7)
    try await writer.flush()

    hub.send(.didBecomeActive)

    let change = await changes.next()
    #expect(change?.key == 7 && change?.entry?.value == "from the widget")
    #expect(follower.cachedValue(for: 7) == "from the widget")
  }

  // A key changed here and not written yet keeps this cache's value over the other's older one.
  @Test func aLocalChangeNotYetWrittenWinsOverTheOthers() async throws {
    let first = await open()
    let second = await open()
    first.set("first's", for: 1)
    try await first.flush()
    second.set("second's", for: 1)
    try await second.flush()  // its save reads the first's record, then writes after it
    #expect(second.cachedValue(for: 1) == "second's")
    #expect(await first.reload())
    #expect(first.cachedValue(for: 1) == "second's", "written last")
    #expect(await open().cachedValue(for: 1) == "second's")
  }
}
