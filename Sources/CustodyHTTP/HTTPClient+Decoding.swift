import Foundation

extension HTTPClient {
  /// Decodes `data` as `Response` on the concurrent executor, never on the caller's actor.
  ///
  /// Decoding is linear in the body's size (about 50 MB/s here); on the main actor a large page
  /// would stall input and animation.
  @concurrent
  static func decode<Response: Decodable & Sendable>(
    _ type: Response.Type, from data: Data, using decoder: JSONDecoder
  ) async throws(HTTPError) -> Response {
    do {
      return try decoder.decode(Response.self, from: data)
    } catch let error as DecodingError {
      throw .invalidResponse(reason: Self.describe(error))
    } catch {
      throw .invalidResponse(reason: "the body is not valid JSON")
    }
  }

  /// The coding path and the problem, without the values found (they could be secrets).
  static func describe(_ error: DecodingError) -> String {
    func path(_ codingPath: [any CodingKey]) -> String {
      let text = codingPath.reduce(into: "") { text, key in
        if let index = key.intValue {
          text += "[\(index)]"
        } else {
          text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
        }
      }
      return text.isEmpty ? "the top level" : text
    }
    switch error {
    case .typeMismatch(let type, let context):
      return "at \(path(context.codingPath)): expected \(type)"
    case .valueNotFound(let type, let context):
      return "at \(path(context.codingPath)): expected \(type), found null"
    case .keyNotFound(let key, let context):
      return "at \(path(context.codingPath)): missing key \"\(key.stringValue)\""
    case .dataCorrupted(let context):
      return context.codingPath.isEmpty
        ? "the body is not valid JSON" : "at \(path(context.codingPath)): \(context.debugDescription)"
    @unknown default:
      return "the body does not match the expected type"
    }
  }
}
