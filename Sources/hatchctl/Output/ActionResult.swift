import HatchFleetControl

/// The JSON shape of a command that changed something: `{"device", "macAddress", "action", "detail", "accepted", "version"}`.
struct ActionResult: Encodable {
    var device: String
    var macAddress: String
    var action: String
    var detail: String?
    var accepted = true
    var version: Int?

    init(device: KnownDevice, action: String, detail: String?, version: Int?) {
        self.device = device.name
        self.macAddress = device.macAddress.rawValue
        self.action = action
        self.detail = detail
        self.version = version
    }
}
