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
    case .unreadable(let url, let aside, let error):
      "\(url.path) could not be read (\(plain(error))). \(movedAside(aside))"
    case .writeFailed(let url, let error):
      "\(url.path) could not be written (\(plain(error))). Check that there is free space and that files may be "
        + "written there."
    case .encodingFailed:
      "A file could not be saved because its contents could not be encoded. Nothing was written."
    }
  }

  /// The sentence for a saved credential that could not be read at start (the Keychain
  /// refused it), in the storage's own words: its errors describe themselves as sentences
  /// (`KeychainCredentialError` does). Nothing was deleted.
  public static func credentialProblem(_ problem: any Error) -> String {
    (problem as? any LocalizedError)?.errorDescription ?? String(describing: problem)
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

  /// The system's reason for a file error, without its closing full stop.
  private static func plain(_ error: any Error) -> String {
    let words = (error as NSError).localizedDescription
    return words.hasSuffix(".") ? String(words.dropLast()) : words
  }
}
