import HatchDeviceModel
import HatchIoTActionSenderClient
import HatchIoTDeviceConnectionStateClient
import HatchIoTDeviceStateEmitterClient
import Synchronization

/// A device whose state, records and connection a test pushes by hand, behind real client structs.
final class ScriptedDevice: Sendable {
    let macAddress = MacAddress(value: 0xA4C1_3800_1122)
    let product: HardwareProduct
    let recorder = IoTActionRecorder()

    private let states = AsyncStream<IoTDeviceState>.makeStream()
    private let routineRecords = AsyncStream<RecordCollection<Routine>>.makeStream()
    private let alarmRecords = AsyncStream<RecordCollection<Alarm>>.makeStream()
    private let connections = AsyncStream<IoTDeviceConnectionState>.makeStream()
    private let latest: Mutex<IoTDeviceState>
    private let latestRoutines: Mutex<RecordCollection<Routine>>
    private let latestAlarms: Mutex<RecordCollection<Alarm>>

    init(product: HardwareProduct = .restoreV5, routines: [Routine] = [], alarms: [Alarm] = [], current: CurrentState? = nil,
         timestamp: Int = 1_767_225_600) {
        self.product = product
        var state = IoTDeviceState.mock(macAddress: MacAddress(value: 0xA4C1_3800_1122), product: product, timestamp: timestamp)
        if let current { state.reported.current = current }
        latest = Mutex(state)
        latestRoutines = Mutex(RecordCollection(dataVersion: 1, items: routines))
        latestAlarms = Mutex(RecordCollection(dataVersion: 1, items: alarms))
    }

    /// The latest state pushed (or the initial one).
    var state: IoTDeviceState { latest.withLock { $0 } }

    /// Publishes a new state (version + 1) built by `change`.
    func report(at timestamp: Int? = nil, _ change: (inout ReportedState) -> Void) {
        let state = latest.withLock { state in
            change(&state.reported)
            state.version += 1
            if let timestamp { state.timestamp = timestamp }
            return state
        }
        states.continuation.yield(state)
    }

    /// Publishes a new alarm record.
    func publishAlarms(_ alarms: [Alarm]) {
        let collection = latestAlarms.withLock { collection in
            collection = RecordCollection(dataVersion: collection.dataVersion + 1, items: alarms)
            return collection
        }
        alarmRecords.continuation.yield(collection)
    }

    /// Publishes a connection change.
    func connection(_ state: IoTDeviceConnectionState) {
        connections.continuation.yield(state)
    }

    var stateEmitter: IoTDeviceStateEmitterClient {
        IoTDeviceStateEmitterClient(
            states: { [self] _, _ in
                let (stream, continuation) = AsyncStream<IoTDeviceState>.makeStream()
                continuation.yield(self.state)
                let forward = Task { for await state in self.states.stream { continuation.yield(state) } }
                continuation.onTermination = { _ in forward.cancel() }
                return stream
            },
            currentState: { [self] _, _ in self.state },
            routines: { [self] _, _ in
                let (stream, continuation) = AsyncStream<RecordCollection<Routine>>.makeStream()
                continuation.yield(self.latestRoutines.withLock { $0 })
                let forward = Task { for await value in self.routineRecords.stream { continuation.yield(value) } }
                continuation.onTermination = { _ in forward.cancel() }
                return stream
            },
            alarms: { [self] _, _ in
                let (stream, continuation) = AsyncStream<RecordCollection<Alarm>>.makeStream()
                continuation.yield(self.latestAlarms.withLock { $0 })
                let forward = Task { for await value in self.alarmRecords.stream { continuation.yield(value) } }
                continuation.onTermination = { _ in forward.cancel() }
                return stream
            }
        )
    }

    var connectionState: IoTDeviceConnectionStateClient {
        IoTDeviceConnectionStateClient(
            states: { [self] in
                let (stream, continuation) = AsyncStream<IoTDeviceConnectionState>.makeStream()
                continuation.yield(.online(since: nil))
                let forward = Task { for await value in self.connections.stream { continuation.yield(value) } }
                continuation.onTermination = { _ in forward.cancel() }
                return stream
            },
            current: { .online(since: nil) }
        )
    }

    var actionSender: IoTActionSenderClient { .mock(recorder: recorder) }
}
