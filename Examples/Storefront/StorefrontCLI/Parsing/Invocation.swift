import Foundation
import Storefront

/// What the user asked for, with every value checked and typed.
public struct Invocation: Sendable, Hashable {
  public var global: GlobalOptions
  public var command: Command

  public init(global: GlobalOptions = GlobalOptions(), command: Command) {
    self.global = global
    self.command = command
  }

  /// Parses and checks a command line (without the program name).
  ///
  /// ```swift
  /// let invocation = try Invocation.parse(["products", "--limit", "5", "--json"])
  /// ```
  ///
  /// - Throws: ``UsageError`` naming what is wrong and the command whose usage to show.
  public static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
    let parsed = try ParsedArguments.parse(arguments)
    var reader = ArgumentReader(parsed)
    let global = try GlobalOptions(&reader)
    if reader.flag("version") { return Invocation(global: global, command: .version) }
    if reader.flag("help") { return Invocation(global: global, command: .help(topic: parsed.command)) }
    return Invocation(global: global, command: try Command(&reader))
  }
}

/// Options that apply to every command.
public struct GlobalOptions: Sendable, Hashable {
  /// The API's base URL; `nil` for the embedded backend.
  public var server: URL?
  public var latency: Duration?
  public var failureRate: Double?
  public var tokenLifetime: Duration?
  /// Requests the embedded backend answers per ``rateLimitWindow`` before it answers 429.
  public var rateLimit: Int?
  /// Whether the embedded backend's product saves are held until SIGUSR1, then fail (`HeldSaves`).
  public var holdSaves = false
  /// As given; `nil` for the default (`$XDG_DATA_HOME/storefront` or `~/.local/share/storefront`).
  public var dataDirectory: String?
  public var noColor = false
  /// Whether owners are shown live in a browser (Custody Devtools) while the command runs.
  public var devtools = false

  /// The window `--rate-limit` counts in: the public service's.
  public static let rateLimitWindow = Duration.seconds(10)

  public init() {}

  init(_ reader: inout ArgumentReader) throws(UsageError) {
    if let text = reader.value("server") {
      guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
        url.host() != nil
      else { throw reader.error("--server needs an http or https URL, such as https://dummyjson.com.") }
      server = url
    }
    latency = try reader.integer("latency", in: 0...60_000).map { .milliseconds($0) }
    if let text = reader.value("failure-rate") {
      guard let rate = Double(text), (0...1).contains(rate) else {
        throw reader.error("--failure-rate needs a number from 0 to 1, such as 0.2.")
      }
      failureRate = rate
    }
    tokenLifetime = try reader.integer("token-lifetime", in: 1...2_592_000).map { .seconds($0) }
    rateLimit = try reader.integer("rate-limit", in: 1...1_000_000)
    holdSaves = reader.flag("hold-saves")
    if let path = reader.value("data-dir") {
      guard !path.isEmpty else { throw reader.error("--data-dir needs a folder path.") }
      dataDirectory = path
    }
    noColor = reader.flag("no-color")
    devtools = reader.flag("devtools")
    if server != nil, latency != nil || failureRate != nil || tokenLifetime != nil || rateLimit != nil || holdSaves {
      throw reader.error(
        "--latency, --failure-rate, --token-lifetime, --rate-limit and --hold-saves apply to the embedded backend, not --server."
      )
    }
  }
}

/// The work to do.
public enum Command: Sendable, Hashable {
  /// No subcommand: the interactive browser on a terminal, the first page otherwise.
  case browse
  case products(ProductsRequest)
  case search(query: String, json: Bool)
  case product(id: Product.ID, json: Bool)
  case categories(json: Bool)
  case login(username: String, passwordFromStandardInput: Bool)
  case logout
  case whoami(json: Bool)
  case favorites(json: Bool)
  /// `favorite ID...`: the ids in the order given, each once.
  case favorite(ids: [Product.ID])
  case unfavorite(ids: [Product.ID])
  case edit(id: Product.ID, title: String?, price: String?)
  /// The tour; `inspect` prints each scene's owner events.
  case demo(inspect: Bool)
  /// A scripted browse, then every owner's counters.
  case stats(json: Bool)
  /// Help for a command, `json`, or `nil` for storefront itself.
  case help(topic: String?)
  case version

  init(_ reader: inout ArgumentReader) throws(UsageError) {
    let json = reader.flag("json")
    switch reader.command {
    case nil: self = .browse
    case "products": self = .products(try ProductsRequest(&reader, json: json))
    case "search":
      let query = try reader.positional(0)
      guard !query.trimmingCharacters(in: .whitespaces).isEmpty else { throw reader.error("QUERY cannot be empty.") }
      self = .search(query: query, json: json)
    case "product": self = .product(id: try reader.productID(), json: json)
    case "categories": self = .categories(json: json)
    case "login":
      self = .login(username: try reader.positional(0), passwordFromStandardInput: reader.flag("password-stdin"))
    case "logout": self = .logout
    case "whoami": self = .whoami(json: json)
    case "favorites": self = .favorites(json: json)
    case "favorite": self = .favorite(ids: try reader.productIDs())
    case "unfavorite": self = .unfavorite(ids: try reader.productIDs())
    case "edit":
      let id = try reader.productID()
      let title = reader.value("title")
      let price = reader.value("price")
      guard title != nil || price != nil else { throw reader.error("Give --title, --price or both.") }
      self = .edit(id: id, title: title, price: price)
    case "demo": self = .demo(inspect: reader.flag("inspect"))
    case "stats": self = .stats(json: json)
    default:
      let topic = reader.positionals.first
      if let topic, topic != "json", CommandTable.command(named: topic) == nil {
        throw UsageError("Unknown command '\(topic)'.")
      }
      self = .help(topic: topic)
    }
  }
}

/// `products`' options.
public struct ProductsRequest: Sendable, Hashable {
  public var limit = 30
  public var skip = 0
  public var sort: ProductSort?
  public var category: String?
  public var json = false

  public init(limit: Int = 30, skip: Int = 0, sort: ProductSort? = nil, category: String? = nil, json: Bool = false) {
    self.limit = limit
    self.skip = skip
    self.sort = sort
    self.category = category
    self.json = json
  }

  init(_ reader: inout ArgumentReader, json: Bool) throws(UsageError) {
    self.json = json
    limit = try reader.integer("limit", in: 1...500) ?? 30
    skip = try reader.integer("skip", in: 0...1_000_000) ?? 0
    let field = try reader.choice("sort", ProductSort.Field.self)
    let order = try reader.choice("order", ProductSort.Order.self)
    if order != nil && field == nil { throw reader.error("--order needs --sort.") }
    sort = field.map { ProductSort($0, order ?? .ascending) }
    if let slug = reader.value("category") {
      guard !slug.isEmpty, slug.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) else {
        throw reader.error("--category needs a slug such as smartphones (see `storefront categories`).")
      }
      category = slug.lowercased()
    }
  }
}
