import Custody
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension SessionDelegate {
  /// Fails the transfer of `task` with ``HTTPError/deadlineExceeded(_:)`` and cancels it once
  /// `deadline` has passed, unless it ended before.
  ///
  /// `URLSession` has no total deadline per request: `URLRequest.timeoutInterval` is an idle
  /// timeout that every byte starts again, so a server that drips its answer is never timed out,
  /// and `timeoutIntervalForResource` belongs to the whole session. Call this before the task is
  /// resumed, so it cannot end before the timer is armed.
  ///
  /// The timer holds neither the task nor the delegate: one that fires after its task ended
  /// finds nothing to do.
  func armDeadline(_ deadline: Duration, for task: URLSessionTask) {
    deadlines.withLock { _ = $0.insert(task.taskIdentifier) }
    DispatchQueue.global().asyncAfter(deadline: .now() + deadline.timeInterval) { [weak self, weak task] in
      if let task { self?.expire(task, after: deadline) }
    }
  }

  /// Forgets the deadline of `id`: its task ended, or never started.
  func disarmDeadline(_ id: Int) {
    deadlines.withLock { _ = $0.remove(id) }
  }

  private func expire(_ task: URLSessionTask, after deadline: Duration) {
    let id = task.taskIdentifier
    guard deadlines.withLock({ $0.remove(id) }) != nil else { return }
    let failure = HTTPError.deadlineExceeded(deadline)
    if let waiter = table.withLock({ $0.expire(id) }) {
      task.cancel()
      waiter.resume(throwing: failure)
    } else if let (waiter, sink) = streams.withLock({ $0.expire(id) }) {
      task.cancel()
      waiter?.resume(throwing: failure)
      sink.finish(throwing: failure)
    }
  }
}
