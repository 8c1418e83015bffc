import FeedCacheSQLite
import Foundation
import SharedSupport
import Testing

/// The insert-time check that a URL's text reads back: its fast path for plain web URLs must
/// accept only text the strict parser gives back unchanged.
@Suite struct StoredURLTests {
  @Test func isPlainWebURL_acceptsOnlyTextTheStrictParserGivesBackUnchanged() {
    var generator = SeededGenerator(seed: 0x5EED)
    var accepted: [String] = []

    for _ in 0..<4_000 {
      let candidate = makeCandidate(using: &generator)
      if isPlain(candidate) { accepted.append(candidate) }
    }

    let misread = accepted.filter {
      URL(string: $0, encodingInvalidCharacters: false)?.absoluteString != $0
    }
    #expect(misread == [])
    #expect(accepted.count > 1_000, "too few candidates took the fast path to prove anything")
  }

  @Test func isPlainWebURL_acceptsATypicalImageURL() {
    let text = "https://images.example.com/feed/9F2C-1.jpg?size=large&v=2#top"

    #expect(isPlain(text))
  }

  @Test(arguments: [
    "ftp://example.com/a", "https://exa mple.com/", "https://example.com/a b",
    "https://-example.com/", "https://example..com/", "https://example.com/%zz",
    "https://example.com/a#b#c", "https://example.com:8080/", "https://user@example.com/",
    "https://exämple.com/", "https://[::1]/",
  ])
  func isPlainWebURL_leavesAnythingElseToTheParser(_ text: String) {
    #expect(!isPlain(text))
  }

  @Test func isPlainWebURL_findsAByteTheParserRefusesAtAnyPlaceInALongTail() {
    let tail = Array("photos/2f9c/sunset-1080w.jpg?size=large")
    let texts = tail.indices.map { offset in
      var characters = tail
      characters[offset] = " "
      return "https://images.example.com/" + String(characters)
    }

    let accepted = texts.filter(isPlain)

    #expect(accepted == [])
    #expect(isPlain("https://images.example.com/" + String(tail)))
  }

  @Test func text_refusesAURLWhoseTextDoesNotParseBack() throws {
    let url = try #require(URL(dataRepresentation: Data("a b:c".utf8), relativeTo: nil))

    #expect(StoredURL.text(of: url) == nil)
  }
}

// MARK: - Helpers

private func isPlain(_ text: String) -> Bool {
  var text = text
  return text.withUTF8(StoredURL.isPlainWebURL)
}

/// A URL-like text: a web scheme, a host and a tail, each mostly well formed but drawn from an
/// alphabet that also holds characters a URL does not allow there.
private func makeCandidate(using generator: inout SeededGenerator) -> String {
  let hostAlphabet = Array("abcxyz0189-.")
  let tailAlphabet = Array("aZ09-._~!$&'()*+,;=:@/?%2F")
  let rareAlphabet = Array("# %zé[]\"<>\\^`{|}")
  let scheme = generator.next() % 2 == 0 ? "https://" : "http://"
  let host = String(
    (0..<1 + Int(generator.next() % 12)).map { _ in pick(hostAlphabet, &generator) })
  let tail = String(
    (0..<Int(generator.next() % 30)).map { _ in
      pick(generator.next() % 40 == 0 ? rareAlphabet : tailAlphabet, &generator)
    })
  return scheme + host + (generator.next() % 4 == 0 ? "" : "/") + tail
}

private func pick(_ alphabet: [Character], _ generator: inout SeededGenerator) -> Character {
  alphabet[Int(generator.next() % UInt64(alphabet.count))]
}
