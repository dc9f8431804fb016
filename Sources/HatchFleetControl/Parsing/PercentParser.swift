import HatchDeviceModel

/// Parses a percentage 0…100 into the 0…65535 scale.
package enum PercentParser {
    /// `percent` on the 0…65535 scale; `option` names the option in the error for a value outside 0…100.
    package static func scale(_ percent: Int, option: String) throws(FleetControlError) -> Int {
        guard (0...100).contains(percent) else { throw .invalidArgument("\(option) must be 0…100 (percent), not \(percent).") }
        return percent * WireConstants.fullScale / 100
    }
}
