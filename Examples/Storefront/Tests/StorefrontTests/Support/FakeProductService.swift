import Custody
import CustodyTesting
import Storefront

/// A `ProductService` whose every call waits until the test answers it.
struct FakeProductService: ProductService {
  struct Update: Sendable, Hashable {
    var id: Product.ID
    var changes: ProductChanges
  }

  let pages: ControlledOperation<ProductQuery, ProductPage>
  let searches: ControlledOperation<String, ProductPage>
  let details = ControlledOperation<Product.ID, Product>()
  let updates = ControlledOperation<Update, Product>()

  /// - Parameter lateAnswers: Whether page and search requests keep waiting for an answer when
  ///   their caller is cancelled, as a server that answers anyway, late.
  init(lateAnswers: Bool = false) {
    pages = ControlledOperation(onCancel: lateAnswers ? .ignore : .throwCancellationError)
    searches = ControlledOperation(onCancel: lateAnswers ? .ignore : .throwCancellationError)
  }

  func products(_ query: ProductQuery) async throws -> ProductPage { try await pages(query) }
  func search(_ text: String, limit: Int, skip: Int) async throws -> ProductPage { try await searches(text) }
  func product(id: Product.ID) async throws -> Product { try await details(id) }
  func categories() async throws -> [ProductCategory] { [] }
  func update(id: Product.ID, changes: ProductChanges) async throws -> Product {
    try await updates(Update(id: id, changes: changes))
  }
}

/// An `AuthService` whose every call waits until the test answers it.
struct FakeAuthService: AuthService {
  struct Login: Sendable, Hashable {
    var username: String
    var password: String
  }

  let logins = ControlledOperation<Login, SignedIn>()
  let refreshes = ControlledOperation<Credential, Credential>()
  let users = ControlledOperation<Void, User>()

  func login(username: String, password: String) async throws -> SignedIn {
    try await logins(Login(username: username, password: password))
  }
  func refresh(_ credential: Credential) async throws -> Credential { try await refreshes(credential) }
  func me() async throws -> User { try await users() }
}
