import Foundation
import HatchDeviceModel

extension DeviceEngine {
    /// Applies a `state.desired` patch (or delta) as the firmware does. The patch should already
    /// have passed `StateSchema`; fields the device cannot apply are returned as unapplied.
    public mutating func apply(desired: JSONValue, at now: Date) -> CommandOutcome {
        var outcome = CommandOutcome()
        guard let fields = desired.objectValue else { return outcome }
        outcome.events += advance(to: now)
        let capabilities = profile.product.capabilities
        func mark(_ path: [String], _ applied: Bool) {
            guard let value = desired[path: path] else { return }
            if applied { outcome.applied[path: path] = value } else { outcome.unapplied[path: path] = value }
        }
        // An object's fields are in key order already.
        let restPlus = profile.product.reportsRestPlusDocument
        for (key, value) in fields where !value.isNull {
            switch key {
            case _ where restPlus && RestPlusFields.settable.contains(key):
                let applied = applyRestPlus(key, value)
                if applied { outcome.events.append(.settingsChanged) }
                mark([key], applied)
            case "current" where restPlus:
                // A Rest+ has no `current`: what plays is `isPowered`, `a` and `c`.
                mark([key], false)
            case "current":
                guard let current = value.objectValue else { continue }
                let (applied, events) = applyCurrent(current, at: now)
                outcome.events += events
                // Sorted into one applied and one unapplied object, each set once (a path set per
                // field would rebuild `current` each time).
                var appliedFields = JSONObject(), unappliedFields = JSONObject()
                func sort(_ field: String, applied: Bool) {
                    guard let value = current[field] else { return }
                    if applied { appliedFields[field] = value } else { unappliedFields[field] = value }
                }
                if let color = current["color"]?.objectValue {
                    if capabilities.light { outcome.events += applyColor(color, at: now) }
                    sort("color", applied: capabilities.light)
                }
                for field in ["paused", "playing"] { sort(field, applied: applied) }
                if let sound = current["sound"]?.objectValue {
                    outcome.events += applySound(sound, at: now)
                    sort("sound", applied: true)
                }
                for field in ["srId", "step"] { sort(field, applied: applied) }
                if !appliedFields.isEmpty { outcome.applied[key] = .object(appliedFields) }
                if !unappliedFields.isEmpty { outcome.unapplied[key] = .object(unappliedFields) }
            case "clock":
                guard capabilities.clock, let patch = value.objectValue else { mark([key], false); continue }
                applyClock(patch)
                nextScheduleEdge = nil
                // An explicit display on/off wins until the next transition; a new schedule without
                // one takes effect at once.
                let scheduleChanged = ["turnOffMode", "turnOnAt", "turnOffAt"].contains { patch[$0] != nil }
                if patch["flags"] == nil, scheduleChanged { applyClockScheduleLevel(at: now) }
                outcome.events.append(.settingsChanged)
                mark([key], true)
            case "toddlerLock":
                guard capabilities.toddlerLock, let patch = value.objectValue else { mark([key], false); continue }
                applyToddlerLock(patch, at: now)
                nextScheduleEdge = nil
                outcome.events.append(.settingsChanged)
                mark([key], true)
            case "toddlerLockOn":
                // The lock button: engages or releases the lock until the next scheduled transition.
                guard capabilities.toddlerLock, let locked = value.boolValue else { mark([key], false); continue }
                state.toddlerLockOn = locked
                stateChanged = true
                mark([key], true)
            case "nightlightOn", "nightlightIntensity":
                guard capabilities.nightlight else { mark([key], false); continue }
                if key == "nightlightOn", let on = value.boolValue {
                    settings.nightlightOn = on
                    state.nightlightOn = on
                } else if let intensity = value.intValue {
                    settings.nightlightIntensity = intensity
                    state.nightlightIntensity = intensity
                }
                stateChanged = true
                outcome.events.append(.settingsChanged)
                mark([key], true)
            case _ where ["alarmsDisabled", "snoozeDuration", "snooze"].contains(key) && !capabilities.alarms:
                mark([key], false)
            case "alarmsDisabled":
                guard let disabled = value.boolValue else { mark([key], false); continue }
                settings.alarmsDisabled = disabled
                state.alarmsDisabled = disabled
                stateChanged = true
                // Suspending alarms also ends one that is in its sunrise, ringing or snoozed.
                if disabled, alarmPhase != nil { outcome.events += stopPlayback() }
                planAlarms(after: now)
                outcome.events.append(.settingsChanged)
                mark([key], true)
            case "snoozeDuration":
                guard let seconds = value.intValue else { mark([key], false); continue }
                settings.snoozeDuration = seconds
                state.snoozeDuration = seconds
                stateChanged = true
                outcome.events.append(.settingsChanged)
                mark([key], true)
            case "snooze":
                guard let patch = value.objectValue else { mark([key], false); continue }
                if patch["active"]?.boolValue == true {
                    // Only a ringing alarm snoozes; otherwise there is nothing to silence, and the request
                    // is consumed so that it cannot snooze a later alarm from a stale `desired`.
                    guard case .ringing? = alarmPhase else {
                        mark([key], true)
                        continue
                    }
                    outcome.events += snooze(startTime: patch["startTime"]?.intValue ?? 0, at: now)
                } else if patch["active"]?.boolValue == false, alarmPhase != nil {
                    outcome.events += stopPlayback()
                }
                mark([key], true)
            case "timezone":
                guard let identifier = value.stringValue, let zoned = SharedCalendars.gregorian(in: identifier) else { mark([key], false); continue }
                settings.timezone = identifier
                state.timezone = identifier
                calendar = zoned
                nextScheduleEdge = nil
                stateChanged = true
                planAlarms(after: now)
                applyClockScheduleLevel(at: now)
                outcome.events.append(.settingsChanged)
                mark([key], true)
            default:
                // Read-only (deviceInfo, rssi, connected, lastReset) or unknown: stays desired.
                mark([key], false)
            }
        }
        return outcome
    }

