import Custody
import CustodyTesting
import Testing

/// BufferedInspector: events reach its stream in the order the owner recorded them, and a
/// consumer that falls behind costs the owner nothing.
@Suite(.timeLimit(.minutes(1)))
struct BufferedInspectorTests {
  @Test func eventsArriveInTheOrderTheOwnerRecordedThem() async {
    let buffered = BufferedInspector()
    let seen = TestInspector()
    let cache = Cache<Int, String>(
      policy: .init(countLimit: 2), name: "products", inspector: InspectorGroup(buffered, seen))
    for key in 1...5 { cache.set("\(key)", for: key) }
    cache.remove(5)
    cache.removeAll()
    buffered.finish()

    var streamed: [String] = []
    for await event in buffered.events { streamed.append(shape(event)) }
    #expect(streamed == seen.shapes())
    #expect(streamed.prefix(4) == ["committed 1", "committed 2", "committed 3", "evicted by count limit 2"])
    #expect(streamed.suffix(2) == ["removed 1", "removed 0"])
    #expect(buffered.droppedCount == 0)
  }

  @Test func aConsumerThatFallsBehindKeepsTheNewestEventsInOrderAndNeverHoldsTheOwner() async {
    let buffered = BufferedInspector(limit: 4)
    let cache = Cache<Int, String>(name: "products", inspector: buffered)
    // Nobody consumes yet: every call still returns at once.
    for key in 1...100 { cache.set("\(key)", for: key) }
    #expect(cache.count == 100)
    buffered.finish()

    var sizes: [Int] = []
    for await event in buffered.events { sizes.append(event.size?.entries ?? 0) }
    #expect(sizes == [97, 98, 99, 100], "the newest four, oldest first")
    #expect(buffered.droppedCount == 96)
  }

  @Test func aConsumerThatIsSuspendedDoesNotStopTheOwner() async throws {
    let buffered = BufferedInspector(limit: 10)
    let cache = Cache<Int, String>(name: "products", inspector: buffered)
    var iterator = buffered.events.makeAsyncIterator()
    cache.set("first", for: 0)
    #expect(await iterator.next()?.kind == .committed)
    // The consumer now awaits nothing; the owner goes on.
    for key in 1...50 { cache.set("\(key)", for: key) }
    buffered.finish()
    var last: OwnerEvent?
    while let event = await iterator.next() { last = event }
    #expect(last?.size?.entries == 51)
    #expect(buffered.droppedCount == 40)
  }
}
