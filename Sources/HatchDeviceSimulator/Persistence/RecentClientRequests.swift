/// The client-token windows of one device (shadow updates, routine and alarm requests), as the
/// state folder keeps them so that a request repeated after a restart is still answered, not applied.
public struct RecentClientRequests: Sendable, Hashable, Codable {
    /// Accepted shadow updates.
    public var shadowUpdates: ClientTokenWindow<AcceptedUpdate> = ClientTokenWindow()
    /// Accepted routine requests.
    public var routines: ClientTokenWindow<AcceptedRecordRequest> = ClientTokenWindow()
    /// Accepted alarm requests.
    public var alarms: ClientTokenWindow<AcceptedRecordRequest> = ClientTokenWindow()

    /// Creates the client-token windows of one device.
    public init(
        shadowUpdates: ClientTokenWindow<AcceptedUpdate> = ClientTokenWindow(),
        routines: ClientTokenWindow<AcceptedRecordRequest> = ClientTokenWindow(),
        alarms: ClientTokenWindow<AcceptedRecordRequest> = ClientTokenWindow()
    ) {
        self.shadowUpdates = shadowUpdates
        self.routines = routines
        self.alarms = alarms
    }
}
