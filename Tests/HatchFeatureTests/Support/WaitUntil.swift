import Testing

/// Yields until `condition` holds, or records an issue naming `what` once `timeout` has passed (the
/// test's expectations after it then fail on the state it reached instead).
@MainActor
func waitUntil(_ what: String = "the provider to show the change", within timeout: Duration = .seconds(20),
               sourceLocation: SourceLocation = #_sourceLocation, _ condition: @MainActor () -> Bool) async {
    let deadline = ContinuousClock.now + timeout
    while !condition() {
        guard ContinuousClock.now < deadline else {
            Issue.record("Timed out after \(timeout) waiting for \(what)", sourceLocation: sourceLocation)
            return
        }
        do {
            try await Task.sleep(for: .milliseconds(5))
        } catch {
            return  // cancelled: the test's time limit ended it, and its expectations then fail
        }
    }
}
