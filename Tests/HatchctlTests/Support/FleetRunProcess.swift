import Foundation
import HatchctlTestSupport
import HatchMosquittoBroker

/// `hatchctl fleet run` as a child process with its own `HATCH_HOME`, its output captured to files,
/// for tests that drive the fleet the way a user does (its private broker, its broker record).
final class FleetRunProcess {
    let hatchctl: Hatchctl
    let process = ChildProcess()
    let outputFile: URL
    let errorFile: URL

    /// Starts `hatchctl fleet run --devices devices/household.yaml arguments…` (stopping by itself
    /// after two minutes at most) and returns once `hatchctl devices` sees all four devices online.
    static func start(_ hatchctl: Hatchctl, _ arguments: [String] = []) async throws -> FleetRunProcess {
        let fleet = try FleetRunProcess(hatchctl: hatchctl, arguments: arguments)
        do {
            try await fleet.waitUntilOnline()
        } catch {
            await fleet.stop()
            throw FleetRunProcessError.notOnline("\(error)\n--- fleet stdout\n\(fleet.standardOutput)--- fleet stderr\n\(fleet.standardError)")
        }
        return fleet
    }

    private init(hatchctl: Hatchctl, arguments: [String]) throws {
        self.hatchctl = hatchctl
        let stamp = UUID().uuidString.prefix(8)
        outputFile = hatchctl.home.appendingPathComponent("fleet-\(stamp).out")
        errorFile = hatchctl.home.appendingPathComponent("fleet-\(stamp).err")
        _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        process.executableURL = Hatchctl.executable
        let devices = HouseholdFleet.packageRoot.appendingPathComponent("devices/household.yaml").path
        process.arguments = ["fleet", "run", "--devices", devices, "--duration", "120"] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["HATCH_HOME"] = hatchctl.home.path
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: outputFile)
        process.standardError = try FileHandle(forWritingTo: errorFile)
        try process.run()
    }

    /// What the fleet printed on standard output so far.
    var standardOutput: String { (try? String(contentsOf: outputFile, encoding: .utf8)) ?? "" }
    /// What the fleet printed on standard error so far.
    var standardError: String { (try? String(contentsOf: errorFile, encoding: .utf8)) ?? "" }

    /// The broker record the fleet wrote.
    var recordFile: URL { hatchctl.home.appendingPathComponent("broker.json") }

    private func waitUntilOnline() async throws {
        var last: Hatchctl.Result?
        do {
            _ = try await eventually("the household online", within: .seconds(60), interval: .milliseconds(200)) { () async throws -> Bool? in
                guard process.isRunning else { throw FleetRunProcessError.exited(process.terminationStatus) }
                guard FileManager.default.fileExists(atPath: recordFile.path) else { return nil }
                let devices = try await hatchctl.run(["devices", "--json"])
                last = devices
                guard let list = try? devices.json() as? [[String: Any]], list.count == 4,
                      list.allSatisfy({ $0["presence"] as? String == "online" }) else { return nil }
                return true
            }
        } catch is EventuallyTimeout {
            throw FleetRunProcessError.notOnline("the household was not online within 60 s; last `devices`: \(last.map { "\($0)" } ?? "none")")
        }
    }

    /// Stops the fleet with SIGINT (a clean shutdown) and waits for it to exit.
    func stop() async {
        process.interrupt()
        let deadline = ContinuousClock.now + .seconds(15)
        while process.isRunning && ContinuousClock.now < deadline {
            do { try await Task.sleep(for: .milliseconds(50)) } catch { break }
        }
        if process.isRunning { process.signal(SIGKILL) }
        process.waitUntilExit()
    }

    /// Runs `body` with a started fleet and always stops it.
    static func with(_ hatchctl: Hatchctl, _ arguments: [String] = [], _ body: (FleetRunProcess) async throws -> Void) async throws {
        let fleet = try await start(hatchctl, arguments)
        do {
            try await body(fleet)
        } catch {
            await fleet.stop()
            throw error
        }
        await fleet.stop()
    }
}

enum FleetRunProcessError: Error, CustomStringConvertible {
    case exited(Int32)
    case notOnline(String)

    var description: String {
        switch self {
        case .exited(let status): return "`hatchctl fleet run` exited with status \(status) before the fleet was online"
        case .notOnline(let detail): return detail
        }
    }
}
