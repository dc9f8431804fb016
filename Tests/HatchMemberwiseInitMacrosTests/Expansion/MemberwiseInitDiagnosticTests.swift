import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// The errors `@MemberwiseInit` reports instead of generating an initializer.
@Suite("@MemberwiseInit expansion: diagnostics")
struct MemberwiseInitDiagnosticTests {
    @Test("On a class, an enum, an actor or a protocol: error on the attribute, nothing generated")
    func notAStruct() {
        for (keyword, kind) in [("class", "a class"), ("enum", "an enum"), ("actor", "an actor"), ("protocol", "a protocol")] {
            assertMemberwiseInitExpansion(
                """
                @MemberwiseInit(.public)
                public \(keyword) Broker {}
                """,
                expandedSource: """
                public \(keyword) Broker {}
                """,
                diagnostics: [
                    DiagnosticSpec(
                        message: "@MemberwiseInit can only be attached to a struct, not \(kind); write the initializer by hand",
                        line: 1, column: 1),
                ])
        }
    }

    @Test("A stored `var` without a type annotation: error on each such property, nothing generated")
    func missingTypeAnnotation() {
        assertMemberwiseInitExpansion(
            """
            @MemberwiseInit(.public)
            public struct SoakSample {
                public var seconds: Double
                public var online = 0
                public let label = "soak"
                public var rate = 1.5
            }
            """,
            expandedSource: """
            public struct SoakSample {
                public var seconds: Double
                public var online = 0
                public let label = "soak"
                public var rate = 1.5
            }
            """,
            diagnostics: [("online", 4), ("rate", 6)].map { name, line in
                DiagnosticSpec(
                    message: "stored property '\(name)' needs a type annotation (for example `var \(name): Int = 0`) "
                        + "so @MemberwiseInit can declare its parameter",
                    line: line, column: 16)
            })
    }
}