    /// `current.srId/step/playing/paused`: start, jump, pause or stop. Returns whether it applied.
    mutating func applyCurrent(_ current: JSONObject, at now: Date) -> (Bool, [EngineEvent]) {
        let playing = current["playing"]?.stringValue.flatMap(PlayingMode.init(rawValue:))
        let srId = current["srId"]?.intValue
        let step = current["step"]?.intValue
        var events: [EngineEvent] = []
        var applied = true
        if playing == PlayingMode.none || (playing == nil && srId == 0) {
            events += stopPlayback()
        } else if playing == .routine || (playing == nil && (srId ?? 0) > 0) {
            let id = srId ?? state.current.srId
            if let run = routineRun, run.id == id, srId == nil || step != nil && step != run.stepIndex + 1 {
                if let step, let routine = settings.routines[id: id], step >= 1, step <= routine.steps.count {
                    applyStep(routine.steps[step - 1], index: step - 1, at: now)
                } else if step != nil {
                    applied = false
                }
            } else if alarmPhase?.alarmID == id, step == nil || settings.routines[id: id] == nil {
                // The alarm itself is "playing"; nothing to start. (A favorite with the alarm's id
                // and a step starts the favorite: `set_favorite` sends step 1.)
            } else if let started = startRoutine(id: id, step: step ?? 1, at: now) {
                events += started
            } else {
                applied = false
            }
        } else if playing == .remote {
            // A remote choice takes over from a running routine or alarm; what shows stays until the
            // patch's own colour or sound replaces it.
            if let run = routineRun {
                events.append(.routineFinished(id: run.id))
                routineRun = nil
                state.current.paused = false
            }
            events += leaveAlarm()
            if state.current.playing != .remote || step.map({ $0 != state.current.step }) == true {
                state.current.playing = .remote
                state.current.srId = 0
                state.current.step = step ?? state.current.step
                stateChanged = true
            }
        } else if let step, let run = routineRun {
            if let routine = settings.routines[id: run.id], step >= 1, step <= routine.steps.count {
                applyStep(routine.steps[step - 1], index: step - 1, at: now)
            } else {
                applied = false
            }
        }
        if let paused = current["paused"]?.boolValue, routineRun != nil, paused != state.current.paused {
            setPaused(paused, at: now)
        }
        return (applied, events)
    }

    /// `current.color`: 9998 turns the light off, 9999 (or channels alone) sets a custom colour.
    mutating func applyColor(_ patch: JSONObject, at now: Date) -> [EngineEvent] {
        if case .sunrise? = alarmPhase { sunriseLightHeld = true }
        var color = state.current.color ?? .off
        if patch["id"]?.intValue == WireConstants.colorOffID {
            color = .off
            colorEnds = nil
        } else {
            if let id = patch["id"]?.intValue {
                color.id = id
            } else if color.id == WireConstants.colorOffID {
                color.id = WireConstants.customColorID
            }
            if let r = patch["r"]?.intValue { color.r = r }
            if let g = patch["g"]?.intValue { color.g = g }
            if let b = patch["b"]?.intValue { color.b = b }
            if let w = patch["w"]?.intValue { color.w = w }
            if let i = patch["i"]?.intValue { color.i = i }
            color.duration = patch["duration"]?.intValue ?? 0
            color.until = Self.until(patch, duration: color.duration)
            colorEnds = Self.endDate(duration: color.duration, until: color.until, now: now)
            if state.current.playing == PlayingMode.none {
                state.current.playing = .remote
            }
        }
        state.current.color = color
        stateChanged = true
        dropRemoteWhenIdle()
        guard color.id == WireConstants.customColorID else { return [] }
        var preset = color
        preset.duration = 0
        preset.until = .indefinite
        settings.colorPreset = preset
        return [.settingsChanged]
    }

    /// `until` of a colour or sound patch: as given, else `duration` when a duration is given.
    static func until(_ patch: JSONObject, duration: Int) -> PlaybackUntil {
        if let text = patch["until"]?.stringValue { return PlaybackUntil(wire: text) }
        return duration > 0 ? .duration : .indefinite
    }

