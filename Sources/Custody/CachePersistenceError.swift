import Foundation

/// Why a persisted ``Cache`` started without the values of its file, or could not write them.
/// Never contains a value.
///
/// ```swift
/// let products = await Cache<Product.ID, Product>.open(persistingIn: url, version: 2)
/// if let problem = products.loadProblem { log.notice("\(problem)") }  // the cache works anyway
/// ```
public enum CachePersistenceError: Error, Sendable, CustomStringConvertible, CategorizedError {
  /// The file was written for the schema version `found`, not the `expected` one the cache was
  /// opened with: its values were dropped, and the file is rewritten with the new version. This
  /// is what a new version of the app that changed its values' type is expected to see once.
  case schemaChanged(URL, found: Int, expected: Int)
  /// The file could not be read, decoded or written (see ``FileStoreError``). A file that could
  /// not be read or decoded was moved aside and the cache started empty; after a failed write
  /// the file keeps its previous contents.
  case file(FileStoreError)

  public var failureCategory: FailureCategory { .storage }

  public var description: String {
    switch self {
    case .schemaChanged(let url, let found, let expected):
      "\(url.path) holds values of schema version \(found), not \(expected); they were dropped and the cache "
        + "starts empty."
    case .file(let error): error.description
    }
  }
}
