import HatchDeviceModel

/// Where the running routine is: which routine, which step, and how long the step has left.
public struct RoutineProgress: Sendable, Hashable {
    /// The running routine.
    public var routine: Routine
    /// The 1-based step that is playing.
    public var step: Int
    /// Whether the routine is paused.
    public var paused: Bool
    /// When the step ends, as an epoch second on the device's clock; `nil` for a step that lasts until stopped.
    public var stepEndsAt: Int?
    /// Seconds left in the step at the device's latest report; `nil` for a step that lasts until stopped.
    public var timeLeft: Int?

    /// Creates the progress of a running routine.
    public init(routine: Routine, step: Int, paused: Bool, stepEndsAt: Int?, timeLeft: Int?) {
        self.routine = routine
        self.step = step
        self.paused = paused
        self.stepEndsAt = stepEndsAt
        self.timeLeft = timeLeft
    }

    /// How many steps the routine has.
    public var stepCount: Int { routine.steps.count }

    /// Whether the playing step is the routine's last.
    public var isLastStep: Bool { step >= stepCount }

    /// The playing step, when the routine has it.
    public var currentStep: RoutineStep? {
        routine.steps.indices.contains(step - 1) ? routine.steps[step - 1] : nil
    }
}
