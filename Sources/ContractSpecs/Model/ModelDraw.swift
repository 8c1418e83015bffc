/// Where a ``ContractModel`` draws the inputs of an operation from: random numbers the engine
/// records, so that it can replay an operation exactly and shrink what was drawn.
///
/// Draw every choice through it, never from a generator of your own: the engine shrinks a failing
/// sequence by drawing smaller numbers, and a model whose smallest draw is its simplest operation
/// (no images, the first key, the shortest text) gets the simplest failing sequence for free.
///
/// ```swift
/// func operation(on instance: Int, in state: State, using draw: inout ModelDraw) -> Operation {
///   switch draw.index(below: 3) {
///   case 0: .insert(payload: draw.index(below: 6), url: draw.index(below: 5))
///   case 1: .retrieve(url: draw.index(below: 5))
///   default: .remove(url: draw.index(below: 5))
///   }
/// }
/// ```
public struct ModelDraw: Sendable {
  /// Which random sequence of the check this draw belongs to, from 1, or which round of the
  /// concurrency check: for a model whose sequences differ by number, such as one that injects a
  /// fault in every fifth.
  public let sequence: Int
  private var source: Source
  /// Every number drawn so far, each below the bound it was drawn with.
  private(set) var choices: [Int] = []

  private enum Source: Sendable {
    /// Fresh numbers from a seeded generator.
    case random(SeededRandomNumberGenerator)
    /// Numbers an earlier draw recorded, perhaps shrunk; past their end, zeros.
    case replay([Int], next: Int)
  }

  /// A draw of fresh numbers from `generator`, for sequence `sequence`.
  init(random generator: SeededRandomNumberGenerator, sequence: Int) {
    self.sequence = sequence
    source = .random(generator)
  }

  /// A draw that replays the numbers of `step`, each kept below the bound it is drawn with, and
  /// zeros after.
  init(replaying step: DrawnStep) {
    sequence = step.sequence
    source = .replay(step.numbers, next: 0)
  }

  /// A number from `0` up to, not including, `upperBound`, which must be above 0; shrinking
  /// draws smaller numbers, so make `0` the simplest choice.
  ///
  /// - Parameter upperBound: How many choices there are.
  /// - Returns: The choice.
  public mutating func index(below upperBound: Int) -> Int {
    let bound = max(1, upperBound)
    let choice: Int
    switch source {
    case .random(var generator):
      choice = generator.index(below: bound)
      source = .random(generator)
    case .replay(let recorded, let next):
      choice = next < recorded.count ? min(recorded[next], bound - 1) : 0
      source = .replay(recorded, next: next + 1)
    }
    choices.append(choice)
    return choice
  }

  /// Whether an event of probability `numerator / denominator` happens; shrinking makes it
  /// happen, so make the event the simpler branch or draw its opposite.
  ///
  /// - Parameters:
  ///   - numerator: The chances for the event.
  ///   - denominator: All the chances; positive.
  /// - Returns: `true` in `numerator` of every `denominator` draws, on average.
  public mutating func chance(_ numerator: Int, in denominator: Int) -> Bool {
    index(below: denominator) < numerator
  }

  /// One of `elements`, the first being the simplest; `elements` must not be empty.
  ///
  /// - Parameter elements: The choices, simplest first.
  /// - Returns: The element drawn.
  public mutating func element<Element>(of elements: [Element]) -> Element {
    elements[index(below: elements.count)]
  }
}

/// The numbers one step was drawn from, and the sequence it belongs to: what replays the step, and
/// what the shrinker makes smaller.
struct DrawnStep: Codable, Hashable, Sendable {
  let sequence: Int
  var numbers: [Int]

  /// The most steps a kept sequence, or a kept task's calls, may have.
  static var maxSteps: Int { 10_000 }
  /// The most numbers one step may be drawn from.
  static var maxNumbers: Int { 1_000 }

  /// Whether the step could have been drawn: a sequence from 1, few enough numbers, none below 0.
  ///
  /// A kept file from another version, or edited, may hold anything.
  var isReplayable: Bool {
    sequence >= 1 && numbers.count <= Self.maxNumbers && numbers.allSatisfy { $0 >= 0 }
  }
}
