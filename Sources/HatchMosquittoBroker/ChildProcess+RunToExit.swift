import Foundation

extension ChildProcess {
    /// Starts the child, runs `whileRunning` (to read its pipes or close this process's copy of an
    /// output file, say), then waits for the child to exit; returns its exit status and the body's result.
    ///
    /// The wait suspends on the reaper thread's report and never blocks a thread of the cooperative
    /// pool: a fleet under test may run on that pool in the same process, and blocking it would starve
    /// the devices the child talks to. Replaces ``terminationHandler``; throws when the child cannot start.
    package func runToExit<Result>(whileRunning body: () async -> Result) async throws -> (status: Int32, result: Result) {
        let exited = AsyncStream<Int32>.makeStream()
        terminationHandler = { finished in
            exited.continuation.yield(finished.terminationStatus)
            exited.continuation.finish()
        }
        try run()
        let result = await body()
        var status: Int32 = -1
        for await value in exited.stream { status = value }
        return (status, result)
    }

    /// Starts the child and waits for it to exit, off the cooperative pool (see
    /// ``runToExit(whileRunning:)``); returns its exit status.
    package func runToExit() async throws -> Int32 {
        try await runToExit(whileRunning: {}).status
    }
}
