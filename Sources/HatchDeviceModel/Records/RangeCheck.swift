/// Range checks shared by records and the simulator's command validation.
public enum RangeCheck {
    /// Whether `value` is on the 0…65535 scale.
    public static func isScale(_ value: Int) -> Bool { (0...WireConstants.fullScale).contains(value) }

    /// The first out-of-range channel of a colour (`r must be 0…65535`), or `nil`.
    public static func color(_ color: ColorState) -> String? {
        for (name, value) in [("r", color.r), ("g", color.g), ("b", color.b), ("w", color.w), ("i", color.i)]
        where !isScale(value) {
            return "\(name) must be 0…65535"
        }
        return nil
    }
}
