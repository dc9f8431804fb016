import Foundation

extension ChildProcess {
    /// Starts `executable arguments…` (a `hatchctl`) with `HATCH_HOME` at `home` and `environment`
    /// added, its standard output and error appended to `output` (created when missing) and nothing on
    /// its standard input. The child gets SIGINT should this process die without stopping it
    /// (``OrphanWatchdog``).
    package func runHatchctl(_ executable: URL, _ arguments: [String], home: URL, environment extra: [String: String] = [:],
                             output: URL) throws {
        executableURL = executable
        self.arguments = arguments
        var environment = ProcessInfo.processInfo.environment.merging(extra) { $1 }
        environment["HATCH_HOME"] = home.path
        self.environment = environment
        if !FileManager.default.fileExists(atPath: output.path) { _ = FileManager.default.createFile(atPath: output.path, contents: nil) }
        let log = try FileHandle(forWritingTo: output)
        log.seekToEndOfFile()
        standardOutput = log
        standardError = log
        standardInput = FileHandle.nullDevice
        defer { try? log.close() }
        try run()
        _ = try? OrphanWatchdog.watch(processIdentifier, stopSignal: "INT", grace: .seconds(30))
    }
}
