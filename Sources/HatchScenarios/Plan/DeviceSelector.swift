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
            let candidates = devices.indices.filter { index in
                let profile = devices[index].profile
                return eligible(profile.product.capabilities)
                    && (products.isEmpty || products.contains(profile.product.rawValue))
                    && (zones.isEmpty || zones.contains(devices[index].initialSettings.timezone))
            }
            if candidates.isEmpty, !(products.isEmpty && zones.isEmpty) {
                throw ScenarioFileError(at, "no device of the fleet matches products \(products) and time zones \(zones)")
            }
            let count = Int((Double(candidates.count) * share).rounded())
            var random = SeededRandom(seed: seed &+ UInt64(truncatingIfNeeded: location.line))
            return Array(candidates.shuffled(using: &random).prefix(count)).sorted()
        }
    }

    private static func matches(_ spec: DeviceSpec, _ name: String) -> Bool {
        let profile = spec.profile
        return profile.name == name || profile.macAddress.rawValue.caseInsensitiveCompare(name) == .orderedSame || profile.thingName.rawValue == name
    }
}
