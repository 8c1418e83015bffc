extension Duration {
  /// The duration as a person reads it in a failure: `60 s`, `1.5 s`, `250 ms`.
  var readable: String {
    let (seconds, attoseconds) = components
    let milliseconds = seconds * 1_000 + attoseconds / 1_000_000_000_000_000
    if milliseconds < 1_000 { return "\(milliseconds) ms" }
    if milliseconds % 1_000 == 0 { return "\(milliseconds / 1_000) s" }
    return "\(Double(milliseconds) / 1_000) s"
  }
}
