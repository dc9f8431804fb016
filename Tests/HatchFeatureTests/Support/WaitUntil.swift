/// Yields until `condition` holds. Never times out on its own: Swift Testing's `.timeLimit` bounds a
/// test, so a broken expectation fails the test instead of a wall-clock assertion.
@MainActor
func waitUntil(_ condition: @MainActor () -> Bool) async {
    while !condition() {
        do {
            try await Task.sleep(for: .milliseconds(5))
        } catch {
            return  // cancelled: the test's time limit ended it, and its expectations then fail
        }
    }
}
