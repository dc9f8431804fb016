/// One step of a routine: a colour (absent = light off), a sound (absent = silence) and how long it
/// lasts in seconds (0 = until stopped).
public struct RoutineStep: Sendable, Hashable, Codable {
    /// The light of this step.
    public var color: ColorState? = nil
    /// The sound of this step.
    public var sound: SoundState? = nil
    /// Seconds the step lasts; 0 = until stopped.
    public var duration: Int = 0

    /// Creates one step of a routine.
    public init(color: ColorState? = nil, sound: SoundState? = nil, duration: Int = 0) {
        self.color = color
        self.sound = sound
        self.duration = duration
    }

    /// Decodes leniently: `duration` defaults to 0 (until stopped).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        color = try c.decodeIfPresent(ColorState.self, forKey: .color)
        sound = try c.decodeIfPresent(SoundState.self, forKey: .sound)
        duration = try c.decodeIfPresent(Int.self, forKey: .duration) ?? 0
    }
}
