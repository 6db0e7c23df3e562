import CustodyHTTP
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process the transport's idle-cost check runs: it sends one GET to the URL of its first
/// argument through `URLSessionTransport`, with the total deadline of its second (in seconds) and
/// a longer idle timeout, and prints one line when the request ends:
/// `cpu SECONDS outcome WORDS`, the CPU time (user and system) the process spent while it waited.
///
/// A process of its own, so the CPU time counts this wait only, not the tests running beside it.
@main
struct HTTPWait {
  static func main() async {
    let arguments = CommandLine.arguments
    guard arguments.count == 3, let url = URL(string: arguments[1]), let seconds = Double(arguments[2]) else {
      FileHandle.standardError.write(Data("usage: custody-http-wait URL DEADLINE-SECONDS\n".utf8))
      exit(64)
    }
    let transport = URLSessionTransport(
      configuration: .init(timeout: .seconds(seconds * 3), deadline: .seconds(seconds)))
    let before = cpuSeconds()
    let outcome: String
    do {
      let response = try await transport.send(HTTPRequest(url: url))
      outcome = "HTTP \(response.status)"
    } catch {
      outcome = "\(HTTPError(describing: error))"
    }
    let spent = cpuSeconds() - before
    print("cpu \(spent) outcome \(outcome)")
  }

  /// The user and system time this process has used, in seconds.
  static func cpuSeconds() -> Double {
    var usage = rusage()
    #if canImport(Glibc)
      getrusage(RUSAGE_SELF.rawValue, &usage)
    #else
      getrusage(RUSAGE_SELF, &usage)
    #endif
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
  }
}

extension HTTPError {
  /// The transport's failure as the client would report it.
  init(describing error: any Error) {
    self = error as? HTTPError ?? .transport(code: 0, reason: "\(error)")
  }
}
