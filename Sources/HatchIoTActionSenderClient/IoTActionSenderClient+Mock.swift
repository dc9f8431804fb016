import HatchDeviceModel

extension IoTActionSenderClient {
    /// A client that accepts everything (recording it in `recorder`) or, when `rejection` is given,
    /// rejects everything with it. Capability checks run as in the live client.
    public static func mock(recorder: IoTActionRecorder = IoTActionRecorder(), rejection: ShadowRejection? = nil) -> Self {
        Self(
            send: { action, macAddress, product in
                if let problem = ActionCapabilityCheck.problem(with: action, on: product) {
                    throw IoTActionSenderError.unsupported(product: product, reason: problem)
                }
                let count = recorder.record(.action(action, macAddress))
                if let rejection { throw IoTActionSenderError.rejected(rejection) }
                return IoTActionReceipt(clientToken: "mock-\(count)", version: count)
            },
            nextStep: { routineID, currentStep, macAddress, _ in
                let count = recorder.record(.nextStep(routineID: routineID, currentStep: currentStep, macAddress))
                if let rejection { throw IoTActionSenderError.rejected(rejection) }
                return IoTActionReceipt(clientToken: "mock-\(count)", version: count)
            },
            editRoutines: { request, macAddress, _ in
                let count = recorder.record(.routine(request, macAddress))
                if let rejection { throw IoTActionSenderError.rejected(rejection) }
                return IoTRecordReceipt(clientToken: "mock-\(count)", dataVersion: count + 1, id: request.id ?? request.item?.id)
            },
            editAlarms: { request, macAddress, _ in
                let count = recorder.record(.alarm(request, macAddress))
                if let rejection { throw IoTActionSenderError.rejected(rejection) }
                return IoTRecordReceipt(clientToken: "mock-\(count)", dataVersion: count + 1, id: request.id ?? request.item?.id)
            },
            updateDesired: { desired, macAddress, _ in
                let count = recorder.record(.desired(desired, macAddress))
                if let rejection { throw IoTActionSenderError.rejected(rejection) }
                return IoTActionReceipt(clientToken: "mock-\(count)", version: count)
            }
        )
    }

    /// A client that accepts everything and does nothing.
    public static let noOp = Self(
        send: { _, _, _ in IoTActionReceipt(clientToken: "noop", version: 0) },
        nextStep: { _, _, _, _ in IoTActionReceipt(clientToken: "noop", version: 0) },
        editRoutines: { _, _, _ in IoTRecordReceipt(clientToken: "noop", dataVersion: 0, id: nil) },
        editAlarms: { _, _, _ in IoTRecordReceipt(clientToken: "noop", dataVersion: 0, id: nil) },
        updateDesired: { _, _, _ in IoTActionReceipt(clientToken: "noop", version: 0) }
    )
}
