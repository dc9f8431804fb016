/// A one-shot job an event-loop thread runs at or after `deadline`.
struct LoopTimer {
    let deadline: ContinuousClock.Instant
    let job: () -> Void
}
