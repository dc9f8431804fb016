import Foundation
import HatchMosquittoBroker

extension ChildProcess {
    /// Stops the child gracefully: SIGTERM, up to `grace` for it to finish (a service saves its state
    /// and logs its counts), then SIGKILL; returns once it has exited.
    public func stopGracefully(grace: Duration = .seconds(15)) async {
        signal(SIGTERM)
        let deadline = ContinuousClock.now + grace
        while isRunning && ContinuousClock.now < deadline {
            do { try await Task.sleep(for: .milliseconds(20)) } catch { break }
        }
        if isRunning { signal(SIGKILL) }
        waitUntilExit()
    }
}
