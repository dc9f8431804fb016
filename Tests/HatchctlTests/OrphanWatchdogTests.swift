import Foundation
import Testing
import HatchMosquittoBroker

/// A private broker never outlives the `hatchctl` that started it, nor a `hatchctl` child its parent,
/// even one killed with SIGKILL, which cannot stop them itself: their watchdogs do.
@Suite("children go with the hatchctl that started them", .timeLimit(.minutes(3)))
struct OrphanWatchdogTests {
    /// Whether something accepts TCP connections on 127.0.0.1:`port`.
    private func accepts(_ port: Int) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        } == 0
    }

    @Test("SIGKILL to fleet run: its private broker stops within seconds", arguments: [["--dev"], []])
    func brokerStopsAfterItsFleetIsKilled(_ arguments: [String]) async throws {
        let hatchctl = try Hatchctl()
        let fleet = try await FleetRunProcess.start(hatchctl, arguments)
        let record = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: fleet.recordFile)) as? [String: Any])
        let url = try #require((record["url"] as? String).flatMap(URLComponents.init(string:)))
        let port = try #require(url.port)
        #expect(accepts(port), "the broker at \(port) before the kill")
        fleet.process.signal(SIGKILL)
        fleet.process.waitUntilExit()
        // The watchdog looks once a second, then gives the broker a SIGTERM.
        let deadline = ContinuousClock.now + .seconds(10)
        while accepts(port), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(100)) }
        #expect(!accepts(port), "the broker at \(port) still accepts connections 10 s after its fleet was killed")
    }

    /// `/proc/<pid>/stat` after the command name: state, parent, …; `nil` once the process is gone. Read
    /// to its end through a file handle: the file reports no size.
    private func statFields(_ pid: Int32) -> [Substring]? {
        guard let data = try? FileHandle(forReadingAtPath: "/proc/\(pid)/stat")?.readToEnd() else { return nil }
        let stat = String(decoding: data, as: UTF8.self)
        guard let close = stat.range(of: ") ", options: .backwards) else { return nil }
        return stat[close.upperBound...].split(separator: " ")
    }

    /// The processes whose parent is `parent` and whose state is not zombie, from `/proc`.
    private func liveChildren(of parent: Int32) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { pid in
            guard let fields = statFields(pid), fields.count > 1 else { return false }
            return fields[0] != "Z" && Int32(fields[1]) == parent
        }
    }

    /// The command name of `pid` (`/proc/<pid>/comm`), or "" once it is gone.
    private func commandName(_ pid: Int32) -> String {
        guard let data = try? FileHandle(forReadingAtPath: "/proc/\(pid)/comm")?.readToEnd() else { return "" }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Whether `pid` still runs (a zombie nobody reaped has stopped running).
    private func running(_ pid: Int32) -> Bool {
        guard let fields = statFields(pid), let state = fields.first else { return false }
        return state != "Z"
    }

    @Test("SIGKILL to fleet chaos: its fleet run child and its broker stop within seconds",
          .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/stat"), "reads the process tree from /proc"))
    func childrenStopAfterTheirParentIsKilled() async throws {
        let hatchctl = try Hatchctl()
        let chaos = ChildProcess()
        chaos.executableURL = Hatchctl.executable
        chaos.arguments = ["fleet", "chaos", "--devices", "5", "--broker-kills", "0", "--fleet-kills", "1", "--hang-seconds", "0",
                           "--interval", "8", "--keep-alive", "5"]
        chaos.environment = ProcessInfo.processInfo.environment.merging(["HATCH_HOME": hatchctl.home.path]) { _, new in new }
        chaos.standardInput = FileHandle.nullDevice
        let output = hatchctl.home.appendingPathComponent("chaos.out")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        chaos.standardOutput = try FileHandle(forWritingTo: output)
        chaos.standardError = chaos.standardOutput
        try chaos.run()
        // Its broker and, once the broker faults are over, the fleet child (killed by chaos 8 s later).
        var children: [Int32] = []
        var names: [String] = []
        let launched = ContinuousClock.now
        while !(names.contains("hatchctl") && names.contains("mosquitto")), ContinuousClock.now < launched + .seconds(60) {
            try await Task.sleep(for: .milliseconds(100))
            children = liveChildren(of: chaos.processIdentifier)
            names = children.map(commandName)
        }
        #expect(names.contains("hatchctl") && names.contains("mosquitto"),
                "children of fleet chaos after \(ContinuousClock.now - launched): \(zip(children, names).map { "\($0) \($1)" }); its output: \((try? String(contentsOf: output, encoding: .utf8)) ?? "")")
        chaos.signal(SIGKILL)
        chaos.waitUntilExit()
        let deadline = ContinuousClock.now + .seconds(15)
        while children.contains(where: running), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(100)) }
        let left = children.filter(running)
        #expect(left.isEmpty, "still running 15 s after fleet chaos was killed: \(left)")
        for pid in left { kill(pid, SIGKILL) }
    }
}
