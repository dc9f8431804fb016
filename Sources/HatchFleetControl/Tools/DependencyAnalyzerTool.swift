import Dispatch
import Foundation
import HatchMosquittoBroker

/// The `dependency-analyzer` executable, which `hatchctl deps` runs as a child process instead of linking
/// the analyzer (and with it swift-syntax): found next to `hatchctl` in its build folder, else on `PATH`.
package enum DependencyAnalyzerTool {
    /// The executable's name, as `swift build --product dependency-analyzer` builds it.
    package static let executableName = "dependency-analyzer"

    /// What one run printed and how it ended.
    package struct Run: Sendable {
        package let standardOutput: String
        package let standardError: String
        package let status: Int32

        /// What a run printed and how it ended.
        package init(standardOutput: String, standardError: String, status: Int32) {
            self.standardOutput = standardOutput
            self.standardError = standardError
            self.status = status
        }
    }

    /// Runs the analyzer with `arguments` and waits for it. A failure to run it at all (not found, not
    /// startable) is a ``FleetControlError/invalidArgument(_:)`` that says how to build it.
    package static func run(_ arguments: [String]) async throws -> Run {
        let executable = try locate()
        let process = ChildProcess()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw FleetControlError.invalidArgument("Cannot run \(executable.path): \(error)")
        }
        // Both pipes are drained at once, so that a long report cannot fill one while the other waits.
        let outputReader = output.fileHandleForReading, errorReader = errors.fileHandleForReading
        async let standardOutput = offThePool { outputReader.readDataToEndOfFile() }
        async let standardError = offThePool { errorReader.readDataToEndOfFile() }
        let printed = await (standardOutput, standardError)
        let status = await offThePool { process.waitUntilExit(); return process.terminationStatus }
        return Run(
            standardOutput: String(decoding: printed.0, as: UTF8.self),
            standardError: String(decoding: printed.1, as: UTF8.self),
            status: status)
    }

    /// `work` on a Dispatch thread, so that blocking reads and waits stay off the cooperative pool.
    private static func offThePool<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: work()) }
        }
    }

    /// `dependency-analyzer` in the folder of the running `hatchctl` (symbolic links resolved), else the
    /// first executable one on `PATH`.
    package static func locate() throws -> URL {
        let manager = FileManager.default
        var folders: [URL] = []
        if let executable = Bundle.main.executableURL {
            folders.append(executable.resolvingSymlinksInPath().deletingLastPathComponent())
        }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        folders += path.split(separator: ":").map { URL(fileURLWithPath: String($0)) }
        for folder in folders {
            let candidate = folder.appendingPathComponent(executableName)
            if manager.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        let besides = folders.first.map { " (looked in \($0.path) and on PATH)" } ?? " (looked on PATH)"
        throw FleetControlError.invalidArgument(
            "hatchctl deps needs the \(executableName) executable, which is not next to hatchctl nor on PATH\(besides). "
                + "Build it with `swift build --product \(executableName)` (add `-c release` for a release hatchctl).")
    }

    /// Relays the analyzer's standard error when it could not analyse `root` (status 2: no package there)
    /// as the error `hatchctl deps` has always reported, and any other unexpected status verbatim.
    package static func failure(of run: Run, root: String) -> FleetControlError {
        let message = run.standardError
            .split(separator: "\n").map(String.init)
            .map { $0.hasPrefix("error: ") ? String($0.dropFirst("error: ".count)) : $0 }
            .joined(separator: "\n")
        if run.status == 2 {
            return .invalidArgument("The analyzer could not read \(root): \(message)")
        }
        return .invalidArgument("\(executableName) failed with status \(run.status) on \(root): \(message)")
    }
}
