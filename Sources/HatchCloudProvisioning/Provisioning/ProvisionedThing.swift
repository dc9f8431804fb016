import HatchFleetFile

/// One device as AWS IoT Core knows it: its thing name (also its MQTT client id) and what the fleet
/// file says of it. A row of `things.json` and `things.csv`.
package struct ProvisionedThing: Encodable, Equatable {
    package var thingName: String
    package var macAddress: String
    package var product: String
    package var name: String
    package var fleet: String

    /// The thing of a fleet file's device.
    package init(_ device: DeviceSpec, fleet: String) {
        let profile = device.profile
        thingName = profile.thingName.rawValue
        macAddress = profile.macAddress.description
        product = profile.product.rawValue
        name = profile.name
        self.fleet = fleet
    }

    /// The header of `things.csv`.
    package static let csvHeader = "thingName,macAddress,product,name,fleet"

    /// The row of `things.csv` (RFC 4180: a field with a comma, quote or line break is quoted).
    package var csvRow: String {
        [thingName, macAddress, product, name, fleet].map(Self.csvField).joined(separator: ",")
    }

    private static func csvField(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) || text.first == " " || text.last == " " else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
