/// A routine or favorite kept by the device (started with `current.srId`).
public struct Routine: DeviceRecord {
    /// Id (the `srId` that starts it).
    public var id: Int
    /// Name shown in the app.
    public var name: String
    /// Favorite, sleep, wake or flex.
    public var type: RoutineType = .flex
    /// Whether the routine can be started.
    public var enabled: Bool = true
    /// The steps, run in order.
    public var steps: [RoutineStep]

    /// Creates a routine or favorite kept by the device.
    public init(id: Int, name: String, type: RoutineType = .flex, enabled: Bool = true, steps: [RoutineStep]) {
        self.id = id
        self.name = name
        self.type = type
        self.enabled = enabled
        self.steps = steps
    }

    /// Decodes leniently: `type` defaults to flex, `enabled` to true.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decodeIfPresent(Int.self, forKey: .id) ?? 0
        name = try c.decode(String.self, forKey: .name)
        type = try c.decodeIfPresent(RoutineType.self, forKey: .type) ?? .flex
        enabled = try c.decodeIfPresent(Bool.self, forKey: .enabled) ?? true
        steps = try c.decode([RoutineStep].self, forKey: .steps)
    }

    /// `routines`.
    public static let kind = RecordKind.routines
    /// `routine`.
    public static let singularKey = "routine"

    /// The longest step: a week.
    public static let maximumStepDuration = 7 * 86_400

    /// Names the first invalid field, or `nil`.
    public func validationProblem() -> String? {
        if !(0...Int(Int32.max)).contains(id) { return "id must be 1…2147483647 (0 or absent assigns the next free id)" }
        if name.isEmpty { return "name must not be empty" }
        if steps.isEmpty { return "steps must hold at least one step" }
        for (index, step) in steps.enumerated() {
            if !(0...Self.maximumStepDuration).contains(step.duration) {
                return "steps[\(index)].duration must be 0 (until stopped) or 1…\(Self.maximumStepDuration) seconds"
            }
            if let color = step.color, let problem = RangeCheck.color(color) { return "steps[\(index)].color.\(problem)" }
            if let sound = step.sound, !RangeCheck.isScale(sound.v) { return "steps[\(index)].sound.v must be 0…65535" }
        }
        return nil
    }
}
