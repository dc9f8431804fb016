import Foundation

/// A parsed fleet: its devices (explicit ones first, then generated cohorts, in file order) and
/// the faults scheduled in the file.
public struct FleetDefinition: Sendable {
    /// The fleet's name.
    public var name: String
    /// The devices.
    public var devices: [DeviceSpec]
    /// Faults to inject after start.
    public var faults: [FaultInjection] = []

    /// Creates a parsed fleet.
    public init(name: String, devices: [DeviceSpec], faults: [FaultInjection] = []) {
        self.name = name
        self.devices = devices
        self.faults = faults
    }

    /// The deterministic share `index` of `count` (1-based, `--shard 2/4`): every `count`-th
    /// device starting at `index - 1`, so shards are disjoint, cover the fleet and stay stable.
    public func shard(_ index: Int, of count: Int) -> FleetDefinition {
        guard count > 1, (1...count).contains(index) else { return self }
        let devices = self.devices.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
        return FleetDefinition(name: "\(name) shard \(index)/\(count)", devices: devices, faults: faults)
    }

    /// Parses `--shard I/N`; `nil` when malformed.
    public static func parseShard(_ text: String) -> (index: Int, count: Int)? {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (1...count).contains(index) else { return nil }
        return (index, count)
    }

    /// Loads and parses a fleet file.
    public static func load(contentsOf url: URL) throws(FleetFileError) -> FleetDefinition {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw FleetFileError(file: url.path, line: 0, field: "", message: "cannot read the file (\(error.localizedDescription)); check the --devices path")
        }
        return try FleetFileParser.parse(data, file: url.path)
    }
}
