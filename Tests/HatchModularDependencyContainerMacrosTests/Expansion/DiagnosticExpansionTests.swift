import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// Every diagnostic of `@DependencyRequirements`, with its position, notes, fix-its and the fixed source.
@Suite("@DependencyRequirements expansion: diagnostics")
struct DiagnosticExpansionTests {
    @Test("On a class: error with a fix-it that makes it a struct (dropping `final`)")
    func onClass() {
        assertDependencyRequirementsExpansion(
            """
            @DependencyRequirements([Requirement(ContentClient.self)])
            public final class FeatureDependencies {}
            """,
            expandedSource: """
            public final class FeatureDependencies {}
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@DependencyRequirements can only be attached to a struct, not a class; the generated type wraps a container and must be a Sendable value",
                    line: 1, column: 1, fixIts: [FixItSpec(message: "replace 'class' with 'struct'")]),
            ],
            fixedSource: """
            @DependencyRequirements([Requirement(ContentClient.self)])
            public struct FeatureDependencies {}
            """)
    }

    @Test("On an enum or an actor: error with a fix-it; on a protocol: error without one")
    func onEnumActorProtocol() {
        for (kind, article) in [("enum", "an"), ("actor", "an")] {
            assertDependencyRequirementsExpansion(
                """
                @DependencyRequirements
                \(kind) FeatureDependencies {}
                """,
                expandedSource: """
                \(kind) FeatureDependencies {}
                """,
                diagnostics: [
                    DiagnosticSpec(
                        message: "@DependencyRequirements can only be attached to a struct, not \(article) \(kind); the generated type wraps a container and must be a Sendable value",
                        line: 1, column: 1, fixIts: [FixItSpec(message: "replace '\(kind)' with 'struct'")]),
                ],
                fixedSource: """
                @DependencyRequirements
                struct FeatureDependencies {}
                """)
        }
        assertDependencyRequirementsExpansion(
            """
            @DependencyRequirements
            protocol FeatureDependencies {}
            """,
            expandedSource: """
            protocol FeatureDependencies {}
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@DependencyRequirements can only be attached to a struct, not a protocol; the generated type wraps a container and must be a Sendable value",
                    line: 1, column: 1),
            ])
    }

    @Test("On an extension: error without a fix-it, nothing generated")
    func onExtension() {
        assertDependencyRequirementsExpansion(
            """
            @DependencyRequirements([Requirement(ContentClient.self)])
            extension FeatureDependencies {}
            """,
            expandedSource: """
            extension FeatureDependencies {}
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@DependencyRequirements can only be attached to a struct, not an extension; the generated type wraps a container and must be a Sendable value",
                    line: 1, column: 1),
            ])
    }

    @Test("The same requirement twice: error on the second, note on the first, fix-it removes it")
    func duplicate() {
        assertDependencyRequirementsExpansion(
            """
            @DependencyRequirements([
                Requirement(ContentClient.self),
                Requirement(HatchAnalyticsClient.self, key: AnalyticsKey.amplitude),
                Requirement(ContentClient .self),
            ])
            struct FeatureDependencies {}
            """,
            expandedSource: ExpectedExpansion.emptyStruct(
                "struct FeatureDependencies",
                arguments: "[Requirement(ContentClient.self), Requirement(HatchAnalyticsClient.self, key: AnalyticsKey.amplitude), Requirement(ContentClient.self),]",
                accessors: [
                    ExpectedExpansion.Accessor(
                        declaration: "nonisolated var contentClient: ContentClient",
                        call: #"container.requirement(ContentClient.self, accessor: "contentClient")"#),
                    ExpectedExpansion.Accessor(
                        declaration: "nonisolated var amplitudeAnalyticsClient: HatchAnalyticsClient",
                        call: #"container.requirement(HatchAnalyticsClient.self, key: AnalyticsKey.amplitude, accessor: "amplitudeAnalyticsClient")"#),
                ],
                conformanceFor: "FeatureDependencies"),
            diagnostics: [
                DiagnosticSpec(
                    message: "'Requirement(ContentClient .self)' is declared more than once; remove the duplicate",
                    line: 4, column: 5,
                    notes: [NoteSpec(message: "first declared here", line: 2, column: 5)],
                    fixIts: [FixItSpec(message: "remove the duplicate requirement")]),
            ],
            fixedSource: """
            @DependencyRequirements([
                Requirement(ContentClient.self),
                Requirement(HatchAnalyticsClient.self, key: AnalyticsKey.amplitude),
            ])
            struct FeatureDependencies {}
            """)
    }
}
