import Storefront

extension CommandRunner {
  /// `login USERNAME`: the session view model, with the password from standard input or a
  /// prompt that does not echo.
  func login(_ username: String, passwordFromStandardInput: Bool) async throws -> String {
    let password: String
    if passwordFromStandardInput {
      guard let line = console.readLine(), !line.isEmpty else {
        throw UsageError("--password-stdin found no password on standard input.", command: "login")
      }
      password = line
    } else if console.inputIsTerminal {
      let prompt = "Password for \(TerminalText.inert(username)): "
      guard let typed = PasswordPrompt.read(prompt: prompt, console: console) else {
        throw CommandFailure("No password entered.")
      }
      password = typed
    } else {
      throw UsageError("Standard input is not a terminal; pass the password with --password-stdin.", command: "login")
    }
    let account = SessionViewModel(environment: environment)
    account.username = username
    account.password = password
    guard await account.signIn(), let user = account.user else {
      throw failure(account.failure, message: account.message)
    }
    return TerminalText.inert("Signed in as \(user.displayName) (\(user.username)).") + "\n"
  }

  /// `logout`.
  func logout() async throws -> String {
    let account = SessionViewModel(environment: environment)
    guard account.user != nil else { return "Not signed in.\n" }
    await account.signOut()
    if let message = account.message { throw CommandFailure(message) }  // still signed in: not done
    return "Signed out.\n"
  }

  /// `whoami`: asks the server, renewing an expired access token on the way.
  func whoami(json: Bool) async throws -> String {
    let account = SessionViewModel(environment: environment)
    guard account.user != nil else {
      throw CommandFailure("Not signed in. Sign in with `storefront login USERNAME`.")
    }
    await account.whoAmI()
    guard account.message == nil, let user = account.user else {
      throw failure(account.failure, message: account.message)
    }
    if json { return await JSONOutput.encode(JSONOutput.Account(user: user)) }
    let rest = TerminalText.inert(" (\(user.username))" + (user.email.map { ", \($0)" } ?? ""))
    return style.bold(TerminalText.inert(user.displayName)) + rest + "\n"
  }
}
