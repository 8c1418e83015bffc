import FeedCache
import Foundation

/// Traps, as libFuzzer expects of a finding, when `retrieved` is not exactly `inserted`: text
/// scalar for scalar, the timestamp bit for bit, each URL as its `absoluteString`.
public func requireExactlyEqual(
  _ retrieved: CachedFeed?, _ inserted: [LocalFeedImage], _ timestamp: Date, _ store: String
) {
  guard let retrieved else { fatalError("\(store): an accepted insert read back as nothing") }
  let bits = { (date: Date) in date.timeIntervalSinceReferenceDate.bitPattern }
  guard bits(retrieved.timestamp) == bits(timestamp) else {
    fatalError("\(store): timestamp \(timestamp) read back as \(retrieved.timestamp)")
  }
  guard retrieved.feed.count == inserted.count else {
    fatalError("\(store): \(inserted.count) images read back as \(retrieved.feed.count)")
  }
  for (index, (got, expected)) in zip(retrieved.feed, inserted).enumerated() {
    guard got.id == expected.id, same(got.description, expected.description),
      same(got.location, expected.location),
      same(got.url.absoluteString, expected.url.absoluteString)
    else { fatalError("\(store): image \(index) \(expected) read back as \(got)") }
  }
}

private func same(_ a: String?, _ b: String?) -> Bool {
  switch (a, b) {
  case (nil, nil): true
  case (let a?, let b?): a.unicodeScalars.elementsEqual(b.unicodeScalars)
  default: false
  }
}
