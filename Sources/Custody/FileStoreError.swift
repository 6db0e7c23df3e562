import Foundation

/// Why a ``FileStore`` could not read or write its file. Never contains the value.
public enum FileStoreError: Error, Sendable, CustomStringConvertible, CategorizedError {
  /// The file could not be decoded; it was moved to `movedTo` (nil if moving failed) and the
  /// default value is used. Look at the moved file to learn what happened.
  case corrupt(URL, movedTo: URL?, underlying: any Error)
  /// The file could not be read; it was moved to `movedTo` (nil if moving failed) and the
  /// default value is used. Check the file's permissions.
  case unreadable(URL, movedTo: URL?, underlying: any Error)
  /// Writing the file failed (a full disk, a read-only folder); the file still holds the value
  /// written before. Free some space or fix the folder's permissions, then save again.
  case writeFailed(URL, underlying: any Error)
  /// The value could not be encoded; nothing was written. This is a bug in the value's
  /// `Encodable` conformance.
  case encodingFailed(any Error)

  public var failureCategory: FailureCategory { .storage }

  public var description: String {
    switch self {
    case .corrupt(let url, let aside, let error):
      "\(url.path) could not be decoded (\(error)); \(movedText(aside)). Using the default value."
    case .unreadable(let url, let aside, let error):
      "\(url.path) could not be read (\(error)); \(movedText(aside)). Using the default value."
    case .writeFailed(let url, let error):
      "Writing \(url.path) failed (\(error)); it keeps its previous contents. Free space or fix permissions."
    case .encodingFailed(let error):
      "The value could not be encoded (\(error)); nothing was written."
    }
  }

  private func movedText(_ aside: URL?) -> String {
    aside.map { "moved to \($0.lastPathComponent)" } ?? "it could not be moved aside"
  }
}
