import CustodyTesting
import Foundation
import Testing

@testable import Custody

/// Two caches persisted in one file, as two processes sharing a folder have: each write merges
/// per key with what the other wrote.
@Suite(.timeLimit(.minutes(1)))
struct CacheSharingTests {
  let folder: TemporaryFolder
  let wall = WallClock()

  init() throws { folder = try TemporaryFolder() }

  private func open(clock: TestClock = TestClock()) async -> Cache<Int, String> {
    await Cache.open(persistingIn: folder.file("cache.json"), version: 1, clock: clock, wallClock: wall.read)
  }

  // A value committed by one is not undone by the other, which held the older value and wrote
  // last; the keys each committed are both kept.
  @Test func aCommitSurvivesTheOtherCacheWritingLast() async throws {
    let (firstClock, secondClock) = (TestClock(), TestClock())
    let first = await open(clock: firstClock)
    first.set("old", for: 1)
    try await first.flush()
    let second = await open(clock: secondClock)
    #expect(second.cachedValue(for: 1) == "old")

    wall.advance(by: 10)
    firstClock.advance(by: .seconds(10))
    secondClock.advance(by: .seconds(10))
    first.set("edited", for: 1)
    try await first.flush()

    wall.advance(by: 10)
    firstClock.advance(by: .seconds(10))
    secondClock.advance(by: .seconds(10))
    second.set("second's", for: 2)
    try await second.flush()

    let reopened = await open()
    #expect(reopened.cachedValue(for: 1) == "edited")
    #expect(reopened.cachedEntry(for: 1)?.age == .seconds(10), "the age of the edit")
    #expect(reopened.cachedValue(for: 2) == "second's")
  }

  // A key one removes is gone from the file, though the other holds it unchanged.
  @Test func aRemovalSurvivesTheOtherCacheWritingLast() async throws {
    let first = await open()
    first.set("kept", for: 1)
    first.set("removed", for: 2)
    try await first.flush()
    let second = await open()
    first.remove(2)
    try await first.flush()
    second.set("new", for: 3)
    try await second.flush()

    let reopened = await open()
    #expect(reopened.cachedValue(for: 1) == "kept")
    #expect(reopened.cachedValue(for: 2) == nil, "the other held it unchanged: the removal stands")
    #expect(reopened.cachedValue(for: 3) == "new")
  }
}
