import StorefrontCLI

/// `storefront`: everything lives in StorefrontCLI, so it can be tested and fuzzed as a library.
@main
struct StorefrontMain {
  static func main() async {
    await StorefrontCommand.main(arguments: Array(CommandLine.arguments.dropFirst()))
  }
}
