/// Writers and readers at once on a register, a value that each write replaces whole (a cache, a
/// setting, a file), with every read checked against the times the writes ran.
///
/// Writer `w` writes the values `w`, `w + writers`, `w + 2 × writers`, …; each value is a number
/// the contract's own code turns into something to write, distinct for each. Each write and read
/// is stamped with ticks of one logical clock, taken just before the call and just after it
/// returns, so "completed before" and "issued after" are exact. The check then finds every read
/// that delivered nothing after a write had completed, a value no write wrote (a mix of two), or a
/// value that a later write had already replaced; and after the writers, it reads every instance
/// twice, which must all deliver the same one of the last writes.
///
/// ```swift
/// let check = ConcurrentRegisterCheck(writers: 4, writesPerWriter: 5, readers: 2)
/// let outcome = await check.run(instances: 1) { _, value in
///   try await SpecRun.perform("insert of value \(value)") {
///     try await sut.insert(data(value), for: imageURL)
///   }
/// } read: { _ in
///   let data = try await SpecRun.perform("retrieve") { try await sut.retrieve(dataFor: imageURL) }
///   return data.map(classify) ?? .empty
/// }
/// let words = RegisterVocabulary(write: "insert", read: "retrieve", value: "value", nothing: "nil")
/// if let failure = outcome.failure(in: words) { SpecRun.recordFailure(failure) }
/// ```
///
/// Without the thread sanitizer, a race is caught only when the threads happen to interleave
/// badly in this run; under it, every unguarded access is.
public struct ConcurrentRegisterCheck: Sendable {
  /// How many tasks write at once.
  public let writers: Int
  /// How many values each writer writes, one after another.
  public let writesPerWriter: Int
  /// How many tasks read at once, while the writers write.
  public let readers: Int

  /// Describes a run: `writers` tasks each writing `writesPerWriter` values while `readers` tasks
  /// read.
  public init(writers: Int, writesPerWriter: Int, readers: Int) {
    self.writers = writers
    self.writesPerWriter = writesPerWriter
    self.readers = readers
  }

  /// The values the writers write, each once.
  public var values: Range<Int> { 0..<(writers * writesPerWriter) }

  /// Runs the writers and readers over `instances` instances (round robin), then reads every
  /// instance twice.
  ///
  /// - Parameters:
  ///   - instances: How many instances share the register, such as two caches over one directory.
  ///   - write: Writes `value` through instance `instance`.
  ///   - read: Reads through instance `instance`.
  /// - Returns: Every way the reads broke the register's rule, and the final reads' agreement.
  public func run(
    instances: Int,
    write: @escaping @Sendable (_ instance: Int, _ value: Int) async throws -> Void,
    read: @escaping @Sendable (_ instance: Int) async throws -> RegisterRead
  ) async -> ConcurrentRegisterOutcome {
    let log = RegisterLog()
    await withTaskGroup(of: Void.self) { group in
      for writer in 0..<writers {
        group.addTask {
          await log.waitForReaders(readers)
          for index in 0..<writesPerWriter {
            let value = writer + index * writers
            let start = await log.tick()
            do {
              try await write(writer % instances, value)
            } catch {
              await log.record(.writeThrew(value: value, error: "\(error)"))
              continue
            }
            await log.recordWrite(of: value, start: start, end: log.tick())
          }
          await log.writerFinished()
        }
      }
      for reader in 0..<readers {
        group.addTask {
          var seen = 0
          await Self.read(instance: reader % instances, with: read, log: log)
          await log.readerStarted()
          repeat {
            seen = await log.nextWrite(after: seen)
            await Self.read(instance: reader % instances, with: read, log: log)
          } while await log.finishedWriters < writers
        }
      }
    }
    let violations = await log.violations()
    guard violations.isEmpty else {
      return ConcurrentRegisterOutcome(
        writes: values.count, instances: instances, violations: violations, lastWrites: [],
        disagreement: nil)
    }
    let lastWrites = await log.lastWrites()
    return ConcurrentRegisterOutcome(
      writes: values.count, instances: instances, violations: [], lastWrites: lastWrites,
      disagreement: await agreement(of: instances, on: lastWrites, read: read))
  }

