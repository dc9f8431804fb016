/// A value of `state.reported` that changes over time (a leaf of its JSON): `current`'s values, which a
/// routine step changes, the battery level and the signal strength, in the order of their sorted
/// keys. Named so that a device's report can write its leaves straight into a stored document rather
/// than build a patch for it.
@usableFromInline
package enum ReportedLeaf: Int, CaseIterable, Sendable {
    case colorB, colorDuration, colorG, colorI, colorID, colorR, colorUntil, colorW
    case paused, playing
    case soundDuration, soundID, soundMute, soundUntil, soundURL, soundV
    case srId, step
    case battery
    case rssi

    /// The keys from `state.reported` down to the leaf.
    package var path: [String] {
        switch self {
        case .colorB: ["current", "color", "b"]
        case .colorDuration: ["current", "color", "duration"]
        case .colorG: ["current", "color", "g"]
        case .colorI: ["current", "color", "i"]
        case .colorID: ["current", "color", "id"]
        case .colorR: ["current", "color", "r"]
        case .colorUntil: ["current", "color", "until"]
        case .colorW: ["current", "color", "w"]
        case .paused: ["current", "paused"]
        case .playing: ["current", "playing"]
        case .soundDuration: ["current", "sound", "duration"]
        case .soundID: ["current", "sound", "id"]
        case .soundMute: ["current", "sound", "mute"]
        case .soundUntil: ["current", "sound", "until"]
        case .soundURL: ["current", "sound", "url"]
        case .soundV: ["current", "sound", "v"]
        case .srId: ["current", "srId"]
        case .step: ["current", "step"]
        case .battery: ["deviceInfo", "b"]
        case .rssi: ["rssi"]
        }
    }
}

extension ReportedState {
    /// Calls `body` with each ``ReportedLeaf`` whose value differs from `old`'s, in key order (the
    /// leaves of the patch from `old` to this state); returns `false`, calling nothing, when anything
    /// else differs (a setting, a field or a light that appeared or went away) or this is a Rest+
    /// (1st gen) document, whose report is made as a patch.
    @inlinable
    package func forEachChangedLeaf(from old: borrowing ReportedState, _ body: (ReportedLeaf, JSONValue) -> Void) -> Bool {
        guard !isRestPlusDocument, (current.color == nil) == (old.current.color == nil), (deviceInfo.b == nil) == (old.deviceInfo.b == nil),
              deviceInfo.f == old.deviceInfo.f, deviceInfo.fR == old.deviceInfo.fR, deviceInfo.hwVersion == old.deviceInfo.hwVersion,
              deviceInfo.powerStatus == old.deviceInfo.powerStatus,
              alarmsDisabled == old.alarmsDisabled, snoozeDuration == old.snoozeDuration, snooze == old.snooze,
              connected == old.connected, timezone == old.timezone, clock == old.clock, toddlerLock == old.toddlerLock,
              toddlerLockOn == old.toddlerLockOn, nightlightOn == old.nightlightOn, nightlightIntensity == old.nightlightIntensity,
              lastReset == old.lastReset, firmwareFields == old.firmwareFields else { return false }
        if let color = current.color, let previous = old.current.color {
            if color.b != previous.b { body(.colorB, .int(color.b)) }
            if color.duration != previous.duration { body(.colorDuration, .int(color.duration)) }
            if color.g != previous.g { body(.colorG, .int(color.g)) }
            if color.i != previous.i { body(.colorI, .int(color.i)) }
            if color.id != previous.id { body(.colorID, .int(color.id)) }
            if color.r != previous.r { body(.colorR, .int(color.r)) }
            if color.until != previous.until { body(.colorUntil, .string(color.until.rawValue)) }
            if color.w != previous.w { body(.colorW, .int(color.w)) }
        }
        let sound = current.sound, oldSound = old.current.sound
        if current.paused != old.current.paused { body(.paused, .bool(current.paused)) }
        if current.playing != old.current.playing { body(.playing, .string(current.playing.rawValue)) }
        if sound.duration != oldSound.duration { body(.soundDuration, .int(sound.duration)) }
        if sound.id != oldSound.id { body(.soundID, .int(sound.id)) }
        if sound.mute != oldSound.mute { body(.soundMute, .bool(sound.mute)) }
        if sound.until != oldSound.until { body(.soundUntil, .string(sound.until.rawValue)) }
        if sound.url != oldSound.url { body(.soundURL, .string(sound.url)) }
        if sound.v != oldSound.v { body(.soundV, .int(sound.v)) }
        if current.srId != old.current.srId { body(.srId, .int(current.srId)) }
        if current.step != old.current.step { body(.step, .int(current.step)) }
        if let battery = deviceInfo.b, battery != old.deviceInfo.b { body(.battery, .int(battery)) }
        if rssi != old.rssi { body(.rssi, .int(rssi)) }
        return true
    }
}
