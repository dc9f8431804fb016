import HatchAdultAlarms
import HatchDeviceModel
import HatchIoTActionSenderClient

extension DeviceTarget {
    /// The body of `alarm enable|disable|delete`: find the alarm, apply one edit, report it.
    func editAlarm(
        _ alarmQuery: String, action: String, pastTense: String,
        edit: @escaping @MainActor (AlarmStateProvider, Alarm) async throws -> IoTRecordReceipt
    ) async throws {
        try await onAlarms(action) { provider, device in
            let alarm = try provider.alarm(matching: alarmQuery)
            let receipt = try await edit(provider, alarm)
            return .init(detail: alarm.name, version: receipt.dataVersion, text: "\(pastTense) \"\(alarm.name)\" on \(device.name).")
        }
    }
}
