import HatchDeviceModel
import HatchIoTDeviceStateEmitterClient

/// Derives ``RoutineProgress`` from successive device states. It remembers when each step began (the
/// shadow timestamp of the first state that showed it), because the reported document says which step
/// plays but not since when. Pure value logic, tested without a device.
struct RoutineProgressTracker: Sendable {
    private var stepKey: StepKey?
    private var stepStartedAt: Int?

    private struct StepKey: Hashable {
        var routineID: Int
        var step: Int
    }

    /// The progress in `state`, given the device's `routines`; `nil` when no known routine runs.
    mutating func progress(in state: IoTDeviceState, routines: [Routine]) -> RoutineProgress? {
        let current = state.reported.current
        guard current.playing == .routine, current.srId != 0, current.step > 0,
              let routine = routines.first(where: { $0.id == current.srId }) else {
            stepKey = nil
            stepStartedAt = nil
            return nil
        }
        let key = StepKey(routineID: routine.id, step: current.step)
        if key != stepKey {
            stepKey = key
            stepStartedAt = state.timestamp
        }
        let duration = routine.steps.indices.contains(current.step - 1) ? routine.steps[current.step - 1].duration : 0
        var endsAt: Int?
        var playbackLimit: Int?
        if let color = current.color, color.until == .duration, color.duration > 0 { playbackLimit = color.duration }
        if current.sound.until == .duration, current.sound.duration > 0 {
            playbackLimit = max(playbackLimit ?? 0, current.sound.duration)
        }
        if let start = stepStartedAt, let limit = playbackLimit ?? (duration > 0 ? duration : nil) {
            endsAt = start + limit
        }
        let timeLeft = endsAt.map { max(0, $0 - state.timestamp) }
        return RoutineProgress(routine: routine, step: current.step, paused: current.paused, stepEndsAt: endsAt, timeLeft: timeLeft)
    }
}
