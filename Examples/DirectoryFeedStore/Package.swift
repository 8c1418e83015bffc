// swift-tools-version: 6.2
import PackageDescription

// A package outside FeedStoreSpecs that adopts its specs and its benchmark for a store of its own,
// as a user would: one factory, beside the store, serves both.
let package = Package(
  name: "DirectoryFeedStore",
  // The same floors as FeedStoreSpecs: an app test target that still supports iOS 16 adopts it.
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  products: [
    // The store alone beside the floors: builds nothing of SQLite.
    .executable(name: "directory-feedstore-bench", targets: ["DirectoryFeedStoreBenchmark"]),
    // The same, with this package's backends to set it against (`--references`).
    .executable(
      name: "directory-feedstore-reference-bench", targets: ["DirectoryFeedStoreReferenceBenchmark"]
    ),
    // The store alone with a regression planted in its insert or retrieve, which `--compare` must
    // catch, or none, which it must not flag.
    .executable(
      name: "directory-feedstore-planted-slowdown-bench",
      targets: ["DirectoryFeedStorePlantedSlowdownBenchmark"]
    ),
  ],
  dependencies: [
    // A user writes `.package(url: "<FeedStoreSpecs' URL>", branch: "main")`. The name is needed
    // here because a path dependency is otherwise known by its directory's name, a clone's.
    .package(name: "FeedStoreSpecs", path: "../..")
  ],
  targets: [
    .target(
      name: "DirectoryFeedStore",
      dependencies: [.product(name: "FeedCache", package: "FeedStoreSpecs")]
    ),
    .testTarget(
      name: "DirectoryFeedStoreTests",
      dependencies: [
        "DirectoryFeedStore", .product(name: "FeedStoreSpecs", package: "FeedStoreSpecs"),
      ]
    ),
    .executableTarget(
      name: "DirectoryFeedStoreBenchmark",
      dependencies: [
        "DirectoryFeedStore", .product(name: "FeedStoreBenchmark", package: "FeedStoreSpecs"),
      ]
    ),
    .executableTarget(
      name: "DirectoryFeedStorePlantedSlowdownBenchmark",
      dependencies: [
        "DirectoryFeedStore", .product(name: "FeedCache", package: "FeedStoreSpecs"),
        .product(name: "FeedStoreBenchmark", package: "FeedStoreSpecs"),
      ]
    ),
    .executableTarget(
      name: "DirectoryFeedStoreReferenceBenchmark",
      dependencies: [
        "DirectoryFeedStore", .product(name: "FeedStoreBenchmark", package: "FeedStoreSpecs"),
        .product(name: "FeedStoreBenchmarkReferences", package: "FeedStoreSpecs"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
