import Custody
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension SessionDelegate {
  /// What a task needs besides its request: the body stream `URLSession` asks for, and what to
  /// clean up when the task ends (a spooled body file).
  struct Attachment: Sendable {
    var makeBodyStream: (@Sendable () -> InputStream)?
    var cleanup: (@Sendable () -> Void)?
  }

  /// Keeps `attachment` for `task` until it ends.
  func attach(_ attachment: Attachment, to task: URLSessionTask) {
    attachments.withLock { $0[task.taskIdentifier] = attachment }
  }

  /// Forgets what `id` needed and cleans up after it: the task ended, or never started.
  func detach(_ id: Int) {
    disarmDeadline(id)
    let attachment = attachments.withLock { $0.removeValue(forKey: id) }
    attachment?.cleanup?()
  }

  /// Hands `URLSession` a new, unopened body stream: for the first attempt, and again after a
  /// redirect or an authentication challenge.
  func urlSession(
    _ session: URLSession, task: URLSessionTask,
    needNewBodyStream completionHandler: @escaping @Sendable (InputStream?) -> Void
  ) {
    let make = attachments.withLock { $0[task.taskIdentifier]?.makeBodyStream }
    completionHandler(make?())
  }
}
