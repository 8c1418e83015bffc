import Foundation
import SharedSupport
import Testing

@testable import FeedCacheJSONFile

/// The insert's shortcut for the URLs most feeds hold must never accept one that `URL(string:)`
/// would not read back as the same URL: checked against Foundation itself on hand-picked edge
/// cases and on thousands of generated strings.
@Suite struct PlainWebURLTests {
  @Test func matches_onlyWhatURLStringReadsBackAsTheSameURL() {
    let corpus = edgeCases + generatedCandidates(count: 20_000)

    let matched = corpus.filter(PlainWebURL.matches)
    let misread = matched.filter { text in
      let parsed = URL(string: text)
      let original = URL(dataRepresentation: Data(text.utf8), relativeTo: nil)
      return parsed?.absoluteString != text || original == nil || parsed != original
    }

    #expect(misread == [])
    #expect(matched.count > 500)
    #expect(corpus.count - matched.count > 1_000)
  }

  @Test func matches_feedURLsButNotOthers() {
    let plain = [
      "https://images.example.com/a%20b/c.jpg?size=large&lang=%C3%BC#top",
      "http://127.0.0.1:8080/", "https://a.example", "http://a.example:65535?q#f",
    ]
    let other = [
      "a%20b:c", "https://a.example:65536/", "https://[::1]/", "https://bücher.example/",
      "https://a.example/a b", "https://a.example/%4", "https://a.example/#a#b", "ftp://a.example/",
      "file:///tmp/a", "//a.example/", "https://user@a.example/", "https://a.example:/",
    ]

    #expect(plain.filter { !PlainWebURL.matches($0) } == [])
    #expect(other.filter(PlainWebURL.matches) == [])
  }

  private let edgeCases = [
    "http://a.example", "https://a.example/", "http://a.example:80/x?y#z", "http://a.example:0",
    "http://a.example:00080/", "http://-/", "http://./", "http://a..b/", "http://a.example/%41",
    "http://a.example/%zz", "http://a.example/a%2", "http://a.example/?q=a&b=c;d",
    "http://a.example/~x_y-z.(*)!$'+,=:@/?", "http://a.example/#?/:@", "http://a.example:99999/",
    "http://:80/", "http:///x", "http://a b/", "http://a.example/\u{E4}", "http://a.example/[x]",
    "http://a.example/%00", "http://a.example/%FF%FE", "http://%41.example/", "http://a_b.example/",
  ]

  /// Strings built mostly from URL characters, so that many are plain web URLs and many are
  /// nearly so, from a fixed seed.
  private func generatedCandidates(count: Int) -> [String] {
    var generator = SeededGenerator(seed: 0x5EED)
    let prefixes = [
      "http://", "https://", "http://", "https://", "HTTP://", "http:/", "ftp://", "",
    ]
    // Characters a plain web URL may hold, several times over, beside some it may not.
    let hostCharacters = Array(String(repeating: "ab9-.", count: 6) + "_%:@")
    let restCharacters =
      Array(String(repeating: "az09-._~!$&'()*+,;=:@/?%AF", count: 6) + "#[] \"<>\\^`{|}\u{E4}")
    return (0..<count).map { _ in
      let prefix = prefixes[Int(generator.next() % UInt64(prefixes.count))]
      let host = String(
        (0..<generator.next() % 8).map { _ in
          hostCharacters[Int(generator.next() % UInt64(hostCharacters.count))]
        })
      let port = generator.next() % 4 == 0 ? ":\(generator.next() % 100_000)" : ""
      let rest = String(
        (0..<generator.next() % 16).map { _ in
          restCharacters[Int(generator.next() % UInt64(restCharacters.count))]
        })
      return prefix + host + port + rest
    }
  }
}
