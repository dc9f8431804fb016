/// Which of a device's record collections a feature follows besides its state and connection.
package struct DeviceFeedRecords: OptionSet, Sendable {
    package let rawValue: Int

    package init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// The device's routines and favorites.
    package static let routines = DeviceFeedRecords(rawValue: 1 << 0)
    /// The device's alarms.
    package static let alarms = DeviceFeedRecords(rawValue: 1 << 1)
}
