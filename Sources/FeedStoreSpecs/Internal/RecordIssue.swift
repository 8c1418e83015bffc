import Testing

/// Records a failure whose message is built from several parts, at `sourceLocation`.
func recordIssue(_ message: String, sourceLocation: SourceLocation) {
  Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
}
