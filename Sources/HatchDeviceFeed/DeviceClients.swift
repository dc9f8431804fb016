import HatchIoTActionSenderClient
import HatchIoTDeviceConnectionStateClient
import HatchIoTDeviceStateEmitterClient

/// The clients a feature provider of one device needs: its state and records, its actions and record
/// edits, and whether it is reachable. All are instance dependencies, so a struct; the routine and
/// alarm providers take it as their `Dependencies`.
public struct DeviceClients: Sendable {
    /// Reads the device's state, routines and alarms.
    public let stateEmitter: IoTDeviceStateEmitterClient
    /// Sends actions and routine and alarm edits.
    public let actionSender: IoTActionSenderClient
    /// Whether the device is reachable.
    public let connectionState: IoTDeviceConnectionStateClient

    /// Creates the dependencies.
    public init(stateEmitter: IoTDeviceStateEmitterClient, actionSender: IoTActionSenderClient,
                connectionState: IoTDeviceConnectionStateClient) {
        self.stateEmitter = stateEmitter
        self.actionSender = actionSender
        self.connectionState = connectionState
    }
}
