import HatchMemberwiseInit

/// One step of a routine: a colour (absent = light off), a sound (absent = silence) and how long it
/// lasts in seconds (0 = until stopped).
@MemberwiseInit(.public)
public struct RoutineStep: Sendable, Hashable, Codable {
    /// The light of this step.
    public var color: ColorState? = nil
    /// The sound of this step.
    public var sound: SoundState? = nil
    /// Seconds the step lasts; 0 = until stopped.
    public var duration: Int = 0

    /// Decodes leniently: `duration` defaults to 0 (until stopped).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        color = try c.decodeIfPresent(ColorState.self, forKey: .color)
        sound = try c.decodeIfPresent(SoundState.self, forKey: .sound)
        duration = try c.decodeIfPresent(Int.self, forKey: .duration) ?? 0
    }
}
