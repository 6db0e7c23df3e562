import Foundation

/// What the consumer of a streamed body reads next.
enum BodyStreamRead: Equatable {
  case chunk(Data)
  /// The body ended; every later read is `.end` too.
  case end
  /// The body failed; delivered once, then `.end`.
  case failure(HTTPError)
}

/// The state of one streamed body: the chunks the producer delivered that the consumer has not
/// read yet, the consumer waiting for the next one, and how the body ended.
///
/// A plain state machine: ``BodyStreamStorage`` holds it behind a lock, calls one method per
/// event and acts on the answer after releasing the lock. `Waiter` is the consumer's
/// continuation, generic so the machine can be tested without concurrency.
struct BodyStreamState<Waiter> {
  typealias Read = BodyStreamRead

  /// What to do with a chunk the producer delivered.
  enum YieldAction {
    /// Kept for the consumer's next read.
    case buffered
    /// Hand it to the waiting consumer.
    case resume(Waiter, Data)
    /// The body already ended or the consumer left: drop it.
    case dropped
    /// Too much is unread: the body failed; stop the producer.
    case overflow
  }

  /// The most bytes kept unread before the body fails with ``HTTPError/responseTooLarge(limit:)``.
  let limit: Int
  private var chunks: [Data] = []
  private var firstUnread = 0
  private(set) var bufferedBytes = 0
  private var waiter: Waiter?
  private var ending: HTTPError??
  private var endingDelivered = false
  private var producerRuns = true

  init(limit: Int) { self.limit = limit }

  private var hasUnread: Bool { firstUnread < chunks.count }

  /// The next read if one is ready, or `nil` when the consumer must wait.
  mutating func read() -> Read? {
    if hasUnread {
      let chunk = chunks[firstUnread]
      chunks[firstUnread] = Data()
      firstUnread += 1
      bufferedBytes -= chunk.count
      if !hasUnread {
        chunks.removeAll(keepingCapacity: true)
        firstUnread = 0
      }
      return .chunk(chunk)
    }
    guard let ending else { return nil }
    if endingDelivered { return .end }
    endingDelivered = true
    return ending.map { .failure($0) } ?? .end
  }

  /// The consumer waits with `waiter`, unless a read is ready, which is returned instead.
  mutating func wait(_ waiter: Waiter) -> Read? {
    if let ready = read() { return ready }
    precondition(self.waiter == nil, "An HTTPBodyStream was iterated by more than one task at a time")
    self.waiter = waiter
    return nil
  }

  /// The producer delivered `chunk`.
  ///
  /// The buffer holds at most ``limit`` bytes plus one chunk: a chunk that arrives while the
  /// consumer is not waiting and the buffer is not empty must fit under the limit.
  mutating func yield(_ chunk: Data) -> YieldAction {
    guard ending == nil else { return .dropped }
    if let waiter {
      self.waiter = nil
      return .resume(waiter, chunk)
    }
    guard bufferedBytes == 0 || bufferedBytes + chunk.count <= limit else {
      discardUnread()
      ending = .some(.responseTooLarge(limit: limit))
      producerRuns = false
      return .overflow
    }
    chunks.append(chunk)
    bufferedBytes += chunk.count
    return .buffered
  }

  /// The producer ended the body, with `failure` if it broke. Returns the waiting consumer and
  /// what it reads, if one waits.
  mutating func finish(_ failure: HTTPError?) -> (Waiter, Read)? {
    producerRuns = false
    guard ending == nil else { return nil }
    ending = .some(failure)
    guard let waiter else { return nil }
    self.waiter = nil
    endingDelivered = true
    return (waiter, failure.map { .failure($0) } ?? .end)
  }

  /// The consumer stopped: its task was cancelled, or it dropped the stream. Unread chunks are
  /// dropped, and a body not read to its end reads as cancelled.
  ///
  /// - Returns: The waiter to resume with `.failure(.cancelled)`, and whether the producer still
  ///   runs and must be stopped (true at most once).
  mutating func cancel() -> (waiter: Waiter?, stopProducer: Bool) {
    let waiter = self.waiter
    self.waiter = nil
    if !endingDelivered {
      switch ending {
      case .some(.some): break  // a failure not yet read stays the answer
      case .some(.none) where !hasUnread: break  // everything was read; the end is the answer
      default: ending = .some(.cancelled)
      }
    }
    if waiter != nil { endingDelivered = true }
    discardUnread()
    let stopProducer = producerRuns
    producerRuns = false
    return (waiter, stopProducer)
  }

  private mutating func discardUnread() {
    chunks.removeAll()
    firstUnread = 0
    bufferedBytes = 0
  }
}

extension BodyStreamState.YieldAction: Sendable where Waiter: Sendable {}
