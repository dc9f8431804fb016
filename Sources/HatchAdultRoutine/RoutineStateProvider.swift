import Foundation
import HatchDeviceFeed
import HatchDeviceModel
import HatchIoTActionSenderClient
import HatchIoTDeviceConnectionStateClient
import HatchIoTDeviceStateEmitterClient
import Observation

/// The routine state of one device, for a screen or a command: its routines, the running one, its
/// step and time left, and start / stop / next.
///
/// A main-actor observable view-model-like type. Keep it current with ``observe()`` (runs until its
/// task is cancelled) or read it once with ``load(timeout:)``. Registered by
/// ``AdultRoutineDependencies`` as a local main-actor singleton, one per device.
@MainActor @Observable
public final class RoutineStateProvider {
    /// What the provider needs: the device's clients.
    public typealias Dependencies = DeviceClients

    /// The device's MAC address.
    public let macAddress: MacAddress
    /// The device's product.
    public let product: HardwareProduct

    /// The device's routines, ordered by id.
    public private(set) var routines: [Routine] = []
    /// The `dataVersion` of ``routines``; `nil` until read.
    public private(set) var routinesVersion: Int?
    /// The latest device state; `nil` until read.
    public private(set) var deviceState: IoTDeviceState?
    /// Whether the device is reachable.
    public private(set) var connection: IoTDeviceConnectionState = .unknown
    /// The running routine and its step; `nil` when none runs.
    public private(set) var progress: RoutineProgress?

    /// The running routine, when one runs.
    public var runningRoutine: Routine? { progress?.routine }

    @ObservationIgnored private let dependencies: Dependencies
    @ObservationIgnored private var tracker = RoutineProgressTracker()

    // MARK: - Convenience init (used by the container)

    /// Creates the provider of the device that `dependencies` describe.
    public convenience init(dependencies: AdultRoutineDependencies) {
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

    /// Follows the device's state, routines and connection until the calling task is cancelled.
    public func observe() async {
        await dependencies.observe(.routines, of: macAddress, product) { self.apply($0) }
    }

    /// Reads the device's state, routines and connection once. Routines default to none when the
    /// device publishes no record within `timeout`; the state read throws the emitter's error.
    public func load(timeout: Duration = .seconds(5)) async throws {
        for update in try await dependencies.load(.routines, of: macAddress, product, timeout: timeout) { apply(update) }
    }

    /// The routine whose id or name (case-insensitive) is `query`.
    public func routine(matching query: String) throws(RoutineStateError) -> Routine {
        guard let routine = routines.first(matching: query) else {
            throw .unknownRoutine(query, known: routines.summaries)
        }
        return routine
    }

    // MARK: - Commands

    /// Starts `routine` on the device; returns when the device accepted the command.
    @discardableResult
    public func start(_ routine: Routine) async throws -> IoTActionReceipt {
        guard routine.enabled else { throw RoutineStateError.routineDisabled(routine.name) }
        return try await dependencies.actionSender.send(.startRoutine(id: routine.id), macAddress, product)
    }

    /// Stops whatever plays (routine, favorite or remote light and sound); returns when accepted.
    @discardableResult
    public func stop() async throws -> IoTActionReceipt {
        try await dependencies.actionSender.send(.turnOff, macAddress, product)
    }

    /// Moves the running routine to its next step; returns when accepted.
    @discardableResult
    public func next() async throws -> IoTActionReceipt {
        guard deviceState != nil else { throw RoutineStateError.notLoaded }
        guard let progress else { throw RoutineStateError.nothingRunning }
        guard !progress.isLastStep else { throw RoutineStateError.lastStep(routine: progress.routine.name, step: progress.step) }
        return try await dependencies.actionSender.nextStep(progress.routine.id, progress.step, macAddress, product)
    }

    // MARK: - Applying updates

    private func apply(_ update: DeviceFeedUpdate) {
        switch update {
        case .state(let state):
            deviceState = state
            progress = tracker.progress(in: state, routines: routines)
        case .routines(let collection):
            routines = collection.items
            routinesVersion = collection.dataVersion
            if let deviceState { progress = tracker.progress(in: deviceState, routines: routines) }
        case .connection(let connection):
            self.connection = connection
        case .alarms:
            break
        }
    }
}

extension RoutineStateProvider: DeviceFeatureProvider {}
