import Custody
import Testing

/// Screens that stop listening while values are sent must never freeze the sender.
///
/// The first test is a CPU-bound stress loop, so it has the three minutes the other stress suites
/// have, and it stops at the next round once its time limit cancels it.
@Suite(.timeLimit(.minutes(3)))
struct BroadcastTests {
  @Test func cancellingSubscribersWhileSendingNeverDeadlocks() async {
    let broadcast = Broadcast<Int>()
    for round in 0..<300 where !Task.isCancelled {
      let subscribers = (0..<4).map { _ in
        let stream = broadcast.updates()
        return Task {
          for await _ in stream {}
        }
      }
      let sending = Task {
        for value in 0..<40 { broadcast.send(round * 100 + value) }
      }
      for subscriber in subscribers { subscriber.cancel() }
      await sending.value
      for subscriber in subscribers { await subscriber.value }
    }
    #expect(broadcast.subscriberCount == 0)
  }

  @Test func finishingEndsEveryStream() async {
    let broadcast = Broadcast<Int>()
    let stream = broadcast.updates(startingWith: 1)
    let listener = Task {
      var seen: [Int] = []
      for await value in stream { seen.append(value) }
      return seen
    }
    broadcast.send(2)
    broadcast.finish()
    #expect(await listener.value == [1, 2])
    #expect(broadcast.subscriberCount == 0)
  }

  @Test func everySubscriberGetsEveryValueInOrder() async {
    let broadcast = Broadcast<Int>()
    let streams = [broadcast.updates(startingWith: 0), broadcast.updates(startingWith: 0)]
    for value in 1...5 { broadcast.send(value) }
    for stream in streams {
      var seen: [Int] = []
      for await value in stream {
        seen.append(value)
        if seen.count == 6 { break }
      }
      #expect(seen == [0, 1, 2, 3, 4, 5])
    }
  }
}
