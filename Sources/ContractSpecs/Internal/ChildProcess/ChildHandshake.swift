#if os(macOS) || os(Linux) || os(FreeBSD) || os(OpenBSD)
  import CProcessControl
  import Foundation

  /// How a parent learns, from the kernel rather than from its child, which process runs its
  /// spec: the parent listens on a Unix-domain socket in the control directory, and the child
  /// connects from the engine's own entry code, before any code of the implementation runs, and
  /// sends the run's nonce.
  ///
  /// The kernel records the process that connects; the parent accepts it only when it sent the
  /// nonce, which only this run's child knows, and is the parent's own running child
  /// (``ProvenProcess/child(connectedTo:)``). A pid file would be the child's word, and a store
  /// can write any id there, such as another process's or 1.
  struct ChildHandshake: Sendable {
    private let listener: Int32
    private let nonce: [UInt8]
    /// Connections accepted whose nonce has not all arrived, with what has.
    private var pending: [(connection: Int32, received: [UInt8])] = []

    /// Listens in `control` for the child that knows `nonce`.
    ///
    /// - Throws: A POSIX error when the socket cannot be made, such as `ENAMETOOLONG` when the
    ///   control directory's path is too long for a socket address.
    init(listeningIn control: ChildControlDirectory, for nonce: String) throws {
      let listener = contractspecs_listen(control.path(of: .socket))
      guard listener >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
      self.listener = listener
      self.nonce = Array(nonce.utf8)
    }

    /// The child, once it has introduced itself; `nil` until then.
    ///
    /// It never waits: a connection whose nonce has not all arrived waits for the next call.
    mutating func acceptChild() -> ProvenProcess? {
      while case let connection = contractspecs_accept(listener), connection >= 0 {
        pending.append((connection, []))
      }
      var child: ProvenProcess?
      pending = pending.compactMap { connection, received in
        var received = received
        switch readNonce(from: connection, into: &received) {
        case nil:
          return (connection, received)
        case true?:
          if child == nil { child = ProvenProcess.child(connectedTo: connection) }
        case false?:
          break
        }
        Foundation.close(connection)
        return nil
      }
      return child
    }

    /// Reads what has arrived on `connection` into `received`.
    ///
    /// - Returns: `true` once it holds the nonce, `false` when it never can, `nil` while more
    ///   may come.
    private func readNonce(from connection: Int32, into received: inout [UInt8]) -> Bool? {
      var buffer = [UInt8](repeating: 0, count: nonce.count + 1)
      while true {
        // One byte more than the nonce at most, to tell a longer message apart.
        let wanted = nonce.count + 1 - received.count
        let count = buffer.withUnsafeMutableBytes { read(connection, $0.baseAddress, wanted) }
        if count > 0 {
          received += buffer.prefix(count)
          guard received.count <= nonce.count else { return false }
        } else if count == 0 {
          return received == nonce
        } else if errno == EINTR {
          continue
        } else if errno == EAGAIN || errno == EWOULDBLOCK {
          if received == nonce { return true }
          return nonce.starts(with: received) ? nil : false
        } else {
          return false
        }
      }
    }

    /// Stops listening and closes every connection.
    func close() {
      for (connection, _) in pending {
        Foundation.close(connection)
      }
      Foundation.close(listener)
    }

    /// Introduces this process, a spec's child, to its parent: connects to the control
    /// directory's socket and sends the nonce.
    ///
    /// A child that cannot is never signalled by its parent, which cannot tell it apart; it
    /// says so on its standard error.
    static func introduce(to control: ChildControlDirectory, nonce: String) {
      let connection = contractspecs_connect(control.path(of: .socket))
      guard connection >= 0 else {
        let reason = String(cString: strerror(errno))
        FileHandle.standardError.write(
          Data("The child process could not introduce itself to its parent: \(reason)\n".utf8))
        return
      }
      defer { Foundation.close(connection) }
      let bytes = Array(nonce.utf8)
      var written = 0
      while written < bytes.count {
        let count = bytes[written...].withUnsafeBytes {
          write(connection, $0.baseAddress, $0.count)
        }
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { return }
        written += count
      }
    }
  }
#endif
