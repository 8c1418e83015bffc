import Testing

@testable import FeedStoreBenchmarkCore

@Suite(.resamplingByProfile) struct RendererTests {
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

  /// A floor is the least work: a store row faster than one, beyond the noise, shows the floor is
  /// wrong, and the report says so before anything else.
  @Test func table_saysFirstAndLoudlyWhichRowIsFasterThanAFloor() throws {
    let floor = makeRow(.valueFloor, size: 1_000, samples: [1_000_000, 1_000_000, 1_000_000])
    let retrieve = makeRow(
      .store("SQLite", .retrieve), size: 1_000, samples: [800_000, 790_000, 810_000],
      floors: [floor])
    let report = makeReport(rows: [floor, retrieve])

    let table = try OutputFormat.table.render(report)
    let sections = ReportSections(report).all

    #expect(
      sections.first?.title == "FASTER THAN A FLOOR: this run's floors are not the least work")
    #expect(
      sections.first?.rows == [
        ["SQLite retrieve", "1,000", "floor: build values", "0.800x", "95% interval 0.790x–0.810x"]
      ])
    #expect(table.contains("0.800x build values: FASTER THAN ITS FLOOR"))
  }

  /// Within the noise of its floor, a row is at the floor, not faster than it.
  @Test func table_doesNotFlagARowWhoseRatioToItsFloorReachesAbove1() throws {
    let floor = makeRow(.valueFloor, size: 1_000, samples: [1_000_000, 900_000, 1_100_000])
    let retrieve = makeRow(
      .store("SQLite", .retrieve), size: 1_000, samples: [950_000, 1_050_000, 990_000],
      floors: [floor])
    let report = makeReport(rows: [floor, retrieve])

    let table = try OutputFormat.table.render(report)

    #expect(report.rowsBeatingAFloor.isEmpty)
    #expect(!table.contains("FASTER"))
  }

  /// A floor is the same code in every run: when it grows worse than linearly, the machine does.
  @Test func table_saysAFloorWorseThanLinearIsTheMachine() throws {
    let report = makeReport(rows: [
      makeRow(.writeFloor, size: 1_000, p50: 1_000_000),
      makeRow(.writeFloor, size: 10_000, p50: 20_000_000),
    ])

    let table = try OutputFormat.table.render(report)

    #expect(
      table.contains(
        "WORSE THAN LINEAR (95% interval 2.00x–2.00x: a floor row, so the machine (caches, load), "
          + "not a store)"))
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
        let floor = makeRow(.writeFloor, size: size, p50: Int64(size) * 200)
        return [
          floor,
          makeRow(.store("SQLite", .insert), size: size, p50: Int64(size) * 1_000, floors: [floor]),
        ]
      })
  }
}
