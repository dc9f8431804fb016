import HatchScenarioFile

extension Scenario {
    /// Resizes a generated fleet to `total` devices in the proportions the file gives its groups; a
    /// fleet file is left as it is.
    mutating func resizeGeneratedFleet(to total: Int) {
        if case .generated(let groups) = fleet.devices { fleet.devices = .generated(Self.resize(groups, to: total)) }
    }

    /// `groups` holding `total` devices in all, in the proportions the file gives them (largest remainders
    /// first), each group at least one device while there are devices to give.
    static func resize(_ groups: [DeviceGroup], to total: Int) -> [DeviceGroup] {
        let fileTotal = max(1, groups.reduce(0) { $0 + $1.count })
        let shares = groups.map { Double($0.count) * Double(total) / Double(fileTotal) }
        var counts = shares.map { Int($0) }
        let order = shares.indices.sorted { shares[$0] - Double(counts[$0]) > shares[$1] - Double(counts[$1]) }
        for index in order.prefix(total - counts.reduce(0, +)) { counts[index] += 1 }
        return zip(groups, counts).compactMap { group, count in
            guard count > 0 else { return nil }
            var group = group
            group.count = count
            return group
        }
    }
}
