import Foundation
import HatchMosquittoBroker
import HatchctlTestSupport

/// `hatchctl shadow-service` as a child process with its own `HATCH_HOME`, its log captured to a file.
final class ShadowServiceProcess {
    let process = ChildProcess()
    let logFile: URL

    /// Starts `hatchctl shadow-service arguments…` and returns once it answers shadow requests.
    static func start(_ hatchctl: Hatchctl, _ arguments: [String]) async throws -> ShadowServiceProcess {
        let service = try ShadowServiceProcess(hatchctl: hatchctl, arguments: arguments)
        let deadline = ContinuousClock.now + .seconds(30)
        while !service.log.contains("answering shadow requests") {
            guard service.process.isRunning, ContinuousClock.now < deadline else {
                await service.stop()
                throw ShadowServiceProcessError.notReady(service.log)
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        return service
    }

    private init(hatchctl: Hatchctl, arguments: [String]) throws {
        logFile = hatchctl.home.appendingPathComponent("shadow-service-\(UUID().uuidString.prefix(8)).log")
        _ = FileManager.default.createFile(atPath: logFile.path, contents: nil)
        process.executableURL = Hatchctl.executable
        process.arguments = ["shadow-service"] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["HATCH_HOME"] = hatchctl.home.path
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        let output = try FileHandle(forWritingTo: logFile)
        process.standardOutput = output
        process.standardError = output
        try process.run()
    }

    /// What the service logged so far.
    var log: String { (try? String(contentsOf: logFile, encoding: .utf8)) ?? "" }

    /// Stops the service with SIGTERM (a graceful shutdown: documents saved, counts logged) and waits for it.
    func stop() async {
        await process.stop(with: SIGTERM, grace: .seconds(15))
    }
}

enum ShadowServiceProcessError: Error, CustomStringConvertible {
    case notReady(String)

    var description: String {
        switch self {
        case .notReady(let log): return "`hatchctl shadow-service` did not start answering within 30 s:\n\(log)"
        }
    }
}
