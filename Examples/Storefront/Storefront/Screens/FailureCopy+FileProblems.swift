import Custody
import Foundation

extension FailureCopy {
  /// The sentence for a persisted file that could not be read at start: which file, what was
  /// wrong with it in plain words (never a decoder's dump), and where it went.
  ///
  /// ```swift
  /// if let problem = favorites.loadProblem {
  ///   warnings.append(FailureCopy.fileProblem(problem))
  ///   // "/data/favorites.json is damaged (it is not valid JSON). It was moved aside as
  ///   //  favorites.json.corrupt-1796084030521; starting without it."
  /// }
  /// ```
  public static func fileProblem(_ problem: FileStoreError) -> String {
    switch problem {
    case .corrupt(let url, let aside, let error):
      "\(url.path) is damaged (\(damage(error))). \(movedAside(aside))"
    case .unreadable(let url, let aside, _) where isFolder(aside ?? url):
      "\(url.path) is a folder, not a file. \(movedAside(aside))"
    case .unreadable(let url, let aside, let error):
      "\(url.path) could not be read (\(plain(error))). \(movedAside(aside))"
    case .writeFailed(let url, let error):
      "\(url.path) could not be written (\(plain(error))). Check that there is free space and that files may be "
        + "written there."
    case .encodingFailed:
      "A file could not be saved because its contents could not be encoded. Nothing was written."
    }
  }

  /// The sentence for a sign-out that could not be saved: the session is still there, and why.
  public static func notSignedOut(_ error: any Error) -> String {
    let reason =
      if case .writeFailed(let url, let underlying)? = error as? FileStoreError {
        "\(url.path) could not be written (\(plain(underlying)))"
      } else {
        "the saved session could not be deleted (\(plain(error)))"
      }
    return "Still signed in: \(reason). Check that the data folder may be written to, then sign out again."
  }

  /// The sentence for a saved credential that could not be read at start (the Keychain
  /// refused it), in the storage's own words: its errors describe themselves as sentences
  /// (`KeychainCredentialError` does). Nothing was deleted.
  public static func credentialProblem(_ problem: any Error) -> String {
    (problem as? any LocalizedError)?.errorDescription ?? String(describing: problem)
  }

  private static func isFolder(_ url: URL) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
  }

  private static func movedAside(_ aside: URL?) -> String {
    guard let aside else { return "It could not be moved aside; starting without it." }
    return "It was moved aside as \(aside.lastPathComponent); starting without it."
  }

  /// What a decoder found wrong, in words a person reading a warning understands.
  private static func damage(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return plain(error) }
    switch error {
    case .dataCorrupted(let context) where context.codingPath.isEmpty: return "it is not valid JSON"
    case .dataCorrupted(let context): return "“\(path(context))” holds a value that cannot be read"
    case .keyNotFound(let key, let context):
      return "“\(path(context, appending: key))” is missing"
    case .typeMismatch(_, let context), .valueNotFound(_, let context):
      return context.codingPath.isEmpty
        ? "it holds the wrong kind of value" : "“\(path(context))” holds the wrong kind of value"
    @unknown default: return "it cannot be read"
    }
  }

  private static func path(_ context: DecodingError.Context, appending key: (any CodingKey)? = nil) -> String {
    (context.codingPath + (key.map { [$0] } ?? [])).map { $0.intValue.map(String.init) ?? $0.stringValue }
      .joined(separator: ".")
  }

  /// The system's reason for a file error, in its plain words and without its closing full stop:
  /// the POSIX reason where there is one ("Is a directory", "Read-only file system"), however
  /// deep Foundation wrapped it, never "NSCocoaErrorDomain error 256".
  private static func plain(_ error: any Error) -> String {
    let words: String
    if let code = posixCode(of: error as NSError) {
      words = String(cString: strerror(code))
    } else if let described = error as? any LocalizedError, let text = described.errorDescription {
      words = text
    } else {
      words = (error as NSError).localizedDescription
    }
    return words.hasSuffix(".") ? String(words.dropLast()) : words
  }

  private static func posixCode(of error: NSError) -> Int32? {
    if error.domain == NSPOSIXErrorDomain { return Int32(exactly: error.code) }
    return (error.userInfo[NSUnderlyingErrorKey] as? NSError).flatMap(posixCode(of:))
  }
}
