import Foundation

/// Reads the `fleet` section: where the devices come from, the broker, the shadow service, keep-alive,
/// how many devices connect at once and in how many processes.
enum FleetReader {
    static let brokerHowToWrite = "`private` or a URL mqtt://host:port or mqtts://host:port"

    static func read(_ value: NodeCursor) throws(ScenarioFileError) -> ScenarioFleet {
        let mapping = try value.mapping("the fleet", allowed: ScenarioKeys.fleet)
        let devices = try readDevices(try mapping.required("devices", "`devices:` with `file:` or `generate:`"))
        var fleet = ScenarioFleet(devices: devices)
        if let broker = mapping["broker"] { fleet.broker = try readBroker(broker) }
        if let shadow = mapping["shadowService"] { fleet.shadowService = try shadow.oneOf(ScenarioFleet.ShadowService.self, what: "shadow service") }
        if let keepAlive = mapping["keepAlive"] {
            let seconds = try keepAlive.duration("from 1s to 3600s") { (1...3600).contains($0) }
            guard seconds.rounded() == seconds else { throw keepAlive.error("keep-alive is whole seconds; write a duration from 1s to 3600s, e.g. 10s") }
            fleet.keepAlive = Int(seconds)
        }
        if let concurrency = mapping["connectConcurrency"] { fleet.connectConcurrency = try concurrency.wholeNumber(in: 1...10000) }
        if let shards = mapping["shards"] { fleet.shards = try shards.wholeNumber(in: 1...ScenarioFleet.maximumShards) }
        return fleet
    }

    static func readDevices(_ value: NodeCursor) throws(ScenarioFileError) -> ScenarioFleet.Devices {
        let mapping = try value.mapping("the devices", allowed: ScenarioKeys.devices)
        let (key, source) = try mapping.exactlyOne(of: ScenarioKeys.devices, "`devices`")
        if key == "file" { return .file(try source.string(), at: source.location) }
        return .generated(try source.list(of: "device groups (`product:` and `count:`)").map { item throws(ScenarioFileError) in try readGroup(item) })
    }

    static func readGroup(_ value: NodeCursor) throws(ScenarioFileError) -> DeviceGroup {
        let mapping = try value.mapping("a device group", allowed: ScenarioKeys.deviceGroup)
        let product = try mapping.required("product", "the product's fleet-file name, e.g. `product: restPlus`").string()
        let count = try mapping.required("count", "how many devices, a whole number from 1 to 100000").wholeNumber(in: 1...100_000)
        var group = DeviceGroup(product: product, count: count, location: value.location)
        if let zones = mapping["timeZones"] { group.timeZones = try SelectionReader.timeZoneList(zones) }
        if let prefix = mapping["namePrefix"] { group.namePrefix = try prefix.string(nonEmpty: false) }
        return group
    }

    static func readBroker(_ value: NodeCursor) throws(ScenarioFileError) -> ScenarioFleet.Broker {
        guard let text = value.text else { throw value.expected("a broker: \(brokerHowToWrite)") }
        if text == "private" { return .private }
        guard let url = URLComponents(string: text), let scheme = url.scheme, ["mqtt", "mqtts"].contains(scheme),
              let host = url.host, !host.isEmpty, let port = url.port, (1...65535).contains(port),
              url.path.isEmpty || url.path == "/", url.query == nil, url.fragment == nil
        else {
            throw value.error("`\(text)` is not a broker; write \(brokerHowToWrite) (the port is required)")
        }
        return .external(url: text, at: value.location)
    }
}
