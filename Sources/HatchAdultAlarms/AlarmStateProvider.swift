import Foundation
import HatchDeviceFeed
import HatchDeviceModel
import HatchIoTActionSenderClient
import HatchIoTDeviceConnectionStateClient
import HatchIoTDeviceStateEmitterClient
import Observation

/// The alarm state of one device, for a screen or a command: its alarms, the next one, whether one is
/// ringing, snoozed or idle, and snooze, dismiss, enable, disable, set time and days, add and delete.
///
/// A main-actor observable view-model-like type. Keep it current with ``observe()`` (runs until its
/// task is cancelled) or read it once with ``load(timeout:)``. Registered by ``AdultAlarmsDependencies``.
@MainActor @Observable
public final class AlarmStateProvider {
    /// What the provider needs: the device's clients.
    public typealias Dependencies = DeviceClients

    /// The device's MAC address.
    public let macAddress: MacAddress
    /// The device's product.
    public let product: HardwareProduct

    /// The device's alarms, ordered by id.
    public private(set) var alarms: [Alarm] = []
    /// The `dataVersion` of ``alarms``; `nil` until read.
    public private(set) var alarmsVersion: Int?
    /// The latest device state; `nil` until read.
    public private(set) var deviceState: IoTDeviceState?
    /// Whether the device is reachable.
    public private(set) var connection: IoTDeviceConnectionState = .unknown
    /// Ringing, snoozed, sunrise or idle.
    public private(set) var status: AlarmStatus = .idle

    @ObservationIgnored private let dependencies: Dependencies
    @ObservationIgnored private var routines: [Routine] = []

    // MARK: - Convenience init (used by the container)

    /// Creates the provider of the device that `dependencies` describe.
    public convenience init(dependencies: AdultAlarmsDependencies) {
        self.init(dependencies: Dependencies(dependencies), macAddress: dependencies.macAddress, product: dependencies.hardwareProduct)
    }

    // MARK: - Detailed init (used by tests and previews)

    /// Creates the provider from individual dependencies.
    public init(dependencies: Dependencies, macAddress: MacAddress, product: HardwareProduct) {
        self.dependencies = dependencies
        self.macAddress = macAddress
        self.product = product
    }

    // MARK: - Reading

    /// The next alarm after the device's latest report (its clock, which may run simulated time), in the
    /// device's time zone; `nil` when none is armed or alarms are suspended.
    public var nextAlarm: NextAlarm? {
        guard let deviceState else { return nil }
        let reported = deviceState.reported
        let timeZone = TimeZone(identifier: reported.timezone) ?? .gmt
        return NextAlarm.find(in: alarms, after: Date(timeIntervalSince1970: TimeInterval(deviceState.timestamp)),
                              timeZone: timeZone, alarmsDisabled: reported.alarmsDisabled ?? false)
    }

    /// Follows the device's state, alarms and connection until the calling task is cancelled.
    public func observe() async {
        await dependencies.observe([.alarms, .routines], of: macAddress, product) { self.apply($0) }
    }

    /// Reads the device's state, alarms and connection once. Alarms default to none when the device
    /// publishes no record within `timeout`; the state read throws the emitter's error.
    public func load(timeout: Duration = .seconds(5)) async throws {
        for update in try await dependencies.load([.alarms, .routines], of: macAddress, product, timeout: timeout) { apply(update) }
    }

    /// The alarm whose id or name (case-insensitive) is `query`.
    public func alarm(matching query: String) throws(AlarmStateError) -> Alarm {
        guard let alarm = alarms.first(matching: query) else { throw .unknownAlarm(query, known: alarms.summaries) }
        return alarm
    }

    // MARK: - Ringing alarm

    /// Snoozes the ringing alarm for its snooze duration; returns when the device accepted.
    @discardableResult
    public func snooze() async throws -> IoTActionReceipt {
        switch status {
        case .ringing: return try await dependencies.actionSender.send(.snooze(startTime: 0), macAddress, product)
        case .sunrise(let alarm): throw AlarmStateError.notRingingYet(alarm: alarm.name)
        case .snoozed, .idle: throw AlarmStateError.notRinging
        }
    }

    /// Dismisses the firing (sunrise, ringing or snoozed) alarm; returns when the device accepted.
    @discardableResult
    public func dismiss() async throws -> IoTActionReceipt {
        guard status != .idle else { throw AlarmStateError.notRinging }
        return try await dependencies.actionSender.send(.dismissAlarm, macAddress, product)
    }

    // MARK: - Editing

    /// Adds `alarm` (id 0 lets the device choose one); the receipt names the new id.
    @discardableResult
    public func add(_ alarm: Alarm) async throws -> IoTRecordReceipt {
        try await edit(RecordRequest(op: .create, item: alarm))
    }

    /// Arms `alarm`.
    @discardableResult
    public func enable(_ alarm: Alarm) async throws -> IoTRecordReceipt {
        try await edit(RecordRequest(op: .enable, id: alarm.id, enabled: true))
    }

    /// Disarms `alarm` (a firing one stops at its next step, as on the device).
    @discardableResult
    public func disable(_ alarm: Alarm) async throws -> IoTRecordReceipt {
        try await edit(RecordRequest(op: .enable, id: alarm.id, enabled: false))
    }

    /// Moves `alarm` to `wakeTime` and, when given, `daysOfWeek`.
    @discardableResult
    public func set(_ alarm: Alarm, wakeTime: TimeOfDay? = nil, daysOfWeek: DaysOfWeek? = nil) async throws -> IoTRecordReceipt {
        var changed = alarm
        if let wakeTime { changed.wakeTime = wakeTime }
        if let daysOfWeek { changed.daysOfWeek = daysOfWeek }
        return try await update(changed)
    }

    /// Replaces the alarm with the same id by `alarm`, guarded by the `dataVersion` last read (a
    /// concurrent edit makes the device answer 409 rather than lose it).
    @discardableResult
    public func update(_ alarm: Alarm) async throws -> IoTRecordReceipt {
        try await edit(RecordRequest(op: .edit, item: alarm, dataVersion: alarmsVersion))
    }

    /// Deletes `alarm`.
    @discardableResult
    public func delete(_ alarm: Alarm) async throws -> IoTRecordReceipt {
        try await edit(RecordRequest(op: .delete, id: alarm.id))
    }

    private func edit(_ request: RecordRequest<Alarm>) async throws -> IoTRecordReceipt {
        try await dependencies.actionSender.editAlarms(request, macAddress, product)
    }

    // MARK: - Applying updates

    private func apply(_ update: DeviceFeedUpdate) {
        switch update {
        case .state(let state):
            deviceState = state
        case .alarms(let collection):
            alarms = collection.items
            alarmsVersion = collection.dataVersion
        case .routines(let collection):
            routines = collection.items
        case .connection(let connection):
            self.connection = connection
            return
        }
        refreshStatus()
    }

    private func refreshStatus() {
        guard let deviceState else { return }
        status = AlarmStatus.read(from: deviceState.reported, alarms: alarms, routines: routines)
    }
}

extension AlarmStateProvider: DeviceFeatureProvider {}
