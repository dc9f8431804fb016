/// Why ``FleetService`` could not run the fleet.
package enum FleetServiceError: Error, Hashable, CustomStringConvertible {
    /// No device could connect to the broker at `url`.
    case brokerUnreachable(url: String, reason: String)

    package var description: String {
        switch self {
        case .brokerUnreachable(let url, let reason):
            return "cannot reach the broker at \(url) (\(reason)); start it, or check --broker"
        }
    }
}
