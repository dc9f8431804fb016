/// A feature's main-actor state provider of one device that can be read once (the routine and alarm
/// providers), so a caller that resolves and loads either writes that once.
@MainActor
package protocol DeviceFeatureProvider: AnyObject, Sendable {
    /// Reads the device's state, the feature's records and the connection once.
    func load(timeout: Duration) async throws
}
