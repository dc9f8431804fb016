import Foundation
import HatchDeviceModel

extension DeviceEngine {
    /// The next time an alarm needs attention (sunrise start, ramp step, snooze end).
    var nextAlarmEventDate: Date? {
        switch alarmPhase {
        case .sunrise(_, _, let fire, let nextRamp)?: return min(fire, nextRamp)
        case .snoozed(_, let until)?: return until
        case .ringing?: return nextAlarm?.sunriseStart
        case nil: return nextAlarm?.sunriseStart
        }
    }

    /// Finds the earliest enabled alarm occurrence strictly after `date` (none when alarms are disabled).
    mutating func planAlarms(after date: Date) {
        nextAlarm = nil
        guard profile.product.capabilities.alarms, !settings.alarmsDisabled else { return }
        for alarm in settings.alarms.items where alarm.enabled {
            var after = date
            if let dismissed = settings.dismissedAlarm, dismissed.id == alarm.id {
                after = max(after, Date(timeIntervalSince1970: TimeInterval(dismissed.wakeTime)))
            }
            guard let fire = nextOccurrence(of: alarm, after: after) else { continue }
            // Without a light there is no sunrise: the alarm starts at the wake time.
            let lead = profile.product.capabilities.light ? alarm.sunriseLead : 0
            let start = fire.addingTimeInterval(-TimeInterval(lead))
            if nextAlarm == nil || fire < nextAlarm!.fire {
                nextAlarm = PlannedAlarm(id: alarm.id, fire: fire, sunriseStart: max(start, date))
            }
        }
    }

    /// The first wake time of `alarm` after `date` on one of its days (any day when it is a one-time alarm).
    func nextOccurrence(of alarm: Alarm, after date: Date) -> Date? {
        for offset in 0...8 {
            guard let fire = moment(of: alarm.wakeTime, daysFrom: date, offset), fire > date else { continue }
            if alarm.daysOfWeek.isOnce || alarm.daysOfWeek.contains(weekday: calendar.component(.weekday, from: fire)) {
                return fire
            }
        }
        return nil
    }

    /// Handles the alarm event due at `now`.
    mutating func runAlarmEvent(at now: Date) -> [EngineEvent] {
        switch alarmPhase {
        case .sunrise(let id, let start, let fire, _)?:
            if now >= fire { return ring(id: id, at: now, firstTime: true) }
            rampSunrise(id: id, start: start, fire: fire, at: now)
            return []
        case .snoozed(let id, let until)? where now >= until:
            return ring(id: id, at: now, firstTime: false)
        default:
            guard let planned = nextAlarm, planned.sunriseStart <= now else { return [] }
            return beginAlarm(planned, at: now)
        }
    }

    /// Starts the sunrise (or rings at once when there is no light or no lead).
    mutating func beginAlarm(_ planned: PlannedAlarm, at now: Date) -> [EngineEvent] {
        guard let alarm = settings.alarms[id: planned.id] else {
            planAlarms(after: now)
            return []
        }
        var events: [EngineEvent] = []
        if routineRun != nil || alarmPhase != nil { events += stopPlayback() }
        state.current.srId = alarm.id
        state.current.playing = .routine
        state.current.step = 1
        state.current.paused = false
        stateChanged = true
        if planned.fire > now {
            sunriseLightHeld = false
            alarmPhase = .sunrise(id: alarm.id, start: now, fire: planned.fire, nextRamp: now)
            rampSunrise(id: alarm.id, start: now, fire: planned.fire, at: now)
            events.append(.sunriseStarted(alarmID: alarm.id))
            return events
        }
        return events + ring(id: alarm.id, at: now, firstTime: true)
    }

    /// Sets the light to the sunrise value at `now`: intensity grows linearly from 0 at the
    /// sunrise start to the alarm colour's intensity at the wake time.
    mutating func rampSunrise(id: Int, start: Date, fire: Date, at now: Date) {
        guard let alarm = settings.alarms[id: id] else { return }
        if sunriseLightHeld {
            // The person chose the light during the sunrise: it stays; the alarm still rings at `fire`.
            alarmPhase = .sunrise(id: id, start: start, fire: fire, nextRamp: fire)
            return
        }
        let total = fire.timeIntervalSince(start)
        let fraction = total > 0 ? min(1, max(0, now.timeIntervalSince(start) / total)) : 1
        var color = alarm.color
        color.i = Int((Double(alarm.color.i) * fraction).rounded())
        color.duration = 0
        color.until = .indefinite
        state.current.color = color
        stateChanged = true
        let interval = max(Self.minimumRampInterval, total / 100)
        alarmPhase = .sunrise(id: id, start: start, fire: fire, nextRamp: now.addingTimeInterval(interval))
    }

    /// The wake time (or the end of a snooze): full light, wake sound. A one-time alarm disables itself.
    mutating func ring(id: Int, at now: Date, firstTime: Bool) -> [EngineEvent] {
        guard let alarm = settings.alarms[id: id] else {
            alarmPhase = nil
            return stopPlayback()
        }
        var events: [EngineEvent] = [.alarmFired(alarmID: id)]
        alarmPhase = .ringing(id: id)
        state.current.srId = id
        state.current.playing = .routine
        state.current.step = 2
        if profile.product.capabilities.light {
            var color = alarm.color
            color.duration = 0
            color.until = .indefinite
            state.current.color = color
        }
        var sound = alarm.sound.isNoSound ? noSound : withURL(alarm.sound)
        sound.duration = 0
        sound.until = .indefinite
        state.current.sound = sound
        state.snooze = SnoozeState(active: false, startTime: 0)
        stateChanged = true
        if firstTime {
            if alarm.daysOfWeek.isOnce {
                var disabled = alarm
                disabled.enabled = false
                settings.alarms.replace(disabled)
                events += [.recordsChanged(.alarms), .settingsChanged]
            }
            planAlarms(after: now)
        }
        return events
    }

    /// Snoozes the ringing alarm from `startTime` for the alarm's (or the device's) snooze duration.
    mutating func snooze(startTime: Int, at now: Date) -> [EngineEvent] {
        guard let phase = alarmPhase else { return [] }
        let alarm = settings.alarms[id: phase.alarmID]
        let duration = alarm?.snoozeDuration ?? settings.snoozeDuration
        let start = startTime > 0 ? startTime : Self.epoch(now)
        let until = Date(timeIntervalSince1970: TimeInterval(start + duration))
        alarmPhase = .snoozed(id: phase.alarmID, until: max(until, now))
        state.current.sound = noSound
        state.snooze = SnoozeState(active: true, startTime: start)
        stateChanged = true
        return [.alarmSnoozed(alarmID: phase.alarmID, until: start + duration)]
    }

    /// Ends the alarm `id` (dismissed, deleted or disabled).
    mutating func endAlarm(id: Int) -> [EngineEvent] {
        guard alarmPhase?.alarmID == id else { return [] }
        return stopPlayback()
    }

    /// The records changed: re-plan, and end a firing alarm that no longer exists or is disabled.
    mutating func alarmsChanged(at now: Date) -> [EngineEvent] {
        var events: [EngineEvent] = []
        if let phase = alarmPhase {
            let alarm = settings.alarms[id: phase.alarmID]
            var isSunrise = false
            if case .sunrise = phase { isSunrise = true }
            if alarm == nil || (alarm?.enabled == false && isSunrise) { events += stopPlayback() }
        }
        planAlarms(after: now)
        return events
    }
}
