/// Who answers the devices' shadow requests.
public enum ShadowServiceMode: String, Sendable, Hashable, CaseIterable {
    /// The fleet does: each device runs beside its own shadow service in one value (``DeviceCore``),
    /// and the fleet answers for devices that are away. For a plain broker.
    case `internal`
    /// The broker's side does (AWS IoT Core, or `hatchctl shadow-service`): devices run their
    /// firmware alone (``FirmwareCore``), and nothing in the fleet answers a shadow request.
    case external
}
