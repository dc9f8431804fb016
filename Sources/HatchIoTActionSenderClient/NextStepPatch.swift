import HatchDeviceModel

/// The `state.desired` patch that moves a running routine to its next step:
/// `current {srId, step: n + 1, playing: routine, paused: false}`.
///
/// A private adapter until `HatchDeviceModel.DeviceAction` has a step action of its own.
enum NextStepPatch {
    static func desired(routineID: Int, currentStep: Int) -> JSONValue {
        ["current": ["srId": .int(routineID), "step": .int(max(1, currentStep + 1)), "playing": "routine", "paused": false]]
    }
}
