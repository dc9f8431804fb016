import Foundation
import HatchctlTestSupport
import HatchMosquittoBroker

/// Runs the built `hatchctl` binary and captures what it prints.
struct Hatchctl {
    /// What one run printed and how it ended.
    struct Result: CustomStringConvertible {
        var status: Int32
        var standardOutput: String
        var standardError: String

        var description: String { "exit \(status)\n--- stdout\n\(standardOutput)--- stderr\n\(standardError)" }

        /// Standard output parsed as JSON.
        func json() throws -> Any { try JSONSerialization.jsonObject(with: Data(standardOutput.utf8)) }
    }

    /// Where the binary is: `$HATCHCTL_PATH`, or next to the test bundle in the build folder.
    static var executable: URL { HatchctlExecutable.url }

    /// How long each run waits for a device unless the test passes `--timeout` or `HATCH_TIMEOUT`:
    /// the suites run in parallel with fleets in this process, so an answer may take longer than a
    /// person's 5 seconds without anything being wrong.
    static let deviceTimeout = "30"

    /// `HATCH_HOME` for every run, so tests never read or write the user's `~/.hatch`; removed when
    /// the last copy of this value goes away.
    var home: URL { folder.url }
    private let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder(prefix: "hatchctl-tests")
    }

    /// Runs `hatchctl arguments…` to completion, with `environment` added to this process's.
    func run(_ arguments: [String], environment extra: [String: String] = [:]) async throws -> Result {
        let environment = extra.merging(["HATCH_HOME": home.path]) { new, _ in new }
            .merging(["HATCH_TIMEOUT": Self.deviceTimeout]) { given, _ in given }
        defer { withExtendedLifetime(folder) {} }  // the home outlives the run
        return try await Self.run(Self.executable, arguments, environment: environment)
    }

    /// Runs any program to completion, with `environment` added to this process's.
    static func run(_ executable: URL, _ arguments: [String], environment extra: [String: String] = [:]) async throws -> Result {
        let process = ChildProcess()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(extra) { _, new in new }
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        // Read on Dispatch threads and wait for the exit off the cooperative pool: the fleet under test
        // runs on that pool in this same process, and blocking it would starve the devices `hatchctl` talks to.
        let (status, printed) = try await process.runToExit {
            async let stdout = Self.readAll(output.fileHandleForReading)
            async let stderr = Self.readAll(error.fileHandleForReading)
            return (await stdout, await stderr)
        }
        return Result(status: status, standardOutput: printed.0, standardError: printed.1)
    }

    private static func readAll(_ handle: FileHandle) async -> String {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: String(decoding: handle.readDataToEndOfFile(), as: UTF8.self))
            }
        }
    }
}
