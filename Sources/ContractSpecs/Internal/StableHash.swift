/// FNV-1a, 64 bits, over the UTF-8 bytes of `text`: the same number for the same text on every
/// machine, run and Swift release, unlike `Hasher`, which is seeded anew in each process.
///
/// - Parameter text: What to hash, such as a spec's id.
/// - Returns: The hash.
func stableHash(_ text: String) -> UInt64 {
  text.utf8.reduce(0xCBF2_9CE4_8422_2325) { hash, byte in
    (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
  }
}
