/// The names of `candidates` closest to `name` by edit distance, for a "did you mean" that turns a
/// misspelled name into the one meant.
///
/// - Parameters:
///   - name: A name that matched none of `candidates`.
///   - candidates: The names there are.
///   - limit: The most names to return.
/// - Returns: The candidates at the smallest edit distance from `name`, up to `limit` of them in
///   `candidates`' order, when that distance is within a third of `name`'s length (and at least
///   3 edits); otherwise none.
func closestNames(to name: String, among candidates: [String], limit: Int = 3) -> [String] {
  let tolerance = max(3, name.count / 3)
  let distances = candidates.map {
    editDistance(Array(name.lowercased()), Array($0.lowercased()))
  }
  guard let closest = distances.min(), closest <= tolerance else { return [] }
  return zip(candidates, distances).filter { $0.1 == closest }.prefix(limit).map(\.0)
}

/// The Levenshtein distance between two texts: the fewest insertions, deletions and
/// substitutions of characters that turn one into the other.
private func editDistance(_ first: [Character], _ second: [Character]) -> Int {
  var previous = Array(0...second.count)
  for (row, character) in first.enumerated() {
    var current = [row + 1]
    for (column, other) in second.enumerated() {
      current.append(
        min(
          previous[column + 1] + 1, current[column] + 1,
          previous[column] + (character == other ? 0 : 1)))
    }
    previous = current
  }
  return previous[second.count]
}
