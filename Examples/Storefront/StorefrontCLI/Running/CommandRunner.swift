import Custody
import CustodyDevtools
import Foundation
import Storefront
import StorefrontFixtures

/// Runs one command against an open ``StorefrontEnvironment``, through its view models.
@MainActor
struct CommandRunner {
  let environment: StorefrontEnvironment
  let backend: Backend
  let console: Console
  let style: Style
  let options: GlobalOptions
  /// What every owner reports to, for the inspector panel and `stats`.
  let inspection: InspectorFeed
  /// Saved files that could not be used at start, one sentence each; printed as warnings, and
  /// shown by the browser too, whose screen would hide them until it quits.
  let warnings: [String]
  /// The live page of the owners, with `--devtools`; it serves for as long as the runner lives.
  var devtools: Devtools?
  /// Whether someone was signed in when the command began: a 401 then ended a session, and
  /// otherwise asks to sign in first.
  var beganSignedIn = false

  /// Opens the data directory and the backend; reports files that were corrupt and moved aside.
  static func open(_ invocation: Invocation, console: Console) async throws -> CommandRunner {
    let options = invocation.global
    let directory = DataDirectory.resolve(options.dataDirectory, environment: console.environment)
    try DataDirectory.check(directory)
    let backend = try await Backend.make(options, dataDirectory: directory)
    var configuration = StorefrontConfiguration(
      baseURL: backend.baseURL, transport: backend.transport, dataDirectory: directory,
      logoutPath: backend.embedded == nil ? nil : "/auth/logout")
    // Each server has a session of its own, sent to that server alone.
    configuration.server = backend.server
    configuration.defaultServer = Backend.embeddedServer
    let inspection = InspectorFeed()
    var inspectors = [inspection.inspector]
    if case .stats = invocation.command {
      // The scripted browse counts the same on every run: see `StatsJoinGate`.
      let gate = StatsJoinGate()
      configuration.transport = gate.transport(over: configuration.transport)
      inspectors.append(gate.inspector)
    }
    let devtools = options.devtools ? try await startDevtools(console: console) : nil
    if let devtools { inspectors.append(devtools.inspector) }
    configuration.inspector = inspectors.count == 1 ? inspectors[0] : InspectorGroup(inspectors)
    let environment: StorefrontEnvironment
    do {
      environment = try await StorefrontEnvironment.open(configuration)
    } catch {
      throw CommandFailure(error.description)
    }
    var problems = environment.loadProblems
    if let problem = backend.embedded?.loadProblem { problems.append(FailureCopy.fileProblem(problem)) }
    for problem in problems { console.writeError("storefront: warning: \(TerminalText.inert(problem))\n") }
    let style = Style(
      usesColor: Style.usesColor(
        isTerminal: console.outputIsTerminal, noColorFlag: options.noColor, environment: console.environment))
    return CommandRunner(
      environment: environment, backend: backend, console: console, style: style, options: options,
      inspection: inspection, warnings: problems, devtools: devtools, beganSignedIn: environment.session.user != nil)
  }

  /// Starts Custody Devtools on the loopback address and says where on stderr, where it stays
  /// out of the command's output.
  private static func startDevtools(console: Console) async throws -> Devtools {
    do {
      let devtools = try await Devtools.start()
      console.writeError("storefront: devtools: \(devtools.url.absoluteString)\n")
      return devtools
    } catch {
      throw CommandFailure(error.description)
    }
  }

  /// Runs `command` and returns the exit status; output goes to the console.
  func run(_ command: Command) async throws -> Int32 {
    switch command {
    case .browse:
      if console.inputIsTerminal && console.outputIsTerminal {
        return await BrowserApp(
          environment: environment, style: style, backendName: backendName, warnings: warnings,
          inspection: inspection, forgetsEdits: backend.embedded != nil,
          devtoolsAddress: devtools?.url.absoluteString
        ).run()
      }
      console.write(try await products(ProductsRequest()))
    case .products(let request): console.write(try await products(request))
    case .search(let query, let json): console.write(try await search(query, json: json))
    case .product(let id, let json): console.write(try await product(id, json: json))
    case .categories(let json): console.write(try await categories(json: json))
    case .favorites(let json): console.write(try await favorites(json: json))
    case .favorite(let ids): return try await setFavorites(true, ids)
    case .unfavorite(let ids): return try await setFavorites(false, ids)
    case .edit(let id, let title, let price): console.write(try await edit(id, title: title, price: price))
    case .login(let username, let fromStandardInput):
      console.write(try await login(username, passwordFromStandardInput: fromStandardInput))
    case .logout: console.write(try await logout())
    case .whoami(let json): console.write(try await whoami(json: json))
    case .stats(let json): console.write(try await stats(json: json))
    case .demo, .help, .version: break
    }
    return 0
  }

  /// Waits until every file the command changed is on disk.
  ///
  /// Process lifecycle, not screen logic: the command line's equivalent of an app saving as
  /// it moves to the background.
  func close() async {
    try? await environment.offlineCatalog.flush()
    try? await environment.repository.flush()
    try? await environment.preferences.flush()
    try? await environment.session.flush()
    try? await backend.embedded?.flush()
  }

  /// Words for a session the server ended while `command` ran (its renewal was refused), said
  /// once: `nil` when none ended, when the browser said it on its screen, or when `failure`,
  /// the command's own error, says it already.
  func sessionEndedWarning(after command: Command, failure: (any Error)?) async -> String? {
    guard await environment.session.tokens.session == .signedOut(.sessionExpired) else { return nil }
    if case .browse = command, console.inputIsTerminal && console.outputIsTerminal { return nil }
    let said: String? =
      switch failure {
      case let failure as CommandFailure: failure.message
      case let failure as UsageError: failure.message
      case let failure?: FailureCopy.message(for: failure)
      case nil: nil
      }
    let ended = [SessionViewModel.sessionEndedMessage, FailureCopy.message(for: .unauthorized)].compactMap { $0 }
    if let said, ended.contains(where: said.contains) { return nil }
    return "Your session has ended, so this ran signed out. Sign in again with `storefront login USERNAME`."
  }

  /// `embedded` or the server's host, for the status line.
  var backendName: String {
    backend.embedded == nil ? backend.baseURL.host() ?? backend.baseURL.absoluteString : "embedded"
  }
}
