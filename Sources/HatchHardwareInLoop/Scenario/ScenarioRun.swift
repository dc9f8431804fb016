import Foundation
import HatchDeviceModel
import HatchIoTActionSenderClient

/// One scenario in progress: its target, the facts it measured for the report, the steps that are
/// not applicable on this target, and the clean-up it owes the devices, which runs however it ends.
@MainActor
public final class ScenarioRun {
    /// The scenario's name, as the report shows it.
    public let name: String
    /// What it runs against.
    public let target: HILTarget
    /// The measured facts, in order, for the report.
    private(set) var facts: [String] = []
    /// Steps skipped because the target has no control channel (or lacks what they need), by name.
    private(set) var notApplicable: [String] = []
    /// Set when the scenario's essential steps cannot run on this target: the verdict is then N-A.
    private(set) var wholeScenarioNotApplicable = false
    /// The device clock at the scenario's first reading, as local time, for the report.
    private(set) var simulatedStart: String?
    private var cleanups: [(String, () async throws -> Void)] = []

    init(name: String, target: HILTarget) {
        self.name = name
        self.target = target
    }

    /// Adds a measured fact to the report.
    public func note(_ fact: String) {
        facts.append(fact)
    }

    /// The simulator's control channel for `step`, or `nil` after recording `step` as not applicable
    /// (the target is not a fleet the kit started); `essential` then makes the whole scenario N-A.
    public func simulator(for step: String, essential: Bool = false) -> SimulatorControl? {
        if let fleet = target.fleet { return SimulatorControl(fleet: fleet) }
        notApplicable(step, essential: essential)
        return nil
    }

    /// Records `step` as not applicable for a reason other than the control channel (e.g. the target
    /// has no product with a light); `essential` makes the whole scenario's verdict N-A, never a pass.
    public func notApplicable(_ step: String, essential: Bool = false) {
        notApplicable.append(step)
        if essential { wholeScenarioNotApplicable = true }
    }

    /// Fails the scenario with `message` unless `condition` holds.
    public func require(_ condition: Bool, _ message: @autoclosure () -> String) throws {
        if !condition { throw ScenarioFailure(message()) }
    }

    /// Waits until `condition` holds, polled on the main actor where the app's feature models live;
    /// `describe` says in the failure what was seen instead.
    public func waitUntil(_ what: String, within timeout: Duration, seen describe: () -> String = { "" },
                          _ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while !condition() {
            if ContinuousClock.now >= deadline {
                let seen = describe()
                throw ScenarioFailure("\(what) did not happen within \(timeout) (real)" + (seen.isEmpty ? "" : "; instead: \(seen)"))
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// The id of a record the scenario just created: the one the receipt names, or else (a device that
    /// does not name it) the newest record called `name` once `records` lists it.
    public func createdRecordID(_ receipt: IoTRecordReceipt, named name: String, in records: () -> [(id: Int, name: String)]) async throws -> Int {
        if let id = receipt.id { return id }
        var found: Int?
        try await waitUntil("the new record '\(name)' appearing", within: .seconds(HILTarget.realTimeSlack)) {
            found = records().filter { $0.name == name }.map(\.id).max()
            return found != nil
        }
        return found ?? 0
    }

    /// Runs `work` when the scenario ends, pass or fail (latest first), to leave the device as it was.
    public func onCleanup(_ what: String, _ work: @escaping () async throws -> Void) {
        cleanups.append((what, work))
    }

    /// Runs the clean-ups; returns the ones that failed.
    func runCleanups() async -> [String] {
        var failures: [String] = []
        for (what, work) in cleanups.reversed() {
            do { try await work() } catch { failures.append("\(what): \(error)") }
        }
        cleanups = []
        return failures
    }

    /// Opens `device` through the kit's container: its child container, its live clients, and a state
    /// log that holds its current state before this returns (stopped when the scenario ends).
    public func open(_ device: HILDevice) async throws -> OpenDevice {
        let dependencies = target.composition.device(device)
        let session = dependencies.deviceSession()
        let log = StateLog(session.states(), speed: target.speed)
        onCleanup("stop following \(device)") { log.stop() }
        try await log.first("current state of \(device)", within: .seconds(HILTarget.realTimeSlack)) { _ in true }
        return OpenDevice(device: device, dependencies: dependencies, session: session, log: log)
    }

    /// Follows `device`'s connection state (the client its container shares with its features) until the scenario ends.
    public func followConnection(of device: OpenDevice) -> ConnectionLog {
        let log = ConnectionLog(device.session.connectionState.states())
        onCleanup("stop following the connection of \(device.device)") { log.stop() }
        return log
    }

    /// The device's clock now (a shadow read) and its time zone; the first reading is the report's start time.
    public func deviceClock(_ device: OpenDevice) async throws -> DeviceClock {
        let state = try await device.session.currentState()
        let clock = DeviceClock(now: Date(timeIntervalSince1970: TimeInterval(state.timestamp)),
                                timeZone: TimeZone(identifier: state.reported.timezone) ?? .gmt)
        if simulatedStart == nil { simulatedStart = clock.local(clock.now) }
        return clock
    }
}
