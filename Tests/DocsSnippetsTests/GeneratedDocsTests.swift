import FeedStoreSpecs
import Foundation
import Testing

/// The parts of the documentation that the code decides, such as the capability table and how
/// many specs a factory runs, rendered from the code and compared with the checked-in pages, so
/// no page can drift from the library.
///
/// `FEEDSTORE_UPDATE_DOCS=1 swift test --filter GeneratedDocsTests` rewrites the pages.
@Suite struct GeneratedDocsTests {
  @Test(arguments: GeneratedPart.all)
  func page_showsWhatTheCodeSaysNow(_ part: GeneratedPart) throws {
    let page = try String(contentsOf: part.page, encoding: .utf8)

    let rendered = try part.render(into: page)

    if ProcessInfo.processInfo.environment["FEEDSTORE_UPDATE_DOCS"] == "1" {
      try rendered.write(to: part.page, atomically: true, encoding: .utf8)
    }
    #expect(
      rendered == page,
      "\(part) is stale: run FEEDSTORE_UPDATE_DOCS=1 swift test --filter GeneratedDocsTests")
  }
}

/// One generated part of one page: the text between `<!-- generated: NAME -->` and
/// `<!-- end generated -->`.
struct GeneratedPart: Sendable, CustomTestStringConvertible {
  /// The repository's root, found from this file's path.
  static let root = URL(filePath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  static let all = [
    GeneratedPart("README.md", "capability table", capabilityTable(symbol: { "`\($0)`" })),
    GeneratedPart(
      "docs/GettingStarted.md", "capability table", capabilityTable(symbol: { "`\($0)`" })),
    GeneratedPart(
      "Sources/FeedStoreSpecs/FeedStoreSpecs.docc/AdoptingTheSpecs.md", "capability table",
      // `FeedStoreFactory` is declared in FeedCache, which the catalog does not document: a
      // symbol link to it would not resolve.
      capabilityTable(symbol: {
        $0 == FeedStoreCatalog.core.protocolName ? "`\($0)`" : "``\($0)``"
      })),
    GeneratedPart(
      "docs/GettingStarted.md", "spec count of MyFeedStoreFactory",
      "\(FeedStoreSpec.all(for: MyFeedStoreFactory.self).count)"),
    GeneratedPart("README.md", "operation time limits", operationTimeLimits),
    GeneratedPart("docs/DamagedStorageAndCrashes.md", "operation time limits", operationTimeLimits),
  ]

  /// The catalog's limit on one operation in each profile, as a phrase.
  private static let operationTimeLimits =
    "\(seconds(.quick)) s in the quick profile and \(seconds(.thorough)) s in the thorough one"

  private static func seconds(_ profile: FeedStoreSpecProfile) -> Int64 {
    FeedStoreCatalog.operationTimeLimit(in: profile).components.seconds
  }

  let path: String
  let name: String
  let content: String

  init(_ path: String, _ name: String, _ content: String) {
    (self.path, self.name, self.content) = (path, name, content)
  }

  var page: URL { Self.root.appending(path: path) }

  var testDescription: String { "\(name) in \(path)" }

  /// `page` with this part's text, wherever the page marks it, replaced by ``content``.
  ///
  /// - Throws: ``MissingMarkers`` when the page does not mark the part.
  func render(into page: String) throws -> String {
    let start = "<!-- generated: \(name) -->"
    let end = "<!-- end generated -->"
    var page = page
    var searchFrom = page.startIndex
    var found = 0
    while let opening = page.range(of: start, range: searchFrom..<page.endIndex),
      let closing = page.range(of: end, range: opening.upperBound..<page.endIndex)
    {
      let isBlock = page[opening.upperBound...].hasPrefix("\n")
      let text = isBlock ? "\n\(content)\n" : content
      page.replaceSubrange(opening.upperBound..<closing.lowerBound, with: text)
      found += 1
      searchFrom =
        page.range(of: end, range: opening.upperBound..<page.endIndex)?.upperBound
        ?? page.endIndex
    }
    guard found > 0 else { throw MissingMarkers(part: self) }
    return page
  }

  /// Thrown when a page lacks the markers of a part it should have.
  struct MissingMarkers: Error, CustomStringConvertible {
    let part: GeneratedPart

    var description: String {
      "\(part.path) has no \"<!-- generated: \(part.name) -->\" … \"<!-- end generated -->\""
    }
  }

  /// Every capability: the protocol to conform to, what it provides, and what its specs check,
  /// with how many there are.
  private static func capabilityTable(symbol: (String) -> String) -> String {
    let rows = FeedStoreCapability.all.map { capability in
      let count = FeedStoreSpec.catalog.filter { $0.capability == capability }.count
      return "| \(symbol(capability.protocolName)) | \(capability.provides) | \(count) specs: "
        + "\(capability.checks) |"
    }
    return
      (["| Conform the factory to | It provides | Specs it adds |", "| --- | --- | --- |"]
      + rows).joined(separator: "\n")
  }
}
