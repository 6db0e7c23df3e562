import Custody
import CustodyTesting
import Foundation
import Testing

/// A TokenStore saving its credential with a FileStore, across restarts.
@Suite(.timeLimit(.minutes(1)))
struct TokenStorePersistenceTests {
  let folder: TemporaryFolder
  let harness = TokenHarness()

  init() throws { folder = try TemporaryFolder() }

  private func makeFile() async -> FileStore<Credential?> {
    await FileStore.open(url: folder.file("credential.json"), default: nil, protection: .ownerOnly)
  }

  private func makeStore(_ file: FileStore<Credential?>) -> TokenStore {
    TokenStore(
      credential: file.value, now: { [harness] in harness.wallClock.now }, clock: harness.clock,
      persist: { file.save($0) }, refresh: { [harness] old in try await harness.refresh(old) })
  }

  // T1, T5: the wall-clock expiry survives a restart, and the credential file is 0600.
  @Test func persistedCredentialKeepsItsExpiryAcrossARestart() async throws {
    let file = await makeFile()
    let store = makeStore(file)
    await store.signIn(harness.credential("a", expiresIn: 120))
    try await file.flush()
    #expect(try folder.permissions(of: "credential.json") == 0o600)

    harness.wallClock.advance(by: .seconds(100))  // the app was closed meanwhile
    let restartedFile = await makeFile()
    let restarted = makeStore(restartedFile)
    let caller = Task { try await restarted.validCredential() }
    let call = try await harness.refresh.waitForCalls(1)[0]
    #expect(call.input.accessToken == "a", "the restored credential expires within the leeway")
    call.resolve(harness.credential("b"))
    #expect(await caller.tokenEnding == .credential("b"))

    try await restartedFile.flush()
    #expect(await makeFile().value?.accessToken == "b", "the refreshed credential is saved")
  }

  @Test func signOutErasesTheSavedCredential() async throws {
    let file = await makeFile()
    let store = makeStore(file)
    await store.signIn(harness.credential("a"))
    await store.signOut()
    try await file.flush()
    #expect(await makeFile().value == nil)
  }
}
