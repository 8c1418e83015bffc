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
///   try await SpecRun.perform("write \(value)") { try await sut.write(setting(value)) }
/// } read: { _ in
///   try await SpecRun.perform("read") { try await sut.read() }.map(number(of:)) ?? .empty
/// }
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
  ///   - instances: How many instances share the register, such as two stores over one file.
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
      return ConcurrentRegisterOutcome(violations: violations, lastWrites: [], disagreement: nil)
    }
    let lastWrites = await log.lastWrites()
    return ConcurrentRegisterOutcome(
      violations: [], lastWrites: lastWrites,
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
  /// Something no write wrote whole, as a sentence saying what it was and how it differs.
  case unrecognized(String)
}

/// What a ``ConcurrentRegisterCheck`` run found.
public struct ConcurrentRegisterOutcome: Sendable {
  /// Every way the operations broke the register's rule, in the order found.
  public let violations: [RegisterViolation]
  /// The values whose write completed after every other write was issued.
  ///
  /// They are the only ones the register can hold once the writers have finished; empty when
  /// there are violations.
  public let lastWrites: Set<Int>
  /// How the final reads disagreed, if they did; `nil` when there are violations.
  public let disagreement: RegisterDisagreement?
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
