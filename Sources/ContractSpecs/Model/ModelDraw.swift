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
  private var source: Source
  /// Every number drawn so far, each below the bound it was drawn with.
  private(set) var choices: [Int] = []

  private enum Source: Sendable {
    /// Fresh numbers from a seeded generator.
    case random(SeededRandomNumberGenerator)
    /// Numbers an earlier draw recorded, perhaps shrunk; past their end, zeros.
    case replay([Int], next: Int)
  }

  /// A draw of fresh numbers from `generator`.
  init(random generator: SeededRandomNumberGenerator) {
    source = .random(generator)
  }

  /// A draw that replays `choices`, each kept below the bound it is drawn with, and zeros after.
  init(replaying choices: [Int]) {
    source = .replay(choices, next: 0)
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
