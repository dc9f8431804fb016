import HatchDeviceModel
import HatchIoTActionSenderClient
import HatchMQTT

/// How a feature provider reads and drives one device through its clients: its state, the record
/// collections the feature follows and its connection, followed until cancelled or read once, and its
/// actions. The routine and alarm providers differ only in the records they follow and what they
/// derive from them, so the reading is written once here.
extension DeviceClients {
    /// Takes the clients of a feature module's dependencies.
    package init(_ dependencies: some DeviceFeatureDependencies) {
        self.init(
            stateEmitter: dependencies.iotDeviceStateEmitter,
            actionSender: dependencies.iotActionSender,
            connectionState: dependencies.iotDeviceConnectionState
        )
    }

    /// Follows the state, `records` and connection of the device until the calling task is cancelled,
    /// handing every value to `apply` on the main actor.
    package func observe(
        _ records: DeviceFeedRecords, of macAddress: MacAddress, _ product: HardwareProduct,
        apply: @escaping @MainActor @Sendable (DeviceFeedUpdate) -> Void
    ) async {
        let emitter = stateEmitter, connectionState = connectionState
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await state in emitter.states(macAddress, product) { await apply(.state(state)) }
            }
            if records.contains(.alarms) {
                group.addTask {
                    for await alarms in emitter.alarms(macAddress, product) { await apply(.alarms(alarms)) }
                }
            }
            if records.contains(.routines) {
                group.addTask {
                    for await routines in emitter.routines(macAddress, product) { await apply(.routines(routines)) }
                }
            }
            group.addTask {
                for await connection in connectionState.states() { await apply(.connection(connection)) }
            }
        }
    }

    /// Reads the state, `records` and connection of the device once, in the order a provider applies
    /// them: routines, alarms, state, connection. A record collection the device publishes no record of
    /// within `timeout` is left out; the state read throws the emitter's error.
    package func load(
        _ records: DeviceFeedRecords, of macAddress: MacAddress, _ product: HardwareProduct, timeout: Duration
    ) async throws -> [DeviceFeedUpdate] {
        let emitter = stateEmitter
        async let connection = connectionState.current()
        async let alarms = records.contains(.alarms)
            ? FirstValue.of(emitter.alarms(macAddress, product), within: timeout) : nil
        async let routines = records.contains(.routines)
            ? FirstValue.of(emitter.routines(macAddress, product), within: timeout) : nil
        let state = try await emitter.currentState(macAddress, product)
        var updates: [DeviceFeedUpdate] = []
        if let routines = await routines { updates.append(.routines(routines)) }
        if let alarms = await alarms { updates.append(.alarms(alarms)) }
        updates.append(.state(state))
        updates.append(.connection(await connection))
        return updates
    }
}
