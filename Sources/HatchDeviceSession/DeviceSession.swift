import HatchDependencyContainerCore
import HatchDeviceModel
import HatchIoTActionSenderClient
import HatchIoTDeviceConnectionStateClient
import HatchIoTDeviceStateEmitterClient

/// One device's clients bound to its MAC address and product, for callers that need the device's
/// state, actions and connection but no feature provider (e.g. `hatchctl state`, `light`, `sound`).
public struct DeviceSession: Sendable {
    /// Reads state and records.
    public let stateEmitter: IoTDeviceStateEmitterClient
    /// Sends actions and record edits.
    public let actionSender: IoTActionSenderClient
    /// This device's connection state.
    public let connectionState: IoTDeviceConnectionStateClient
    /// The device's MAC address.
    public let macAddress: MacAddress
    /// The device's product.
    public let product: HardwareProduct

    /// Creates one device's clients bound to its MAC address and product.
    public init(
        stateEmitter: IoTDeviceStateEmitterClient,
        actionSender: IoTActionSenderClient,
        connectionState: IoTDeviceConnectionStateClient,
        macAddress: MacAddress,
        product: HardwareProduct
    ) {
        self.stateEmitter = stateEmitter
        self.actionSender = actionSender
        self.connectionState = connectionState
        self.macAddress = macAddress
        self.product = product
    }

    /// Binds the clients of `dependencies` to its device (the connection client is the one the session
    /// registered for the device, shared with its features).
    public init(dependencies: DeviceSessionDependencies) {
        let connectionState = (try? dependencies.container.resolve(IoTDeviceConnectionStateClient.self))
            ?? dependencies.iotDeviceConnectionStateFactory(dependencies.macAddress, dependencies.hardwareProduct)
        self.init(
            stateEmitter: dependencies.iotDeviceStateEmitter,
            actionSender: dependencies.iotActionSender,
            connectionState: connectionState,
            macAddress: dependencies.macAddress,
            product: dependencies.hardwareProduct
        )
    }

    /// The device's state stream: its current state first, then every change (`IoTDeviceStateEmitterClient.states`).
    public func states() -> AsyncStream<IoTDeviceState> { stateEmitter.states(macAddress, product) }

    /// The device's current state, read on demand (`IoTDeviceStateEmitterClient.currentState`).
    public func currentState() async throws -> IoTDeviceState { try await stateEmitter.currentState(macAddress, product) }

    /// Sends `action`; returns when the device accepted it.
    @discardableResult
    public func send(_ action: DeviceAction) async throws -> IoTActionReceipt {
        try await actionSender.send(action, macAddress, product)
    }
}
