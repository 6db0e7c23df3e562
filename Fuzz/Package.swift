// swift-tools-version: 6.2
import PackageDescription

// libFuzzer targets for Custody, kept out of the main package. Build and run them with
// `scripts/fuzz`; each executable defines `LLVMFuzzerTestOneInput` and gets its `main` from
// libFuzzer (`-sanitize=fuzzer,address`).
let package = Package(
  name: "CustodyFuzz",
  platforms: [.macOS(.v15)],
  dependencies: [.package(name: "Custody", path: "..")],
  targets: [
    .target(name: "FuzzSupport"),
    // The command line's parsing files, compiled from the main package's sources (a symlink):
    // `StorefrontCLI` is not a library product, and its other files need package access.
    .target(name: "StorefrontCLIParsing", dependencies: [.product(name: "Storefront", package: "Custody")]),
    .executableTarget(
      name: "dto-decoding", dependencies: ["FuzzSupport", .product(name: "Storefront", package: "Custody")]),
    .executableTarget(
      name: "embedded-backend",
      dependencies: [
        "FuzzSupport", .product(name: "StorefrontFixtures", package: "Custody"),
        .product(name: "Storefront", package: "Custody"), .product(name: "CustodyHTTP", package: "Custody"),
      ]),
    .executableTarget(name: "argument-parser", dependencies: ["FuzzSupport", "StorefrontCLIParsing"]),
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
