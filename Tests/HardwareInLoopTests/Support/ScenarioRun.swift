import Foundation
import HatchDeviceModel
import HatchDeviceSession
import HatchIoTActionSenderClient
import HatchIoTDeviceStateEmitterClient

/// A scenario step that failed: what was expected and what happened.
struct ScenarioFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// One scenario in progress: its target, the facts it measured for the verdict line, the steps that
/// are not applicable on this target, and the clean-up it owes the devices.
@MainActor
final class ScenarioRun {
    /// The scenario's name, as the report shows it.
    let name: String
    /// What it runs against.
    let target: HILTarget
    /// The measured facts, in order, for the verdict line.
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

    /// Adds a measured fact to the verdict line.
    func note(_ fact: String) {
        facts.append(fact)
    }

    /// The private fleet's control channel for `step`, or `nil` after recording `step` as not applicable.
    func control(for step: String) -> PrivateFleet? {
        if let control = target.control { return control }
        notApplicable.append(step)
        return nil
    }

    /// Records `step` as not applicable for a reason other than the control channel (e.g. the target
    /// has no product without a light); `essential` makes the whole scenario's verdict N-A.
    func notApplicable(_ step: String, essential: Bool = false) {
        notApplicable.append(step)
        if essential { wholeScenarioNotApplicable = true }
    }

    /// Fails the scenario with `message` unless `condition` holds.
    func require(_ condition: Bool, _ message: @autoclosure () -> String) throws {
        if !condition { throw ScenarioFailure(message()) }
    }

    /// Waits until `condition` holds (polled on the main actor, where the feature providers live).
    func waitUntil(_ what: String, within timeout: Duration, _ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while !condition() {
            if ContinuousClock.now >= deadline { throw ScenarioFailure("\(what) did not happen within \(timeout) (real)") }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// The id of a record the scenario just created: the one the receipt names, or else (a device that
    /// does not name it) the newest record called `name` once the feature lists it.
    func createdRecordID(_ receipt: IoTRecordReceipt, named name: String, in records: () -> [(id: Int, name: String)]) async throws -> Int {
        if let id = receipt.id { return id }
        var found: Int?
        try await waitUntil("the new record '\(name)' appearing", within: .seconds(10)) {
            found = records().filter { $0.name == name }.map(\.id).max()
            return found != nil
        }
        return found ?? 0
    }

    /// Runs `work` when the scenario ends, pass or fail (latest first), to leave the device as it was.
    func onCleanup(_ what: String, _ work: @escaping () async throws -> Void) {
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

    /// The device's child container, features and state log; the log is stopped at the end.
    func open(_ device: HILDevice) async throws -> OpenDevice {
        let dependencies = target.composition.device(device)
        let session = dependencies.deviceSession()
        let log = StateLog(session.states())
        onCleanup("stop following \(device)") { log.stop() }
        try await log.first("current state of \(device)", within: .seconds(10)) { _ in true }
        return OpenDevice(device: device, dependencies: dependencies, session: session, log: log)
    }

    /// The device's clock now (a shadow read) and its time zone.
    func deviceClock(_ device: OpenDevice) async throws -> DeviceClock {
        let state = try await device.session.currentState()
        let clock = DeviceClock(now: Date(timeIntervalSince1970: TimeInterval(state.timestamp)),
                                timeZone: TimeZone(identifier: state.reported.timezone) ?? .gmt)
        if simulatedStart == nil { simulatedStart = clock.local(clock.now) }
        return clock
    }
}

/// A device opened through the suite's container: its child container, its session and its states.
struct OpenDevice {
    let device: HILDevice
    let dependencies: DeviceSessionDependencies
    let session: DeviceSession
    let log: StateLog
}

/// A reading of a device's clock, in its own time zone.
struct DeviceClock {
    let now: Date
    let timeZone: TimeZone

    /// `Date` as local `HH:mm:ss zzz` on the device (`23:59:10 EST`).
    func local(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "HH:mm:ss zzz"
        return formatter.string(from: date)
    }

    /// An epoch second as local time on the device.
    func local(epoch: Int) -> String { local(Date(timeIntervalSince1970: TimeInterval(epoch))) }

    /// The first whole minute at least `seconds` after ``now``, as a date and a local time of day.
    func wholeMinute(atLeast seconds: TimeInterval) throws -> (date: Date, time: TimeOfDay) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let earliest = now.addingTimeInterval(seconds)
        let floor = calendar.dateInterval(of: .minute, for: earliest)?.start ?? earliest
        let date = floor < earliest ? floor.addingTimeInterval(60) : floor
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return (date, try TimeOfDay(hour: parts.hour ?? 0, minute: parts.minute ?? 0))
    }
}
