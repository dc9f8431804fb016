import Foundation

/// A command a user named and saved from the page, to apply again to one device or to every device
/// a search matches: `{"name": "Night red", "command": {"action": "light", "color": "#FF0000", "brightness": 20}}`.
package struct SavedCommand: Sendable, Hashable, Codable {
    /// Its name, unique in the file.
    package var name: String
    /// The control's request without a device: a device action (light, sound, volume, routine, snooze, dismiss).
    package var command: DashboardRequest

    /// A saved command.
    package init(name: String, command: DashboardRequest) {
        self.name = name
        self.command = command
    }

    /// The action it does on a device, checked; a clock change or a fault is not a saved command.
    package func action() throws(DashboardRequestError) -> DashboardDeviceAction {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed.count <= 80 else { throw .invalid("a saved command needs a name of 1 to 80 characters.") }
        var request = command
        request.thing = "saved"
        guard case .device(_, let action) = try request.command() else {
            throw .invalid("only device actions can be saved (light, lightOff, sound, soundOff, volume, startRoutine, stopRoutine, snooze, dismiss, desired).")
        }
        return action
    }
}
