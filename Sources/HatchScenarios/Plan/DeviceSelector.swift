import HatchDeviceModel
import HatchDeviceSimulator
import HatchScenarioFile
import HatchSeededRandom

/// Picks the devices a selection names, the same ones for the same seed.
struct DeviceSelector: Sendable {
    let devices: [DeviceSpec]
    let seed: UInt64

    /// Indices into `devices` of what `selection` names, among those whose capabilities `eligible`
    /// accepts. An unknown name or a filter that matches nothing is an error at `location`.
    func pick(_ selection: DeviceSelection, at location: FieldLocation, field: String,
              eligible: (HardwareCapabilities) -> Bool = { _ in true }) throws(ScenarioFileError) -> [Int] {
        let at = ScenarioPlanner.field(location, field)
        switch selection {
        case .all:
            return devices.indices.filter { eligible(devices[$0].profile.product.capabilities) }
        case .names(let names):
            var picked: [Int] = []
            for name in names {
                guard let index = devices.firstIndex(where: { Self.matches($0, name) }) else {
                    let some = devices.prefix(5).map(\.profile.name).joined(separator: ", ")
                    throw ScenarioFileError(at, "no device named '\(name)' (by name, MAC or thing name) in the fleet; it has e.g. \(some)")
                }
                if eligible(devices[index].profile.product.capabilities) { picked.append(index) }
            }
            return picked
        case .share(let share, let products, let zones):
            let known = Set(HardwareProduct.allCases.map(\.rawValue))
            if let unknown = products.first(where: { !known.contains($0) }) {
                throw ScenarioFileError(at, "unknown product '\(unknown)'; use one of \(HardwareProduct.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            let candidates = devices.indices.filter { eligible(devices[$0].profile.product.capabilities) && Self.selects(selection, devices[$0]) }
            if candidates.isEmpty, !(products.isEmpty && zones.isEmpty) {
                throw ScenarioFileError(at, noMatch(products: products, zones: zones))
            }
            let count = Int((Double(candidates.count) * share).rounded())
            var random = SeededRandom(seed: seed &+ UInt64(truncatingIfNeeded: location.line))
            return Array(candidates.shuffled(using: &random).prefix(count)).sorted()
        }
    }

    /// Devices the selection names that `eligible` leaves out, counted per product: the devices an
    /// action skips because their product cannot do it (alarms on a Rest+, for one).
    func leftOut(_ selection: DeviceSelection, eligible: (HardwareCapabilities) -> Bool) -> [String: Int] {
        var counts: [String: Int] = [:]
        for spec in devices where !eligible(spec.profile.product.capabilities) && Self.selects(selection, spec) {
            counts[spec.profile.product.rawValue, default: 0] += 1
        }
        return counts
    }

    private static func selects(_ selection: DeviceSelection, _ spec: DeviceSpec) -> Bool {
        switch selection {
        case .all: true
        case .names(let names): names.contains { matches(spec, $0) }
        case .share(_, let products, let zones):
            (products.isEmpty || products.contains(spec.profile.product.rawValue))
                && (zones.isEmpty || zones.contains(spec.initialSettings.timezone))
        }
    }

    /// Why a `products`/`timeZones` filter picked nothing, and what the fleet has instead.
    private func noMatch(products: [String], zones: [String]) -> String {
        var filters: [String] = []
        if !products.isEmpty { filters.append("products " + products.joined(separator: ", ")) }
        if !zones.isEmpty { filters.append("time zones " + zones.joined(separator: ", ")) }
        let filter = filters.joined(separator: " and ")
        let matching = devices.filter { Self.selects(.share(1, products: products, timeZones: zones), $0) }
        if !matching.isEmpty {
            let named = Set(matching.map(\.profile.product.rawValue)).sorted().joined(separator: ", ")
            return "the devices of \(filter) (\(named)) cannot do this action; pick products that can (see the product table)"
        }
        let fleetProducts = Set(devices.map(\.profile.product.rawValue)).sorted().joined(separator: ", ")
        let fleetZones = Set(devices.map(\.initialSettings.timezone)).sorted().joined(separator: ", ")
        return "no device of the fleet is among \(filter); the fleet has products \(fleetProducts) in time zones \(fleetZones)"
    }

    private static func matches(_ spec: DeviceSpec, _ name: String) -> Bool {
        let profile = spec.profile
        return profile.name == name || profile.macAddress.rawValue.caseInsensitiveCompare(name) == .orderedSame || profile.thingName.rawValue == name
    }
}
