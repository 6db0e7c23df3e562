import Custody
import Foundation
import Storefront

extension CommandRunner {
  /// The words for a failure of the backend or the network. With `--server` they name the
  /// server, and a refused connection on this machine is not called being offline.
  func failure(_ category: FailureCategory?, message: String?) -> CommandFailure {
    if let server = options.server {
      let address = server.absoluteString
      switch category {
      case .offline? where Self.isLoopback(server):
        return CommandFailure(
          "Cannot reach \(address). Nothing answers there: check that the server is running and the address is right.")
      case .offline?:
        return CommandFailure("Cannot reach \(address). Check your connection and the address, then try again.")
      case .timedOut?
      where message.map({ $0 != FailureCopy.message(for: .timedOut) }) == true:  // a deadline, which it words
        return CommandFailure("\(address) is too slow. \(message ?? "")")
      case .timedOut?:
        return CommandFailure("Cannot reach \(address). It took too long to answer; try again.")
      default: break
      }
    }
    return CommandFailure(message ?? category.flatMap(FailureCopy.message(for:)) ?? "Something went wrong. Try again.")
  }

  /// ``failure(_:message:)`` for a listing (products, a search, the categories). Any Storefront
  /// server has those routes, so a 404 means the address is not the API's root, not that a
  /// product is gone.
  func listingFailure(_ category: FailureCategory?, message: String?) -> CommandFailure {
    if category == .notFound, let server = options.server {
      return CommandFailure(
        "\(server.absoluteString) has no Storefront API (it answered 404 Not Found). "
          + "Give --server the API's root, such as https://dummyjson.com.")
    }
    return failure(category, message: message)
  }

  /// After a 404 for a product: fails with ``listingFailure(_:message:)`` when the `--server`
  /// address has no Storefront API at all (its category list is not found either), so a wrong
  /// address is not reported as a missing product.
  func checkServerHasTheAPI() async throws {
    guard options.server != nil else { return }
    let categories = CategoriesViewModel(environment: environment)
    await categories.load()
    if categories.state.failure == .notFound { throw listingFailure(.notFound, message: categories.message) }
  }

  /// A file in the data folder could not be written.
  func storageFailure(_ what: String) -> CommandFailure {
    CommandFailure(
      "Saving \(what) in \(environment.configuration.dataDirectory.path) failed. Check that the folder may be "
        + "written to and the disk has free space, or choose another folder with --data-dir PATH.")
  }

  private static func isLoopback(_ url: URL) -> Bool {
    guard let host = url.host()?.lowercased() else { return false }
    return host == "localhost" || host.hasSuffix(".localhost") || host.hasPrefix("127.") || host == "::1"
      || host == "[::1]"
  }
}