  private static func read(
    instance: Int, with read: @Sendable (Int) async throws -> RegisterRead, log: RegisterLog
  ) async {
    let start = await log.tick()
    let delivered: RegisterRead
    do {
      delivered = try await read(instance)
    } catch {
      await log.record(.readThrew(error: "\(error)"))
      return
    }
    await log.recordRead(of: delivered, start: start, end: log.tick())
  }

  /// After the writers: every instance delivers the same value, twice, one of `lastWrites`.
  private func agreement(
    of instances: Int, on lastWrites: Set<Int>,
    read: @Sendable (Int) async throws -> RegisterRead
  ) async -> RegisterDisagreement? {
    var agreed: Int?
    for instance in 0..<instances {
      for attempt in 1...2 {
        let delivered: RegisterRead
        do {
          delivered = try await read(instance)
        } catch {
          return .readThrew(instance: instance, attempt: attempt, error: "\(error)")
        }
        guard case .value(let value) = delivered, lastWrites.contains(value) else {
          return .notALastWrite(instance: instance, attempt: attempt, delivered: delivered)
        }
        if let agreed, agreed != value {
          return .changed(instance: instance, attempt: attempt, from: agreed, to: value)
        }
        agreed = value
      }
    }
    return nil
  }
}

/// What one read delivered, as the contract's code classifies it.
public enum RegisterRead: Sendable, Equatable {
  /// Nothing: the register holds no value.
  case empty
  /// Exactly the value the write of this number wrote.
  case value(Int)
  /// Something no write wrote whole, as a sentence saying what it was and how it differs, such as
  /// `one delivered a mix: feed 3's timestamp, but image 2 differs`.
  ///
  /// The check reports only the first violation, but keeps every one: say it cheaply, since an
  /// implementation that tears every write is read hundreds of times.
  case unrecognized(String)
}

/// What a ``ConcurrentRegisterCheck`` run found.
public struct ConcurrentRegisterOutcome: Sendable {
  /// How many writes the writers made.
  public let writes: Int
  /// How many instances shared the register.
  public let instances: Int
  /// Every way the operations broke the register's rule, in the order found.
  public let violations: [RegisterViolation]
  /// The values whose write completed after every other write was issued.
  ///
  /// They are the only ones the register can hold once the writers have finished; empty when
  /// there are violations.
  public let lastWrites: Set<Int>
  /// How the final reads disagreed, if they did; `nil` when there are violations.
  public let disagreement: RegisterDisagreement?

  /// Describes what a run found, as ``ConcurrentRegisterCheck/run(instances:write:read:)``
  /// returns it, or as a catalog's self-test makes one to pin its failure text.
  public init(
    writes: Int, instances: Int, violations: [RegisterViolation], lastWrites: Set<Int>,
    disagreement: RegisterDisagreement?
  ) {
    self.writes = writes
    self.instances = instances
    self.violations = violations
    self.lastWrites = lastWrites
    self.disagreement = disagreement
  }

  /// The failure the run found, in the contract's words, or `nil` when it found none: the first
  /// violation, with how many more there were, or else how the final reads disagreed.
  ///
  /// ```swift
  /// let words = RegisterVocabulary(write: "insert", read: "retrieve", value: "feed", nothing: "nil")
  /// if let failure = outcome.failure(in: words) { SpecRun.recordFailure(failure) }
  /// ```
  ///
  /// - Parameter words: The contract's names for a write, a read, a value and no value.
  /// - Returns: The failure in a line or two.
  public func failure(in words: RegisterVocabulary) -> String? {
    if let first = violations.first {
      let through = instances == 1 ? "" : " through \(instances) instances"
      let more = violations.count > 1 ? " (and \(violations.count - 1) more)" : ""
      return "Expected every \(words.read) during \(writes) concurrent \(words.write)s\(through) "
        + "to deliver \(words.nothing) or one whole \(words.value) not yet replaced, but "
        + first.description(in: words) + more
    }
    return disagreement.map { $0.failure(in: words, lastWrites: lastWrites) }
  }
}

