import Foundation
import Storefront

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The `storefront` program: parses the command line, opens the app's environment and runs
/// one command, or the interactive browser.
///
/// Like a SwiftUI app it drives the Storefront view models and renders their state; it never
/// calls a service. The main actor runs everything that touches a view model.
@MainActor
public enum StorefrontCommand {
  public nonisolated static let version = "0.1.0"

  /// Runs the program and exits with its status; 1 at least when the output could not be written.
  public static func main(arguments: [String]) async -> Never {
    let console = Console.standard()
    var status = await run(arguments, console: console)
    if let problem = console.outputFailure() {
      console.writeError("storefront: The output could not be written (\(problem)).\n")
      status = max(status, 1)
    }
    exit(status)
  }

  /// Runs the program with `console` as its standard streams and returns its exit status:
  /// 0 success; 1 the command failed: the server refused it (a wrong password, an unknown
  /// category or product) or the server, the network or the disk failed; 2 a usage error.
  public static func run(_ arguments: [String], console: Console) async -> Int32 {
    let invocation: Invocation
    do {
      invocation = try Invocation.parse(arguments)
    } catch {
      console.writeError("storefront: \(TerminalText.inert(error.message))\n" + HelpText.usage(for: error.command))
      return 2
    }
    switch invocation.command {
    case .help(let topic):
      console.write(HelpText.help(for: topic))
      return 0
    case .version:
      console.write("storefront \(version)\n")
      return 0
    case .demo(let inspect):
      let style = Style(
        usesColor: Style.usesColor(
          isTerminal: console.outputIsTerminal, noColorFlag: invocation.global.noColor,
          environment: console.environment))
      return await DemoTour(console: console, style: style, inspects: inspect).run()
    default:
      break
    }
    do {
      let runner = try await CommandRunner.open(invocation, console: console)
      // Closed whether the command succeeds or not: a failure can change files too, as when
      // the server ended the session and the session file must forget it.
      let outcome: Result<Int32, any Error>
      do { outcome = .success(try await runner.run(invocation.command)) } catch { outcome = .failure(error) }
      await runner.close()
      let failure: (any Error)? = if case .failure(let error) = outcome { error } else { nil }
      if let warning = await runner.sessionEndedWarning(after: invocation.command, failure: failure) {
        console.writeError("storefront: warning: \(warning)\n")
      }
      return try outcome.get()
    } catch let error as UsageError {
      console.writeError("storefront: \(TerminalText.inert(error.message))\n" + HelpText.usage(for: error.command))
      return 2
    } catch let error as CommandFailure {
      console.writeError("storefront: \(TerminalText.inert(error.message))\n")
      return 1
    } catch {
      console.writeError("storefront: \(FailureCopy.message(for: error) ?? "Cancelled.")\n")
      return 1
    }
  }
}
