import CustodyHTTP
import Foundation
import StorefrontFixtures
import Testing

/// The requests of the public service's contract that need no session, answered as it
/// answered them: the same status, body kind, envelope, field names and message.
@Suite(.timeLimit(.minutes(1)))
struct ContractTests {
  static let listing: [ContractCase] = [
    .get("/products?limit=5&skip=10&select=title,price").keys(ContractKeys.page).items(["id", "title", "price"])
      .count(.exactly(5)).skip(10),
    .get("/products?limit=0&select=title").keys(ContractKeys.page).count(.all),
    .get("/products?skip=1000&limit=5").keys(ContractKeys.page).count(.exactly(0)).skip(1_000),
    .get("/products?limit=-1&select=title").items(["id", "title"]).count(.allButLast),
    .get("/products?skip=-5&limit=2&select=title").count(.exactly(2)).skip(-5),
    .get("/products?limit=&select=title").keys(ContractKeys.page).count(.exactly(0)),
    .get("/products?limit=1e3&select=title").count(.exactly(1)),
    .get("/products?limit=2.7&select=title").count(.exactly(2)),
    .get("/products?limit=abc", 400).keys(ContractKeys.message).message("Invalid 'limit' - must be a number"),
    .get("/products?skip=abc", 400).message("Invalid 'skip' - must be a number"),
    .get("/products?sortBy=price&order=up", 400).message("Order can be: 'asc' or 'desc'"),
    .get("/products?order=up&limit=1&select=title").count(.exactly(1)),
    .get("/products?sortBy=price&order=DESC&limit=2&select=price").items(["id", "price"]).count(.exactly(2)),
    .get("/products?sortBy=nope&limit=3&select=title").count(.exactly(3)),
    .get("/products?limit=1&select=nope").items(["id"]),
    .get("/products?limit=1&delay=abc&select=title", 400).message("Delay must be a number in milliseconds"),
    .get("/products?limit=1&delay=6000&select=title", 400).message("Delay cannot be greater than 5 seconds"),
    .get("/products/search?q=&limit=2&select=title").keys(ContractKeys.page).count(.exactly(2)),
    .get("/products/search?limit=2&select=title").count(.exactly(2)),
    .get("/products/categories").keys(["slug", "name", "url"]),
    .get("/products/category/laptops?limit=2&select=title,category").items(["id", "title", "category"]),
    .get("/products/category/LAPTOPS?limit=1&select=title").count(.exactly(1)),
    .get("/products/category/nope").keys(ContractKeys.page).count(.exactly(0)),
  ]

  static let products: [ContractCase] = [
    .get("/products/1").keys(ContractKeys.product),
    .get("/products/1?select=title,price").keys(["id", "title", "price"]),
    .get("/products/01?select=title", 404).keys(ContractKeys.message).message("Product with id '01' not found"),
    .get("/products/abc", 404).message("Product with id 'abc' not found"),
    .get("/products/999999", 404).message("Product with id '999999' not found"),
    .send(.put, "/products/1", #"{"title":"iPhone Galaxy +1","price":123}"#, 200).keys(ContractKeys.update),
    .send(.put, "/products/1", #"{"price":0}"#, 200).keys(ContractKeys.update),
    .send(.put, "/products/1", #"{"price":-5}"#, 200).keys(ContractKeys.update),
    .send(.put, "/products/1", #"{"price":"abc"}"#, 200).keys(ContractKeys.update),
    .send(.put, "/products/1", "[1]", 200).keys(ContractKeys.update),
    .send(.put, "/products/1", "{bad", 400).message("Expected property name or '}' in JSON at position 1"),
    .send(.patch, "/products/1", #"{"title":"Patched title"}"#, 200).keys(ContractKeys.update),
    .send(.put, "/products/999999", #"{"title":"x"}"#, 404).message("Product with id '999999' not found"),
    .send(.post, "/products/add", #"{"title":"BMW Pencil","price":5}"#, 201).keys(["id", "title", "price"]),
    .send(.delete, "/products/1", nil, 200).keys(ContractKeys.product.union(["isDeleted", "deletedOn"])),
    .get("/users/1?select=username").keys(["id", "username"]),
    .get("/users/1").keys(ContractKeys.user),
    .get("/users?limit=2&select=firstName,username").keys(ContractKeys.users).items(["id", "firstName", "username"])
      .count(.exactly(2)),
  ]

  static let paths: [ContractCase] = [
    .get("/products/?limit=1&select=title", 301, kind: .text).location("/products?limit=1&select=title"),
    .get("/products/1/?select=title", 301, kind: .text).location("/products/1?select=title"),
    .get("//products?limit=1&select=title", 404, kind: .html),
    .get("/no-such-thing", 404, kind: .html),
    .send(.post, "/no-such-thing", "{}", 404).with(kind: .html),
    .send(.delete, "/products", nil, 404).with(kind: .html),
  ]

  static let anonymousAuth: [ContractCase] = [
    .send(.post, "/auth/login", #"{"username":"emilys","password":"nope"}"#, 400).message("Invalid credentials"),
    .send(.post, "/auth/login", #"{"username":"emilys"}"#, 400).message("Username and password required"),
    .send(.post, "/auth/login", #"{"username":5,"password":"x"}"#, 400).message("Username is not valid"),
    .send(.post, "/auth/login", #"{"username":"emilys","password":"emilyspass","expiresInMins":100000}"#, 500)
      .message("Maximum access token expire time can be 43200 minutes"),
    .send(.post, "/auth/login", "{bad", 400).message("Expected property name or '}' in JSON at position 1"),
    .send(.post, "/auth/login", #"{"username":"EMILYS","password":"emilyspass"}"#, 200).keys(ContractKeys.login),
    .send(.post, "/auth/login", #"{"username":"alexanderj","password":"alexanderjpass"}"#, 200)
      .keys(ContractKeys.login),
    .get("/auth/me", 401).keys(ContractKeys.message).message("Access Token is required"),
    .get("/auth/products/1?select=title", 401).message("Access Token is required"),
    .send(.post, "/auth/logout", nil, 401).message("Access Token is required"),
    .send(.post, "/auth/refresh", #"{"refreshToken":"garbage"}"#, 403).message("Invalid refresh token"),
    .send(.post, "/auth/refresh", "{}", 401).message("Refresh token required"),
  ]

  @Test(arguments: listing + products + paths + anonymousAuth)
  func answersAsThePublicServiceDid(_ contract: ContractCase) async throws {
    let response = try await Server().send(contract.method, contract.path, json: contract.body)

    contract.verify(response)
  }

  @Test func aRedirectKeepsTheBasePathOfTheBaseURL() async throws {
    let server = try Server { $0.baseURL = URL(string: "https://shop.invalid/api/v1")! }

    let response = try await server.send(.get, "/products/?limit=2")

    ContractCase.get("", 301, kind: .text).location("/api/v1/products?limit=2").verify(response)
  }
}

extension ContractCase {
  fileprivate func with(kind: Kind) -> ContractCase {
    var copy = self
    copy.kind = kind
    return copy
  }
}