/// A contract's names for a register's operations, so that a ``ConcurrentRegisterCheck``
/// failure reads in the contract's terms.
public struct RegisterVocabulary: Sendable {
  /// A write, as "the \(write) of feed 3" says it: `insert`.
  public let write: String
  /// A read, as "a \(read) threw" says it: `retrieve`.
  public let read: String
  /// A value, as "\(value) 3" says it: `feed`.
  public let value: String
  /// No value, as "it delivered \(nothing)" says it: `nil`.
  public let nothing: String

  /// Names the register's operations.
  ///
  /// - Parameters:
  ///   - write: A write, such as `insert`.
  ///   - read: A read, such as `retrieve`.
  ///   - value: A value, such as `feed`.
  ///   - nothing: No value, such as `nil`.
  public init(write: String, read: String, value: String, nothing: String) {
    self.write = write
    self.read = read
    self.value = value
    self.nothing = nothing
  }
}

/// A way the operations broke the register's rule while the writers wrote.
public enum RegisterViolation: Sendable, Equatable {
  /// The write of `value` threw.
  case writeThrew(value: Int, error: String)
  /// A read threw.
  case readThrew(error: String)
  /// A read delivered something no write wrote whole.
  case unrecognizedRead(String)
  /// A read delivered nothing although the write of `value` had completed before it was issued.
  case emptyAfterWrite(value: Int)
  /// A read delivered `value`, which a write issued after `value`'s write completed had replaced
  /// before the read was issued.
  case staleRead(value: Int)
}

/// A way the final reads, after the writers finished, broke the register's rule.
public enum RegisterDisagreement: Sendable, Equatable {
  /// Reading instance `instance` (from 0) threw on its `attempt`th read (from 1).
  case readThrew(instance: Int, attempt: Int, error: String)
  /// The read delivered something other than one of the last writes.
  case notALastWrite(instance: Int, attempt: Int, delivered: RegisterRead)
  /// The read delivered `to` where every read before it delivered `from`.
  case changed(instance: Int, attempt: Int, from: Int, to: Int)
}

extension RegisterViolation {
  /// The violation, after "but", in the contract's words.
  func description(in words: RegisterVocabulary) -> String {
    switch self {
    case .writeThrew(let number, let error):
      "the \(words.write) of \(words.value) \(number) threw: \(error)"
    case .readThrew(let error):
      "a \(words.read) threw: \(error)"
    case .unrecognizedRead(let description):
      description
    case .emptyAfterWrite(let number):
      "one delivered \(words.nothing) although the \(words.write) of \(words.value) \(number) had "
        + "completed before it was issued"
    case .staleRead(let number):
      "one delivered \(words.value) \(number), which a later \(words.write) had replaced before the "
        + "\(words.read) was issued (a stale read)"
    }
  }
}

extension RegisterDisagreement {
  /// The failure, in the contract's words.
  func failure(in words: RegisterVocabulary, lastWrites: Set<Int>) -> String {
    func situation(_ instance: Int, _ attempt: Int) -> String {
      "\(words.read) \(attempt == 1 ? "" : "again ")from instance \(instance + 1) after all "
        + "writers finished"
    }
    let lastOnes = "the \(words.value) of one of the last \(words.write)s to complete"
    switch self {
    case .readThrew(let instance, let attempt, let error):
      return "Expected \(situation(instance, attempt)) to deliver \(lastOnes), but it threw: "
        + error
    case .notALastWrite(let instance, let attempt, let delivered):
      let candidates = lastWrites.sorted().map(String.init).joined(separator: ", ")
      let what =
        switch delivered {
        case .empty: words.nothing
        case .value(let number): "\(words.value) \(number)"
        case .unrecognized(let description): description
        }
      return "Expected \(situation(instance, attempt)) to deliver \(lastOnes) (\(words.value)s "
        + "\(candidates)), but it delivered \(what)"
    case .changed(let instance, let attempt, let from, let to):
      return "Expected \(situation(instance, attempt)) to deliver \(words.value) \(from), as every "
        + "\(words.read) before it did, but it delivered \(words.value) \(to)"
    }
  }
}