    /// `current.sound`: the product's no-sound id stops the sound; `v` alone changes the volume.
    mutating func applySound(_ patch: JSONObject, at now: Date) -> [EngineEvent] {
        var sound = state.current.sound
        var events: [EngineEvent] = []
        if let volume = patch["v"]?.intValue {
            sound.v = volume
            settings.volume = volume
            events.append(.settingsChanged)
        }
        if let mute = patch["mute"]?.boolValue { sound.mute = mute }
        if let id = patch["id"]?.intValue {
            if SoundState(id: id, v: 0).isNoSound {
                let volume = sound.v
                sound = noSound
                sound.v = volume
                soundEnds = nil
            } else {
                sound.id = id
                sound.url = patch["url"]?.stringValue ?? ""
                sound = withURL(sound)
                play(&sound, patch, at: now)
            }
        } else if let url = patch["url"]?.stringValue, !url.isEmpty, profile.product != .restMini {
            // A file without an id (`set_sound_url`, or a delta whose id did not change): the product's
            // sound with that file, else the sound playing now, else a stream.
            sound.url = url
            sound.id = profile.product.sounds.sounds.first { $0.url == url }?.id
                ?? (sound.isNoSound ? WireConstants.streamSoundID : sound.id)
            play(&sound, patch, at: now)
        }
        state.current.sound = sound
        stateChanged = true
        dropRemoteWhenIdle()
        return events
    }

    /// Starts `sound` from a patch's `duration`/`until`; an idle device becomes `playing: remote`.
    private mutating func play(_ sound: inout SoundState, _ patch: JSONObject, at now: Date) {
        sound.duration = patch["duration"]?.intValue ?? 0
        sound.until = Self.until(patch, duration: sound.duration)
        soundEnds = Self.endDate(duration: sound.duration, until: sound.until, now: now)
        if state.current.playing == PlayingMode.none { state.current.playing = .remote }
    }

    /// Merges a `clock` patch into the clock settings.
    mutating func applyClock(_ patch: JSONObject) {
        guard var clock = state.clock else { return }
        if let i = patch["i"]?.intValue { clock.i = i }
        if let flags = patch["flags"]?.intValue { clock.flags = flags }
        if let mode = patch["turnOffMode"]?.stringValue.flatMap(ClockTurnOffMode.init(rawValue:)) { clock.turnOffMode = mode }
        func time(_ key: String) -> TimeOfDay? { patch[key]?.stringValue.flatMap { try? TimeOfDay(parsing: $0) } }
        if let value = time("turnOnAt") { clock.turnOnAt = value }
        if let value = time("turnOffAt") { clock.turnOffAt = value }
        if let value = time("turnDimAt") { clock.turnDimAt = value }
        if let value = time("turnBrightAt") { clock.turnBrightAt = value }
        state.clock = clock
        settings.clock = clock
        stateChanged = true
    }

    /// Merges a `toddlerLock` patch and re-evaluates `toddlerLockOn`.
    mutating func applyToddlerLock(_ patch: JSONObject, at now: Date) {
        guard var lock = state.toddlerLock else { return }
        if let mode = patch["turnOnMode"]?.stringValue.flatMap(ToddlerLockMode.init(rawValue:)) { lock.turnOnMode = mode }
        if let value = patch["turnOnAt"]?.stringValue.flatMap({ try? TimeOfDay(parsing: $0) }) { lock.turnOnAt = value }
        if let value = patch["turnOffAt"]?.stringValue.flatMap({ try? TimeOfDay(parsing: $0) }) { lock.turnOffAt = value }
        state.toddlerLock = lock
        settings.toddlerLock = lock
        state.toddlerLockOn = lock.isLocked(at: timeOfDay(at: now))
        stateChanged = true
    }

    /// Sets a scheduled clock display to what its schedule says for `now`: at boot, and when the
    /// schedule or the time zone changes.
    mutating func applyClockScheduleLevel(at now: Date) {
        guard var clock = state.clock, clock.turnOffMode == .scheduled else { return }
        let on = timeOfDay(at: now).isWithin(from: clock.turnOnAt, to: clock.turnOffAt)
        clock.flags = on ? clock.flags | ClockFlags.on.rawValue : clock.flags & ~ClockFlags.on.rawValue
        state.clock = clock
        settings.clock = clock
        stateChanged = true
    }

    /// Handles a routine record request; a deleted or disabled running routine stops.
    public mutating func handle(_ request: RecordRequest<Routine>, at now: Date) throws(ShadowRejection) -> [EngineEvent] {
        try settings.routines.apply(request)
        var events: [EngineEvent] = [.recordsChanged(.routines), .settingsChanged]
        if let run = routineRun, settings.routines[id: run.id]?.enabled != true { events += stopPlayback() }
        return events
    }

    /// Handles an alarm record request and re-plans the alarms.
    public mutating func handle(_ request: RecordRequest<Alarm>, at now: Date) throws(ShadowRejection) -> [EngineEvent] {
        guard profile.product.capabilities.alarms else {
            throw ShadowRejection(code: 400, message: "A \(profile.product.marketingName) (\(profile.product.rawValue)) has no alarms")
        }
        try settings.alarms.apply(request)
        return [.recordsChanged(.alarms), .settingsChanged] + alarmsChanged(at: now)
    }
}
