/// What the killed insert writes over.
enum KillScenario: String, CaseIterable, Sendable {
  /// A feed of 100,000 images over a cache of 100, in storage an earlier launch made.
  case overOldCache
  /// The first insert into an empty directory, which creates the storage (SQLite's database
  /// file): a feed of 100 images, small so that many kills land while the storage is made.
  case intoNewStorage

  /// The images of the insert that gets killed.
  var newImageCount: Int {
    switch self {
    case .overOldCache: 100_000
    case .intoNewStorage: 100
    }
  }

  /// The images of the cache it replaces, or `nil` when nothing is cached before it.
  var oldImageCount: Int? {
    switch self {
    case .overOldCache: 100
    case .intoNewStorage: nil
    }
  }

  /// The scenario as the report names it.
  var summary: String {
    switch self {
    case .overOldCache: "\(newImageCount) images over \(oldImageCount ?? 0)"
    case .intoNewStorage: "first insert of \(newImageCount) images into new storage"
    }
  }

  /// What the report calls the storage as it was before the insert.
  var oldOutcome: String {
    switch self {
    case .overOldCache: "old"
    case .intoNewStorage: "nothing cached"
    }
  }

  /// What a kill may leave, as a failure message says it.
  var allowedOutcomes: String {
    switch self {
    case .overOldCache: "the old cache or the new feed"
    case .intoNewStorage: "nothing cached or the new feed"
    }
  }
}
