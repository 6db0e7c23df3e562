import CustodyAudit
import Testing

@Suite(.timeLimit(.minutes(1)))
struct CancellationAsFailureTests {
  @Test(arguments: [
    "state = .failed(error)",
    "errorMessage = \"Something went wrong.\"",
    "self.alert = Alert(error)",
    "showError(error)",
    "$phase.wrappedValue = .failed(error)",
    "if let server = error as? ServerError, server.code == 404 { dismiss() } else { state = .failed(error) }",
    "if error is DecodingError { state = .corrupt } else if let e = error as? URLError { banner = e } else { toast = Toast(error) }",
  ])
  func flagsACatchAllThatShowsEveryErrorAsAFailure(_ reaction: String) async {
    let findings = await Audit.findings(
      """
      @MainActor @Observable final class ProductViewModel {
        func load() async {
          do {
            product = try await api.product(id)
          } catch {
            \(reaction)
          }
        }
      }
      """)
    #expect(findings.map(\.rule) == [.cancellationAsFailure])
    #expect(findings.first?.line == 5)
  }

  @Test func acceptsACancellationBranchFirst() async {
    let rules = await Audit.rules(
      """
      @MainActor @Observable final class ProductViewModel {
        func load() async {
          do {
            product = try await api.product(id)
          } catch is CancellationError {
            return
          } catch {
            state = .failed(error)
          }
        }
      }
      """)
    #expect(rules.isEmpty)
  }

  @Test(arguments: [
    "if error is CancellationError { return }\n      state = .failed(error)",
    "guard !Task.isCancelled else { return }\n      state = .failed(error)",
    "if let words = Copy.message(for: error) { message = words }",
    "throw CatalogError(underlying: error)",
    "result = .failure(error)",
  ])
  func acceptsACatchThatLetsCancellationThrough(_ reaction: String) async {
    let rules = await Audit.rules(
      """
      final class Loader {
        func load() async throws {
          do {
            product = try await api.product(id)
          } catch {
            \(reaction)
          }
        }
      }
      """)
    #expect(rules.isEmpty)
  }

  @Test func acceptsACatchInSynchronousCode() async {
    let rules = await Audit.rules(
      """
      func decode(_ data: Data) {
        do {
          page = try JSONDecoder().decode(Page.self, from: data)
        } catch {
          state = .failed(error)
        }
      }
      """)
    #expect(rules.isEmpty)
  }

  // Clearing a flag or an error, and keeping the error in a local that is thrown later, show
  // no failure: `isSendingMessage` says "message", `savedError` says "error".
  @Test(arguments: [
    "isSendingMessage = false",
    "loadError = nil",
    "savedError = error",
  ])
  func acceptsClearingAndAnErrorKeptForLater(_ reaction: String) async {
    let rules = await Audit.rules(
      """
      @MainActor @Observable final class ThreadViewModel {
        func send() async throws {
          var savedError: (any Error)?
          do {
            try await api.send(draft)
          } catch {
            \(reaction)
          }
          if let savedError { throw savedError }
        }
      }
      """)
    #expect(rules.isEmpty)
  }

  // `Task { @MainActor in }` is read like `Task { }`: a kept handle can be cancelled.
  @Test func readsAMainActorTaskWhoseHandleIsKept() async {
    let findings = await Audit.findings(
      """
      @MainActor final class UploadViewModel {
        var upload: Task<Void, Never>?
        func start() {
          upload = Task { @MainActor in
            do {
              try await api.upload(file)
            } catch {
              self.error = error
            }
          }
        }
        func stop() { upload?.cancel() }
      }
      """)
    #expect(findings.map(\.rule) == [.cancellationAsFailure])
    #expect(findings.first?.line == 7)
  }

  // A Task whose handle is dropped cannot be cancelled from outside: its catch sees no
  // cancellation a screen caused.
  @Test func acceptsACatchInATaskNobodyCanCancel() async {
    let rules = await Audit.rules(
      """
      @MainActor final class RenameController {
        func rename(_ name: String) {
          Task { @MainActor in
            do {
              try await account.rename(name)
            } catch {
              presentError(error)
            }
          }
        }
      }
      """)
    #expect(rules.isEmpty)
  }

  // A private async function its file only starts from a button's dropped Task: nothing can
  // cancel it. The same function awaited from `.task { }` can be cancelled with the screen.
  @Test func followsAPrivateFunctionToWhereItStarts() async {
    func source(_ start: String) -> String {
      """
      struct SupportView: View {
        @State private var failed = false
        var body: some View {
          \(start)
        }
        private func purchase() async {
          do {
            _ = try await store.purchase(product)
          } catch {
            failed = true
            errorShown = true
          }
        }
      }
      """
    }
    #expect(await Audit.rules(source("Button(\"Buy\") { Task { await purchase() } }")).isEmpty)
    #expect(await Audit.rules(source("Text(\"Buy\").task { await purchase() }")) == [.cancellationAsFailure])
  }

  // Resetting a row's state to `.none` after a failure is no failure shown.
  @Test func acceptsAResetOfState() async {
    let rules = await Audit.rules(
      """
      func follow(_ row: Row) async {
        do {
          try await api.follow(row.id)
        } catch {
          row.requestState = .init(state: .none)
        }
      }
      """)
    #expect(rules.isEmpty)
  }

  @Test func leavesABranchForSomeErrorsAndALocalReplyAlone() async {
    let rules = await Audit.rules(
      """
      @MainActor @Observable final class ProductViewModel {
        func load() async {
          do {
            product = try await api.product(id)
          } catch let failure {
            if let server = failure as? ServerError { state = .failed(server) } else { log(failure) }
          }
        }
        func send() async -> Reply {
          do {
            return try await api.send(draft)
          } catch {
            let reply = Reply(code: .failure)
            reply.failureReason = error.localizedDescription
            return reply
          }
        }
      }
      """)
    #expect(rules.isEmpty)
  }
}
