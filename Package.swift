// swift-tools-version: 6.2
import PackageDescription

// The library is four products: the owners (`Custody`), the HTTP layer (`CustodyHTTP`), the
// testing tools (`CustodyTesting`) and a live page of the owners for a browser (`CustodyDevtools`). Everything else here is a target of this repository only:
// the Storefront example app under `Examples/Storefront/`, the benchmarks under `Benchmarks/`
// and the test helpers under `Tests/`. `swift run storefront` still works from the root,
// because a root package's executable targets can always be run.
let package = Package(
  name: "Custody",
  platforms: [.iOS(.v17), .macOS(.v14), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
  products: [
    .library(name: "Custody", targets: ["Custody"]),
    .library(name: "CustodyHTTP", targets: ["CustodyHTTP"]),
    .library(name: "CustodyTesting", targets: ["CustodyTesting"]),
    .library(name: "CustodyDevtools", targets: ["CustodyDevtools"]),
  ],
  targets: [
    // The library.
    .target(name: "Custody"),
    .target(name: "CustodyHTTP", dependencies: ["Custody"]),
    .target(name: "CustodyTesting", dependencies: ["Custody"]),
    .target(name: "CustodyDevtools", dependencies: ["Custody"]),
    .testTarget(
      name: "CustodyTests", dependencies: ["Custody", "CustodyTesting", "TestSupport", "custody-filestore-writer"]),
    .testTarget(name: "CustodyTestingTests", dependencies: ["CustodyTesting", "Custody"]),
    .testTarget(name: "CustodyDevtoolsTests", dependencies: ["CustodyDevtools", "Custody", "TestSupport"]),
    .testTarget(
      name: "CustodyHTTPTests",
      dependencies: ["CustodyHTTP", "Custody", "CustodyTesting", "TestSupport", "custody-http-wait"]),
    // Helpers several test targets share.
    .target(name: "TestSupport", dependencies: ["Custody", "CustodyTesting"], path: "Tests/Support"),
    // The child process FileStore's crash-safety test kills while it saves.
    .executableTarget(
      name: "custody-filestore-writer", dependencies: ["Custody"], path: "Tests/Executables/custody-filestore-writer"),
    // The child process whose CPU time the transport's idle-cost check measures while it waits.
    .executableTarget(
      name: "custody-http-wait", dependencies: ["CustodyHTTP"], path: "Tests/Executables/custody-http-wait"),

    // The Storefront example app.
    // How text reads to a person (sorting, matching), shared by the app and its embedded backend.
    .target(name: "StorefrontText", path: "Examples/Storefront/StorefrontText"),
    .target(
      name: "Storefront", dependencies: ["Custody", "CustodyHTTP", "StorefrontText"],
      path: "Examples/Storefront/Storefront"
    ),
    .target(
      name: "StorefrontFixtures", dependencies: ["Custody", "CustodyHTTP", "StorefrontText"],
      path: "Examples/Storefront/StorefrontFixtures"),
    .target(
      name: "StorefrontUI", dependencies: ["Storefront", "Custody"], path: "Examples/Storefront/StorefrontUI",
      resources: [.copy("PrivacyInfo.xcprivacy")]),
    .target(
      name: "StorefrontCLI",
      dependencies: ["Storefront", "StorefrontFixtures", "Custody", "CustodyHTTP", "CustodyDevtools"],
      path: "Examples/Storefront/StorefrontCLI"),
    .executableTarget(name: "storefront", dependencies: ["StorefrontCLI"], path: "Examples/Storefront/storefront"),
    .testTarget(
      name: "StorefrontTests",
      dependencies: ["Storefront", "StorefrontFixtures", "Custody", "CustodyHTTP", "CustodyTesting", "TestSupport"],
      path: "Examples/Storefront/Tests/StorefrontTests"),
    .testTarget(
      name: "StorefrontFixturesTests",
      dependencies: ["StorefrontFixtures", "CustodyHTTP", "Custody", "CustodyTesting"],
      path: "Examples/Storefront/Tests/StorefrontFixturesTests"),
    .testTarget(
      name: "StorefrontCLITests",
      dependencies: [
        "StorefrontCLI", "storefront", "Storefront", "StorefrontFixtures", "Custody", "CustodyHTTP", "CustodyTesting",
        "TestSupport",
      ],
      path: "Examples/Storefront/Tests/StorefrontCLITests"),

    // Benchmarks.
    .executableTarget(
      name: "custody-bench",
      dependencies: [
        "Custody", "CustodyHTTP", "CustodyTesting", "CustodyDevtools", "Storefront", "StorefrontFixtures",
        "StorefrontCLI",
      ],
      path: "Benchmarks/custody-bench"),
  ],
  swiftLanguageModes: [.v6]
)

// Upcoming language features, on for every target so the whole package reads one way.
for target in package.targets {
  target.swiftSettings =
    (target.swiftSettings ?? []) + [
      .enableUpcomingFeature("ExistentialAny"),
      .enableUpcomingFeature("MemberImportVisibility"),
      .enableUpcomingFeature("InferIsolatedConformances"),
      .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
    ]
}
