// swift-tools-version: 6.2
import PackageDescription

// A package outside FeedStoreSpecs that adopts its specs for a store of its own, as a user would.
let package = Package(
  name: "DirectoryFeedStore",
  // The same floors as FeedStoreSpecs: an app test target that still supports iOS 16 adopts it.
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
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
  ],
  swiftLanguageModes: [.v6]
)
