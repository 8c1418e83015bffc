import ContractSpecs

/// The sizes each profile gives the ``ImageDataCache`` specs: the quick profile keeps the whole
/// catalog well under a second per implementation; the thorough one reaches megabytes.
extension SpecProfile {
  /// The largest power of two beside which the boundary spec sizes data: 64 KiB quick, 4 MiB
  /// thorough.
  var largestPowerOfTwo: Int { self == .quick ? 1 << 16 : 1 << 22 }
  /// How many random blobs the byte-value spec inserts per seed.
  var randomBlobs: Int { self == .quick ? 6 : 48 }
  /// The largest random blob, in bytes.
  var largestRandomBlob: Int { self == .quick ? 4_096 : 262_144 }
  /// The concurrent writers and readers of the concurrency specs.
  var concurrentUse: ConcurrentRegisterCheck {
    self == .quick
      ? ConcurrentRegisterCheck(writers: 4, writesPerWriter: 5, readers: 2)
      : ConcurrentRegisterCheck(writers: 16, writesPerWriter: 25, readers: 8)
  }
  /// The size of the large values among the concurrency specs' writes, in bytes.
  var largeConcurrentWrite: Int { self == .quick ? 65_536 : 1_048_576 }
  /// Random sequences per seed of the model-based spec, unless `IMAGECACHE_SPEC_SEQUENCES` says.
  var modelSequences: Int { self == .quick ? 20 : 300 }
}
