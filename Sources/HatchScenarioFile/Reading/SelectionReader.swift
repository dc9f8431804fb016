import Foundation

/// Reads a device selection: `all`, `{share: 0.5, products: [..], timeZones: [..]}` or `{names: [..]}`.
enum SelectionReader {
    static let howToWrite = "`all`, `{share: 0.5}` (with optional `products` and `timeZones`) or `{names: [...]}`"

    static func read(_ value: NodeCursor) throws(ScenarioFileError) -> DeviceSelection {
        if let text = value.text {
            guard text == "all" else { throw value.error("unknown device selection `\(text)`; write \(howToWrite)") }
            return .all
        }
        guard case .mapping = value.node else { throw value.expected("a device selection: \(howToWrite)") }
        let mapping = try value.mapping("a device selection", allowed: ScenarioKeys.selection)
        if let names = mapping["names"] {
            if let other = mapping.present(["share", "products", "timeZones"]).first {
                throw value.error("a selection is either `names` or `share` (with `products` and `timeZones`), not both; found `names` and `\(other)`, write one form")
            }
            return .names(try names.list(of: "device names").map { item throws(ScenarioFileError) in try item.string() })
        }
        let share = try mapping.required("share", "a share 0…1 of the devices, e.g. `share: 0.5` (or use `all` or `names`)").share()
        let products = try mapping["products"].map { list throws(ScenarioFileError) in
            try list.list(of: "product names").map { item throws(ScenarioFileError) in try item.string() }
        } ?? []
        let timeZones = try mapping["timeZones"].map { list throws(ScenarioFileError) in try timeZoneList(list) } ?? []
        return .share(share, products: products, timeZones: timeZones)
    }

    /// A non-empty list of IANA time zones.
    static func timeZoneList(_ value: NodeCursor) throws(ScenarioFileError) -> [String] {
        try value.list(of: "IANA time zones, e.g. [America/New_York, Europe/Berlin]").map { item throws(ScenarioFileError) in
            let name = try item.string()
            guard TimeZone(identifier: name) != nil else {
                throw item.error("unknown time zone `\(name)`; write an IANA time zone name such as UTC, America/New_York or Europe/Berlin")
            }
            return name
        }
    }
}
