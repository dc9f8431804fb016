/// The clock display (`clock`); absent on products without a clock.
public struct ClockState: Sendable, Hashable, Codable {
    /// Brightness 0…65535; on restoreV4/V5 packed as `night << 16 | day` (see ``ClockBrightness``).
    public var i: Int
    /// Flags: bit 15 display on, bit 11 24-hour (see ``ClockFlags``).
    public var flags: Int
    /// Whether the display switches itself on and off on a schedule.
    public var turnOffMode: ClockTurnOffMode
    /// When a scheduled display turns on (`HH:mm:ss` on the wire).
    public var turnOnAt: TimeOfDay
    /// When a scheduled display turns off (`HH:mm:ss` on the wire).
    public var turnOffAt: TimeOfDay
    /// When the display dims to night brightness (`HH:mm:ss` on the wire).
    public var turnDimAt: TimeOfDay
    /// When the display returns to day brightness (`HH:mm:ss` on the wire).
    public var turnBrightAt: TimeOfDay

    /// Creates a clock display state.
    public init(
        i: Int,
        flags: Int,
        turnOffMode: ClockTurnOffMode,
        turnOnAt: TimeOfDay,
        turnOffAt: TimeOfDay,
        turnDimAt: TimeOfDay,
        turnBrightAt: TimeOfDay
    ) {
        self.i = i
        self.flags = flags
        self.turnOffMode = turnOffMode
        self.turnOnAt = turnOnAt
        self.turnOffAt = turnOffAt
        self.turnDimAt = turnDimAt
        self.turnBrightAt = turnBrightAt
    }

    /// The wire form.
    public var jsonValue: JSONValue {
        ["i": .int(i), "flags": .int(flags), "turnOffMode": .string(turnOffMode.rawValue),
         "turnOnAt": .string(turnOnAt.wireValue), "turnOffAt": .string(turnOffAt.wireValue),
         "turnDimAt": .string(turnDimAt.wireValue), "turnBrightAt": .string(turnBrightAt.wireValue)]
    }
}

/// How the clock display is switched (`clock.turnOffMode`).
public enum ClockTurnOffMode: String, Sendable, Hashable, Codable, CaseIterable {
    /// Stays as `flags` bit 15 says.
    case never
    /// On from `turnOnAt` to `turnOffAt`, off otherwise.
    case scheduled
}

/// The bits of `clock.flags`.
public struct ClockFlags: OptionSet, Sendable, Hashable {
    /// The raw flags.
    public let rawValue: Int
    /// Creates flags from their raw value.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Bit 15: display on.
    public static let on = ClockFlags(rawValue: WireConstants.clockOnFlag)
    /// Bit 11: 24-hour display.
    public static let twentyFourHour = ClockFlags(rawValue: WireConstants.clock24HourFlag)
}

/// Day and night clock brightness, and how a product encodes them in `clock.i`.
public struct ClockBrightness: Sendable, Hashable {
    /// Brightness in the day, 0…65535.
    public var day: Int
    /// Brightness at night (after `turnDimAt`), 0…65535.
    public var night: Int

    /// Creates the day and night clock brightness.
    public init(day: Int, night: Int) {
        self.day = day
        self.night = night
    }

    /// `clock.i` for `product`: `night << 16 | day` on restoreV4/V5, `day` elsewhere.
    public func packed(for product: HardwareProduct) -> Int {
        product.capabilities.packedClockBrightness ? (night & 0xFFFF) << 16 | (day & 0xFFFF) : day
    }

    /// Reads `clock.i` of `product`; products without packing use one brightness for day and night.
    public init(packed: Int, product: HardwareProduct) {
        if product.capabilities.packedClockBrightness {
            day = packed & 0xFFFF
            night = (packed >> 16) & 0xFFFF
        } else {
            day = packed
            night = packed
        }
    }
}
