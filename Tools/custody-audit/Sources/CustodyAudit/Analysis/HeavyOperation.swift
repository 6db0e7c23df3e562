import SwiftSyntax

/// CPU-heavy work that does not belong on the main actor.
enum HeavyOperation: String, Sendable {
  case sorting
  case transformChain
  case grouping
  case chunking
  case decoding
  case formattingLoop

  /// What the code does, for a message: "'sorted' sorts".
  var phrase: String {
    switch self {
    case .sorting: "sorts"
    case .transformChain: "chains collection transforms"
    case .grouping: "groups a collection"
    case .chunking: "chunks a collection"
    case .decoding: "decodes or encodes JSON"
    case .formattingLoop: "formats values in a loop"
    }
  }
}

/// One heavy operation at a place in a file.
struct HeavyHit {
  let operation: HeavyOperation
  /// The code that does it, as written: `sorted`, `map…filter`, `Dictionary(grouping:)`.
  let name: String
  /// Where it is, as an offset into the file.
  let position: Int
  let node: Syntax
}
