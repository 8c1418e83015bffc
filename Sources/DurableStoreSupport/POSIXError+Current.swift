import Foundation

extension POSIXError {
  /// The error `errno` holds now.
  package static func current() -> POSIXError {
    POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
  }
}
