import Testing

@testable import CustodyDevtools

@Suite struct OutputQueueTests {
  @Test func dropsBeyondTheLimitAndSaysHowMany() {
    var queue = OutputQueue(limit: 3)
    for index in 0..<10 { queue.append([UInt8(index)]) }
    #expect(queue.count == 3)
    #expect(queue.droppedCount == 7)
    // Once the client takes two frames, the notice goes out before the next event.
    queue.consume(2)
    queue.append([42])
    var frames: [[UInt8]] = []
    while let frame = queue.first {
      frames.append(frame)
      queue.consume(frame.count)
    }
    #expect(frames.first == [2])
    #expect(String(decoding: frames[1], as: UTF8.self) == "event: dropped\ndata: {\"count\":7,\"total\":7}\n\n")
    #expect(frames.last == [42])
  }

  @Test func sendsTheNoticeAsSoonAsThereIsRoom() {
    var queue = OutputQueue(limit: 1)
    queue.append([1])
    queue.append([2])
    queue.consume(1)
    #expect(queue.first.map { String(decoding: $0, as: UTF8.self) }?.hasPrefix("event: dropped") == true)
  }

  @Test func keepsWhatIsPartlySent() {
    var queue = OutputQueue(limit: 4)
    queue.append([1, 2, 3])
    queue.consume(2)
    #expect(queue.offset == 2)
    #expect(queue.first == [1, 2, 3])
    queue.consume(1)
    #expect(queue.isEmpty)
  }
}
