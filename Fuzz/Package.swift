// swift-tools-version: 6.2
import PackageDescription

// libFuzzer targets for Custody, kept out of the main package. Build and run them with
// `scripts/fuzz`; each executable defines `LLVMFuzzerTestOneInput` and gets its `main` from
// libFuzzer (`-sanitize=fuzzer,address`).
let package = Package(
  name: "CustodyFuzz",
  platforms: [.macOS(.v14)],
  dependencies: [.package(name: "Custody", path: "..")],
  targets: [
    .target(name: "FuzzSupport"),
    // The example app's targets are not products of the main package, so their sources are
    // compiled here again, through symlinks: Storefront and its embedded backend whole, and the
    // command line's parsing and line-editing files (its other files need package access).
    // Both use the library's package-level lock, and the fixtures its package-level `Duration`
    // helper, compiled into each through a symlink too.
    // How the app and its backend read typed text (prices), shared by both.
    .target(name: "StorefrontText"),
    .target(
      name: "Storefront",
      dependencies: [
        "StorefrontText", .product(name: "Custody", package: "Custody"),
        .product(name: "CustodyHTTP", package: "Custody"),
      ]),
    .target(
      name: "StorefrontFixtures",
      dependencies: [
        "StorefrontText", .product(name: "Custody", package: "Custody"),
        .product(name: "CustodyHTTP", package: "Custody"),
      ]),
    .target(name: "StorefrontCLIParsing", dependencies: ["Storefront"]),
    // The command line's line editor and key decoder, with the text helpers they draw with.
    .target(name: "StorefrontCLIEditing"),
    .executableTarget(
      name: "dto-decoding", dependencies: ["FuzzSupport", "Storefront"]),
    .executableTarget(
      name: "embedded-backend",
      dependencies: [
        "FuzzSupport", "StorefrontFixtures",
        "Storefront", .product(name: "CustodyHTTP", package: "Custody"),
      ]),
    .executableTarget(name: "argument-parser", dependencies: ["FuzzSupport", "StorefrontCLIParsing"]),
    // Its model is the one the command line's tests hold the editor to, through a symlink.
    .executableTarget(name: "line-editor", dependencies: ["FuzzSupport", "StorefrontCLIEditing"]),
  ],
  swiftLanguageModes: [.v6]
)

for target in package.targets {
  target.swiftSettings =
    (target.swiftSettings ?? []) + [
      .enableUpcomingFeature("ExistentialAny"),
      .enableUpcomingFeature("MemberImportVisibility"),
      .enableUpcomingFeature("InferIsolatedConformances"),
      .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
    ]
}
