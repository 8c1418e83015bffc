import Testing

@testable import FeedStoreBenchmarkCore

@Suite struct RendererTests {
  /// 2,000 and 5,000 have no power of ten between them, which used to crash the x axis.
  @Test func svg_rendersSizesWithinOneDecade() throws {
    let report = makeSUT(sizes: [2_000, 5_000])

    let svg = try OutputFormat.svg.render(report)

    #expect(svg.contains(">2,000</text>"))
    #expect(svg.contains(">5,000</text>"))
    #expect(svg.hasSuffix("</svg>\n"))
  }

  @Test func svg_drawsAGridLineAtEachPowerOfTenBetweenTheSizes() throws {
    let report = makeSUT(sizes: [100, 1_000, 10_000])

    let svg = try OutputFormat.svg.render(report)

    #expect(svg.components(separatedBy: "stroke=\"#f0f0f0\"").count - 1 == 3)
  }

  @Test func table_andMarkdown_layOutTheSameSections() throws {
    let report = makeSUT(sizes: [100, 1_000])
    let titles = ReportSections(report).all.map(\.title)

    let table = try OutputFormat.table.render(report)
    let markdown = try OutputFormat.markdown.render(report)

    #expect(
      titles == [
        "N = 100 images", "N = 1,000 images", "Insert against the encoder baselines (p50)",
        "Insert against the floors", "Scaling: ns per image (p50) by N",
      ])
    #expect(
      titles.allSatisfy { table.contains("\n\n\($0)\n") && markdown.contains("#### \($0)\n") })
  }

  /// An adopter without the reference backends measures no SQLite floor: no column or caption
  /// speaks of one.
  @Test func insertAgainstTheFloors_withoutTheSQLiteFloors_showsOnlyTheWriteFloor() throws {
    let report = makeSUT(sizes: [100])

    let section = try #require(
      ReportSections(report).all.first { $0.title == "Insert against the floors" })

    #expect(
      section.headers == [
        "store", "N", "insert", "write", "insert / write (p50)", "insert / write (min)",
      ])
    #expect(!section.caption.contains("SQLite"))
  }

  @Test func table_flagsASustainedRowThatDrifts() throws {
    let drifting = makeSustainedRow(firstTenth: 100_000, lastTenth: 400_000)
    let report = makeReport(rows: [], sustained: [drifting])

    let table = try OutputFormat.table.render(report)

    #expect(table.contains("LATENCY DRIFTS UPWARD"))
  }

  @Test func json_keepsASustainedRowsFlags() throws {
    let drifting = makeSustainedRow(firstTenth: 100_000, lastTenth: 400_000)
    let report = makeReport(rows: [], sustained: [drifting])

    let json = try OutputFormat.json.render(report)

    #expect(json.contains("\"latency drifts upward\""))
  }

  // MARK: - Helpers

  private func makeSUT(sizes: [Int]) -> RunReport {
    makeReport(
      rows: sizes.flatMap { size in
        [
          makeRow(.writeFloor, size: size, p50: Int64(size) * 200),
          makeRow(.store("SQLite", .insert), size: size, p50: Int64(size) * 1_000),
        ]
      })
  }
}
