import Storefront
import Testing

/// Screens' view models made once, where the app owns its screens.
@Suite(.timeLimit(.minutes(3)))
@MainActor
struct StorefrontScreensTests {
  @Test func aProductOnTheStackKeepsItsModelAcrossRedraws() async throws {
    let bed = try await TestBed.fakes()
    let screens = StorefrontScreens(environment: bed.environment)

    screens.catalogPath = [7]
    let shown = screens.detail(for: 7)

    #expect(screens.detail(for: 7) === shown)
    screens.searchPath = [7]
    screens.catalogPath = []
    #expect(screens.detail(for: 7) === shown, "still on the search stack")
  }

  @Test func aProductOpenedAgainAfterGoingBackGetsANewModel() async throws {
    let bed = try await TestBed.fakes()
    let screens = StorefrontScreens(environment: bed.environment)
    screens.catalogPath = [7]
    let first = screens.detail(for: 7)

    screens.catalogPath = []
    screens.catalogPath = [7]

    #expect(screens.detail(for: 7) !== first)
  }
}
