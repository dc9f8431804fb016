import Foundation
import HatchMosquittoBroker
import HatchMQTT
import HatchctlTestSupport
import Testing

/// `fleet run --nice`: the simulator runs below the priority of the private broker it started.
@Suite("fleet run priority")
struct FleetPriorityTests {
    private static let household = HouseholdFleet.packageRoot.appendingPathComponent("devices/household.yaml")

    /// The name and nice value of every thread of `pid` (Linux), from `/proc/<pid>/task`.
    private static func threads(of pid: Int32) -> [(name: String, nice: Int32)] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.compactMap(Int32.init).compactMap { thread in
            guard let nice = SchedulingPriority.nice(of: thread) else { return nil }
            let name = (try? String(contentsOfFile: "/proc/\(pid)/task/\(thread)/comm", encoding: .utf8)) ?? "?"
            return (name.trimmingCharacters(in: .whitespacesAndNewlines), nice)
        }
    }

    /// The processes whose parent is `pid`, with their command names.
    private static func children(of pid: Int32) -> [(pid: Int32, command: String)] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).compactMap { candidate in
            guard let stat = try? String(contentsOfFile: "/proc/\(candidate)/stat", encoding: .utf8),
                  let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")") else { return nil }
            // After the command in parentheses: state, then the parent's pid.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 1, Int32(fields[1]) == pid else { return nil }
            return (candidate, String(stat[stat.index(after: open)..<close]))
        }
    }

    @Test("every thread of the fleet runs at --nice; the private broker it started keeps its priority",
          .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/task"), "reads /proc (Linux)"))
    func simulatorBelowBroker() async throws {
        let hatchctl = try Hatchctl()
        let process = ChildProcess()
        process.executableURL = Hatchctl.executable
        process.arguments = ["fleet", "run", "--devices", Self.household.path, "--dev", "--nice", "7", "--duration", "120"]
        var environment = ProcessInfo.processInfo.environment
        environment["HATCH_HOME"] = hatchctl.home.path
        process.environment = environment
        let error = Pipe()
        process.standardOutput = Pipe()
        process.standardError = error
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        let standardError = OutputLines(error)
        // Beside the rest of the suite a niced fleet may take a while; the priorities are what is checked.
        let online = await standardError.first(timeout: 90) { $0.contains("devices online in") }
        try #require(online != nil, "the fleet did not come online: \(standardError.all)")

        let pid = process.processIdentifier
        // A worker thread the runtime starts after the fleet lowered its threads begins at its own
        // QoS's priority and is lowered within a second.
        var fleetThreads = Self.threads(of: pid)
        for _ in 0..<30 where !fleetThreads.allSatisfy({ $0.nice >= 7 }) {
            try await Task.sleep(for: .milliseconds(100))
            fleetThreads = Self.threads(of: pid)
        }
        #expect(fleetThreads.count > 2, "threads of \(pid): \(fleetThreads)")
        // Threads at a lower QoS (background: nice 10) stay below it.
        #expect(fleetThreads.allSatisfy { $0.nice >= 7 }, "the fleet's threads: \(fleetThreads)")
        #expect(fleetThreads.contains { $0.nice == 7 }, "the fleet's threads: \(fleetThreads)")
        let broker = try #require(Self.children(of: pid).first { $0.command.contains("mosquitto") }, "no private broker under \(pid)")
        #expect(SchedulingPriority.nice(of: broker.pid) == SchedulingPriority.current, "the broker's priority moved")
        #expect(SchedulingPriority.current < 7)
    }

    @Test("--nice outside 0…19 is refused with exit 64, naming the range")
    func outOfRange() async throws {
        let hatchctl = try Hatchctl()
        for value in ["20", "-1"] {
            for command in [["fleet", "run"], ["fleet", "bench"]] {
                let result = try await hatchctl.run(command + ["--nice=\(value)"])
                #expect(result.status == 64, "\(command) --nice \(value): \(result)")
                #expect(result.standardError.contains("0 to 19"), "\(result.standardError)")
            }
        }
    }
}
