import Testing

/// The wake-up screen against devices: a simulated fleet the kit starts for each scenario, or the
/// devices the `HATCH_HIL_*` variables name. One scenario at a time, each on the devices' clock.
@Suite("Wake-up screen on devices", .serialized, .timeLimit(.minutes(10)))
@MainActor
struct WakeUpScreenHILTests {}
