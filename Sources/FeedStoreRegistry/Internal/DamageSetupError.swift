/// Thrown when a factory cannot put its storage into the state a spec asked for.
struct DamageSetupError: Error, CustomStringConvertible {
  let description: String
}
