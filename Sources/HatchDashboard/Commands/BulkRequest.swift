/// A command for many devices as the page posts it to `/api/bulk`:
/// `{"name": "Night red", "command": {"action": "light", …}, "things": ["restoreV5-…", …]}`.
package struct BulkRequest: Sendable, Hashable, Codable {
    /// What the tally calls it (the saved command's name).
    package var name: String
    /// The device action, as a control posts it without `thing`.
    package var command: DashboardRequest
    /// The devices, by thing name.
    package var things: [String]
}
