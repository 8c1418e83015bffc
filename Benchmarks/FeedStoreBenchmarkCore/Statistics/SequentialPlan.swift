/// When a comparison of two builds judges its rows, and how sure each look must be so that a
/// wrong verdict stays as rare over all the looks together as the comparison's confidence says.
///
/// The rounds come in batches of ``batchRounds``, each measured by workers started for it alone,
/// so that a process that stays slow for its whole life spoils one batch, never the verdict: the
/// batches are the independent measurements the intervals are built from. Rows are judged after
/// `iterations` rounds (rounded up to whole batches, and at least ``minimumBatches``), then each
/// time half as many rounds again have been taken, until `maxIterations`. Every look is planned
/// before the first sample, so the union bound (Bonferroni) holds: with `looks.count` looks, each
/// judges at a tail of ``tail``, and the chance that any of them puts an interval wholly on one
/// side of the truth is at most `(1 - confidence) / 2`, however many are taken.
struct SequentialPlan: Codable, Equatable, Sendable {
  /// Rounds per batch: six, one for each order of a batch's three workers.
  ///
  /// Each worker goes first, second and third twice. The fastest of six samples is a worker's own cost unless a neighbor
  /// ran during all six, where that of three, on this 2-core machine under a load of 17, was a
  /// multiple of it in one batch in eight.
  static let batchRounds = 6
  /// The order of the three workers in each round of a batch: every one once.
  static let orders = [[0, 1, 2], [1, 2, 0], [2, 0, 1], [0, 2, 1], [2, 1, 0], [1, 0, 2]]
  /// The fewest batches a look needs: one alone has no spread to judge by.
  static let minimumBatches = 2

  /// The rounds after which the rows still undecided are judged, ascending; the last is the most
  /// any row gets.
  let looks: [Int]

  init(iterations: Int, maxIterations: Int) {
    let batch = Self.batchRounds
    func batches(_ rounds: Int) -> Int { max(rounds, Self.minimumBatches * batch) }
    let first = batches((iterations + batch - 1) / batch * batch)
    let last = max(first, batches(maxIterations / batch * batch))
    var looks = [first]
    var current = first
    while current < last {
      current = min(batches((current * 3 / 2 + batch - 1) / batch * batch), last)
      looks.append(current)
    }
    self.looks = looks
  }

  /// The most rounds any row gets.
  var maxRounds: Int { looks.last ?? 0 }

  /// How likely each look may put an interval wholly above the truth (and as likely below): the
  /// comparison's share, `(1 - confidence) / 2`, split evenly over the planned looks.
  var tail: Double { (1 - Bootstrap.confidence) / 2 / Double(looks.count) }
}
