import HatchMemberwiseInit
import Testing

/// A value whose initializer the compiler expands from `@MemberwiseInit`.
@MemberwiseInit(.package)
package struct SampleReading: Equatable {
    /// The device's name.
    package let name: String
    /// Brightness, 0 when omitted.
    package var level: Int = 0
    /// Set where it is declared, so not a parameter.
    package let unit = "percent"
    /// Called back on change.
    package let onChange: @Sendable (Int) -> Int

    package static func == (lhs: SampleReading, rhs: SampleReading) -> Bool {
        lhs.name == rhs.name && lhs.level == rhs.level
    }
}

/// The generated initializer as callers use it: labels, defaults and escaping closures.
@Suite("@MemberwiseInit in use")
struct MemberwiseInitBehaviourTests {
    @Test("The generated initializer sets every parameter and applies the defaults")
    func generatedInitializer() {
        let explicit = SampleReading(name: "Restore", level: 40, onChange: { $0 + 1 })
        #expect(explicit.name == "Restore")
        #expect(explicit.level == 40)
        #expect(explicit.unit == "percent")
        #expect(explicit.onChange(1) == 2)
        let defaulted = SampleReading(name: "Rest", onChange: { $0 * 2 })
        #expect(defaulted.level == 0)
        #expect(defaulted.onChange(3) == 6)
    }
}
