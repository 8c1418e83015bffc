// swift-tools-version: 6.2
import PackageDescription

// libFuzzer targets for the backends' readers, outside the main package so that a plain
// `swift build` or `swift test` of FeedStoreSpecs never compiles them. Each target is a library
// that defines `LLVMFuzzerTestOneInput`; `.ci/fuzz` builds them with `-sanitize=fuzzer,address
// -enable-testing` (`@testable import` reaches the readers and the storage layer below the async
// stores) and links each with libFuzzer, which brings `main`. SwiftPM cannot link them itself: it
// renames an executable's `main`, which libFuzzer's would then collide with.
let package = Package(
  name: "FeedStoreFuzzing",
  platforms: [.macOS(.v13)],
  dependencies: [.package(name: "FeedStoreSpecs", path: "..")],
  targets: [
    // Arbitrary bytes as a JSON store file: the reader throws or delivers a feed that the
    // writer writes back to the same feed.
    .target(
      name: "FuzzJSONReader",
      dependencies: [
        "FuzzSupport", .product(name: "FeedCacheJSONFile", package: "FeedStoreSpecs"),
      ]
    ),
    // Arbitrary bytes (mutated valid databases) as an SQLite store file: retrieve throws or
    // delivers; insert then replaces the file or refuses it, and a replaced file reads back.
    .target(
      name: "FuzzSQLiteFile",
      dependencies: [
        "FuzzSupport", .product(name: "FeedCacheSQLite", package: "FeedStoreSpecs"),
      ]
    ),
    // Arbitrary bytes as a feed: whatever insert accepts, each durable store reads back exactly.
    .target(
      name: "FuzzRoundTrip",
      dependencies: [
        "FuzzSupport", .product(name: "FeedCacheJSONFile", package: "FeedStoreSpecs"),
        .product(name: "FeedCacheSQLite", package: "FeedStoreSpecs"),
      ]
    ),
    // A feed made from fuzzer bytes, and the exact comparison the targets trap on.
    .target(
      name: "FuzzSupport",
      dependencies: [.product(name: "FeedCache", package: "FeedStoreSpecs")]
    ),
  ],
  swiftLanguageModes: [.v6]
)
