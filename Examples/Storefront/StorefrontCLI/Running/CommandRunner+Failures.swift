import Custody
import Foundation
import Storefront

extension CommandRunner {
  /// The words for a failure of the backend or the network: the view model's, which the
  /// browser shows too, and with `--server` the address, for a failure to reach it.
  func failure(_ category: FailureCategory?, message: String?) -> CommandFailure {
    if category == .unauthorized, !beganSignedIn {
      return CommandFailure(FailureCopy.signInFirst + " Sign in with `storefront login USERNAME`.")
    }
    let words = message ?? category.flatMap(FailureCopy.message(for:)) ?? "Something went wrong. Try again."
    if let server = options.server, category == .offline || category == .timedOut {
      return CommandFailure("\(words) (--server \(server.absoluteString))")
    }
    return CommandFailure(words)
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
}
