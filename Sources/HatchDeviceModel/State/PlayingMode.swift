/// What the device is playing (`current.playing`).
public enum PlayingMode: String, Sendable, Hashable, Codable, CaseIterable {
    /// Nothing.
    case none
    /// A colour or sound set directly by the app.
    case remote
    /// A routine or favorite (`current.srId`), or a firing alarm.
    case routine
}
