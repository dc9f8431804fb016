import HatchDeviceModel

/// Sends typed actions to a device (MAC address + product) and routine/alarm edits to its records.
///
/// Shadow actions (start/stop a routine or favorite, next step, colour, brightness, light off, sound,
/// volume, toddler lock, clock, nightlight, snooze, dismiss, …) travel as `shadow/update` requests with a
/// `clientToken`; routine and alarm edits as record requests. Every call returns when the request was
/// accepted and throws ``IoTActionSenderError`` with the device's reason when it was rejected, or on
/// timeout. A struct of `@Sendable` closures: ``live(session:timeout:)``, ``mock(recorder:rejection:)``, ``noOp``.
public struct IoTActionSenderClient: Sendable {
    /// Sends one shadow action.
    public var send: @Sendable (_ action: DeviceAction, _ macAddress: MacAddress, _ product: HardwareProduct) async throws -> IoTActionReceipt

    /// Moves the running routine `routineID` from step `currentStep` to the next one.
    public var nextStep: @Sendable (_ routineID: Int, _ currentStep: Int, _ macAddress: MacAddress, _ product: HardwareProduct) async throws -> IoTActionReceipt

    /// Sends a `desired` document as it is — the shadow editor's update, for fields no typed action
    /// covers or a firmware test — and returns when the shadow accepted it.
    public var updateDesired: @Sendable (_ desired: JSONValue, _ macAddress: MacAddress, _ product: HardwareProduct) async throws -> IoTActionReceipt

    /// Creates, edits, deletes, enables or disables a routine.
    public var editRoutines: @Sendable (_ request: RecordRequest<Routine>, _ macAddress: MacAddress, _ product: HardwareProduct) async throws -> IoTRecordReceipt

    /// Creates, edits, deletes, enables or disables an alarm.
    public var editAlarms: @Sendable (_ request: RecordRequest<Alarm>, _ macAddress: MacAddress, _ product: HardwareProduct) async throws -> IoTRecordReceipt

    /// Creates an action sender from its closures (live, or a mock's).
    public init(
        send: @escaping @Sendable (_ action: DeviceAction, _ macAddress: MacAddress, _ product: HardwareProduct) async throws -> IoTActionReceipt,
        nextStep: @escaping @Sendable (_ routineID: Int, _ currentStep: Int, _ macAddress: MacAddress, _ product: HardwareProduct) async throws -> IoTActionReceipt,
        editRoutines: @escaping @Sendable (_ request: RecordRequest<Routine>, _ macAddress: MacAddress, _ product: HardwareProduct) async throws -> IoTRecordReceipt,
        editAlarms: @escaping @Sendable (_ request: RecordRequest<Alarm>, _ macAddress: MacAddress, _ product: HardwareProduct) async throws -> IoTRecordReceipt,
        updateDesired: @escaping @Sendable (_ desired: JSONValue, _ macAddress: MacAddress, _ product: HardwareProduct) async throws -> IoTActionReceipt
            = { _, _, product in throw IoTActionSenderError.unsupported(product: product, reason: "this client sends no raw desired documents") }
    ) {
        self.send = send
        self.nextStep = nextStep
        self.updateDesired = updateDesired
        self.editRoutines = editRoutines
        self.editAlarms = editAlarms
    }
}
