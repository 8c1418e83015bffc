import FeedCache
import Foundation

/// Names a cache in a failure message: how many images and the exact timestamp.
func describe(_ cache: CachedFeed?) -> String {
  guard let cache else { return "nil (nothing cached)" }
  let count = cache.feed.count == 1 ? "1 image" : "\(cache.feed.count) images"
  return "\(count) cached at \(describe(cache.timestamp))"
}

/// Says how `actual` differs from `expected`, down to the first differing field.
func mismatch(between expected: CachedFeed?, and actual: CachedFeed?) -> String {
  guard let expected, let actual else {
    return "but it delivered \(describe(actual))"
  }
  if expected.timestamp != actual.timestamp {
    return "but its timestamp was \(describe(actual.timestamp))"
  }
  if expected.feed.count != actual.feed.count {
    return "but it delivered \(describe(actual))"
  }
  for (index, (wanted, got)) in zip(expected.feed, actual.feed).enumerated() where wanted != got {
    return "but image \(index) differs: \(differences(between: wanted, and: got))"
  }
  return "and it did"
}

private func differences(between expected: LocalFeedImage, and actual: LocalFeedImage) -> String {
  var fields: [String] = []
  if expected.id != actual.id {
    fields.append("id \(expected.id) became \(actual.id)")
  }
  if expected.description != actual.description {
    fields.append(
      "description \(quoted(expected.description)) became \(quoted(actual.description))")
  }
  if expected.location != actual.location {
    fields.append("location \(quoted(expected.location)) became \(quoted(actual.location))")
  }
  if expected.url != actual.url {
    fields.append("url \(expected.url.absoluteString) became \(actual.url.absoluteString)")
  }
  return fields.joined(separator: "; ")
}

private func quoted(_ text: String?) -> String {
  text?.debugDescription ?? "nil"
}

private func describe(_ date: Date) -> String {
  "\(date.timeIntervalSinceReferenceDate)s after 2001-01-01"
}
