import Foundation
import Testing

@testable import StorefrontCLI

/// What `--help` and the demo print fits an 80-column terminal, and says what runs.
@Suite
struct HelpTextTests {
  static let topics: [String?] = [nil] + CommandTable.commands.map(\.name)

  @Test(arguments: topics)
  func everyHelpLineFitsEightyColumns(topic: String?) {
    let wide = HelpText.help(for: topic).split(separator: "\n").filter { $0.count > 80 }
    #expect(wide.isEmpty, "\(topic ?? "storefront"): \(wide)")
  }

  @Test func theDemoHelpCountsTheScenesThatRun() {
    #expect(HelpText.help(for: "demo").contains("Runs six scenes"))
  }

  @Test func theHelpListsEveryFileOfTheDataFolderAndTheSignalExits() {
    let help = HelpText.help(for: nil).replacingOccurrences(of: "\n", with: " ")
    for file in ["session.json", "favorites.json", "catalog.json", "products.json", "preferences.json"] {
      #expect(help.contains(file), "\(file)")
    }
    #expect(help.contains("130 for Ctrl-C, 143 for SIGTERM"))
  }

  @Test func theHelpNamesTheBrowsersCategoryKeyAndWhatThePreferencesKeep() {
    let help = HelpText.help(for: nil).replacingOccurrences(of: "\n", with: " ")
    #expect(help.contains("c lists one category"))
    #expect(help.contains("preferences.json (the sort order, the category and the last search)"))
  }

  @Test func aUsageLineWrapsUnderItsFirstArgument() {
    let usage = HelpText.usage(for: "products").split(separator: "\n")
    #expect(usage.count > 2 && usage.allSatisfy { $0.count <= 80 })
    #expect(usage[1].hasPrefix(String(repeating: " ", count: "Usage: storefront products ".count) + "["))
  }

  @Test func demoLinesWrapBetweenWordsUnderTheirIndent() {
    let line = "   ✓ the first load was dropped when the refresh began, so its page was never shown"
    let wrapped = DemoTour.wrapped(line, width: 40).split(separator: "\n", omittingEmptySubsequences: false)
    #expect(wrapped.allSatisfy { $0.count <= 40 }, "\(wrapped)")
    #expect(wrapped.count == 3)
    #expect(wrapped.dropFirst().allSatisfy { $0.hasPrefix("     ") && !$0.hasPrefix("      ") })
    #expect(wrapped.joined(separator: " ").split(separator: " ") == line.split(separator: " "))
    #expect(DemoTour.wrapped("\n" + "\u{1B}[1mbold\u{1B}[0m words", width: 10) == "\n\u{1B}[1mbold\u{1B}[0m words")
  }
}
