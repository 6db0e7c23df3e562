import Custody
import Foundation

/// The shared storage of one ``HTTPBodyStream``: its state behind a lock, and the way to stop
/// its producer (for a network body, cancelling the transfer).
///
/// Continuations are resumed and the producer is stopped after the lock is released.
final class BodyStreamStorage: Sendable {
  typealias Waiter = CheckedContinuation<BodyStreamRead, Never>

  private let state: LockedState<BodyStreamState<Waiter>>
  private let stopProducer: @Sendable () -> Void

  init(limit: Int, onCancel: @escaping @Sendable () -> Void) {
    state = LockedState(BodyStreamState(limit: limit))
    stopProducer = onCancel
  }

  /// The next chunk, the end, or a failure. Ends with `.failure(.cancelled)` as soon as the
  /// calling task is cancelled, and then stops the producer.
  func next() async -> BodyStreamRead {
    if Task.isCancelled { cancel() }
    if let ready = state.withLock({ $0.read() }) { return ready }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { (waiter: Waiter) in
        if let ready = state.withLock({ $0.wait(waiter) }) { waiter.resume(returning: ready) }
      }
    } onCancel: {
      cancel()
    }
  }

  /// The consumer stopped; see ``BodyStreamState/cancel()``.
  func cancel() {
    let (waiter, stop) = state.withLock { $0.cancel() }
    waiter?.resume(returning: .failure(.cancelled))
    if stop { stopProducer() }
  }

  /// Delivers `chunk` to the consumer. Returns whether the consumer still wants more.
  @discardableResult
  func yield(_ chunk: Data) -> Bool {
    guard !chunk.isEmpty else { return true }
    switch state.withLock({ $0.yield(chunk) }) {
    case .buffered:
      return true
    case .resume(let waiter, let chunk):
      waiter.resume(returning: .chunk(chunk))
      return true
    case .dropped:
      return false
    case .overflow:
      stopProducer()
      return false
    }
  }

  /// Ends the body, with `failure` if it broke.
  func finish(_ failure: HTTPError?) {
    guard let (waiter, read) = state.withLock({ $0.finish(failure) }) else { return }
    waiter.resume(returning: read)
  }
}

/// Stops the producer when the last copy of a stream and its iterators are gone, so a body
/// nobody reads does not keep a transfer running.
final class BodyStreamConsumer: Sendable {
  let storage: BodyStreamStorage

  init(_ storage: BodyStreamStorage) { self.storage = storage }

  deinit { storage.cancel() }
}
