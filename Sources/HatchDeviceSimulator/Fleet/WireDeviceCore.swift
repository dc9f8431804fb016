import Foundation
import HatchDeviceModel

/// What ``SimulatedDevice`` drives on the wire: ``DeviceCore`` (firmware with its local shadow
/// service) or ``FirmwareCore`` (firmware alone, for a broker whose shadow service answers).
protocol WireDeviceCore: Sendable {
    /// The firmware role.
    var firmware: DeviceFirmware { get set }
    /// Reads a part of the firmware without copying it.
    func firmwareInPlace<Part>(_ read: (borrowing DeviceFirmware) -> Part) -> Part
    /// The next simulated time the device has work to do.
    var nextEventDate: Date { mutating get }
    /// What the engine did in the last tick or request.
    var lastEvents: [EngineEvent] { mutating get }
    /// The active faults.
    var faults: DeviceFaultState { mutating get }
    /// The topics the device subscribes to.
    var subscriptions: [String] { get }
    /// Whether the last message received was a command the device acted on.
    var lastRequestWasCommand: Bool { get }
    /// The request with a `clientToken` the last message received was.
    var lastClientRequest: ClientRequest? { get }
    /// A snapshot for the state folder.
    var persisted: PersistedDevice { get }
    /// Whether anything the state folder keeps changed since the last save.
    var needsSave: Bool { get set }
    /// The kind of a message on one of ``subscriptions``, for the message counters.
    func requestKind(of topic: String) -> MessageKind
    /// What the device publishes right after connecting.
    mutating func connected(now: Date) -> [OutgoingMessage]
    /// What the device publishes when it goes away cleanly.
    mutating func disconnecting(reason: String, now: Date) -> [OutgoingMessage]
    /// Lets simulated time pass.
    mutating func tick(now: Date) -> [OutgoingMessage]
    /// Handles a message on one of ``subscriptions``.
    mutating func receive(topic: String, payload: Data, now: Date, realNow: Date) -> [OutgoingMessage]
    /// Starts a routine as the fleet file's `autoStartRoutine` asks.
    mutating func autoStart(routine id: Int, now: Date) -> [OutgoingMessage]
    /// Whether the device's last shadow `get` is still unanswered (only a device whose shadow service
    /// is elsewhere asks for its shadow).
    var awaitsShadowSync: Bool { get }
    /// The `get` to publish again while ``awaitsShadowSync``; `nil` once it was answered.
    mutating func shadowSyncRequest() -> OutgoingMessage?
}

extension WireDeviceCore {
    // The device reads these after every tick and request, through `any WireDeviceCore` in its
    // actor. They are requirements with a mutating getter: a read of the existential works on a
    // copy of the whole core (retaining and releasing everything it holds), where a mutating access
    // works on the stored value in place. They read the firmware in place for the same reason:
    // `core.firmware.…` through the protocol would copy the whole firmware.
    var nextEventDate: Date { firmwareInPlace { $0.engine.nextEventDate } }
    var lastEvents: [EngineEvent] { firmwareInPlace { $0.lastEvents } }
    var faults: DeviceFaultState { firmwareInPlace { $0.faults } }

    /// The device's stored or known shadow document.
    var shadowDocument: ShadowDocument { persisted.shadow }

    /// The connection went away without a goodbye.
    mutating func connectionLost() { firmware.engine.setConnected(false) }

    /// Applies a fault that acts inside the firmware.
    mutating func inject(_ kind: FaultKind, realNow: Date) { firmware.applyFault(kind, realNow: realNow) }

    /// Reboots the firmware from flash.
    mutating func restart(settings: DeviceSettings, now: Date) { firmware.reboot(settings: settings, now: now) }
}

extension DeviceCore: WireDeviceCore {
    func firmwareInPlace<Part>(_ read: (borrowing DeviceFirmware) -> Part) -> Part { read(firmware) }

    /// The device's shadow is beside it: it never waits for one.
    var awaitsShadowSync: Bool { false }
    mutating func shadowSyncRequest() -> OutgoingMessage? { nil }
}

extension FirmwareCore: WireDeviceCore {
    func firmwareInPlace<Part>(_ read: (borrowing DeviceFirmware) -> Part) -> Part { read(firmware) }

    /// Settings (flash) or client tokens changed since the last save.
    public var needsSave: Bool {
        get { firmware.needsSave }
        set { firmware.needsSave = newValue }
    }
}
