import Foundation
import HatchDeviceModel

extension DeviceEngine {
    /// Starts routine `id` at the 1-based `step`. Returns `nil` when the routine does not exist, is
    /// disabled or has no such step (the command then stays in the delta).
    mutating func startRoutine(id: Int, step: Int, at now: Date) -> [EngineEvent]? {
        guard let routine = settings.routines[id: id], routine.enabled, step >= 1, step <= routine.steps.count else { return nil }
        var events: [EngineEvent] = []
        if let phase = alarmPhase { events += endAlarm(id: phase.alarmID) }
        if let running = routineRun, running.id != id { events.append(.routineFinished(id: running.id)) }
        routineRun = RoutineRun(id: id, stepIndex: step - 1, stepEnds: nil)
        state.current.srId = id
        state.current.playing = .routine
        state.current.paused = false
        applyStep(routine.steps[step - 1], index: step - 1, at: now)
        events.append(.routineStarted(id: id))
        return events
    }

    /// Shows step `index` of the running routine and schedules its end.
    mutating func applyStep(_ step: RoutineStep, index: Int, at now: Date) {
        state.current.step = index + 1
        if profile.product.capabilities.light {
            var color = step.color ?? .off
            color.duration = 0
            color.until = .indefinite
            state.current.color = color
        }
        // Not `step.sound.map(withURL)`: the method as a value captures a copy of the whole engine.
        var sound = if let stepSound = step.sound { withURL(stepSound) } else { noSound }
        sound.duration = 0
        sound.until = .indefinite
        state.current.sound = sound
        colorEnds = nil
        soundEnds = nil
        routineRun?.stepIndex = index
        routineRun?.stepEnds = step.duration > 0 ? now.addingTimeInterval(TimeInterval(step.duration)) : nil
        stateChanged = true
    }

    /// Moves the running routine to its next step, or ends it after the last one.
    mutating func advanceRoutineStep(at now: Date) -> [EngineEvent] {
        guard let run = routineRun, let routine = settings.routines[id: run.id] else {
            return stopPlayback()
        }
        let next = run.stepIndex + 1
        if next < routine.steps.count {
            applyStep(routine.steps[next], index: next, at: now)
            return []
        }
        return stopPlayback()
    }

    /// Pauses or resumes the running routine; the remaining step time is kept.
    mutating func setPaused(_ paused: Bool, at now: Date) {
        guard var run = routineRun else { return }
        if paused, run.pausedRemaining == nil {
            run.pausedRemaining = run.stepEnds.map { max(0, $0.timeIntervalSince(now)) } ?? -1
            run.stepEnds = nil
        } else if !paused, let remaining = run.pausedRemaining {
            run.stepEnds = remaining >= 0 ? now.addingTimeInterval(remaining) : nil
            run.pausedRemaining = nil
        }
        routineRun = run
        state.current.paused = paused
        stateChanged = true
    }

    /// Turns everything off: `current {srId: 0, step: 0, playing: none}`, light and sound off.
    /// A ringing or snoozed alarm is dismissed.
    mutating func stopPlayback() -> [EngineEvent] {
        var events: [EngineEvent] = []
        if let run = routineRun { events.append(.routineFinished(id: run.id)) }
        events += leaveAlarm()
        routineRun = nil
        colorEnds = nil
        soundEnds = nil
        state.current.srId = 0
        state.current.step = 0
        state.current.playing = .none
        state.current.paused = false
        if state.current.color != nil { state.current.color = .off }
        state.current.sound = noSound
        if state.snooze != nil { state.snooze = SnoozeState(active: false, startTime: 0) }
        stateChanged = true
        return events
    }

    /// Ends a firing alarm (sunrise, ringing or snoozed) for good: that occurrence is over, and
    /// the next one planned is the first after its wake time, so a dismissed sunrise never
    /// starts again on the next tick. Light and sound are left to the caller.
    mutating func leaveAlarm() -> [EngineEvent] {
        guard let phase = alarmPhase else { return [] }
        alarmPhase = nil
        if state.snooze?.active == true { state.snooze = SnoozeState(active: false, startTime: 0) }
        stateChanged = true
        guard case .sunrise(let id, _, let fire, _) = phase else { return [.alarmDismissed(alarmID: phase.alarmID)] }
        settings.dismissedAlarm = DismissedAlarm(id: id, wakeTime: Self.epoch(fire))
        planAlarms(after: lastTime)
        return [.alarmDismissed(alarmID: phase.alarmID), .settingsChanged]
    }

    /// The colour's `duration`/`until` ran out.
    mutating func endColor() {
        colorEnds = nil
        if state.current.color != nil { state.current.color = .off }
        stateChanged = true
        dropRemoteWhenIdle()
    }

    /// The sound's `duration`/`until` ran out.
    mutating func endSound() {
        soundEnds = nil
        state.current.sound = noSound
        stateChanged = true
        dropRemoteWhenIdle()
    }

    /// `playing: remote` returns to `none` when neither light nor sound is on.
    mutating func dropRemoteWhenIdle() {
        guard state.current.playing == .remote else { return }
        let lightOn = state.current.color.map { $0.id != WireConstants.colorOffID } ?? false
        let soundOn = !state.current.sound.isNoSound
        if !lightOn && !soundOn {
            state.current.playing = .none
            state.current.srId = 0
            state.current.step = 0
        }
    }

    /// When a colour or sound set at `now` ends: `duration` seconds later when `until` is
    /// `duration`, never when it is `indefinite`.
    static func endDate(duration: Int, until: PlaybackUntil, now: Date) -> Date? {
        until == .duration && duration > 0 ? now.addingTimeInterval(TimeInterval(duration)) : nil
    }

    /// `sound` with the product's file for its id when it has none (a Rest 2nd gen reports the
    /// file of every sound it plays).
    func withURL(_ sound: SoundState) -> SoundState {
        guard sound.url.isEmpty, let url = profile.product.sounds.sound(id: sound.id)?.url else { return sound }
        var sound = sound
        sound.url = url
        return sound
    }
}
