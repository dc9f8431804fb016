import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// Diagnostics about accessor names: collisions, invalid and keyword `accessorName`s, reserved and taken names.
@Suite("@DependencyRequirements expansion: accessor name diagnostics")
struct NameDiagnosticExpansionTests {
    @Test("Two requirements with one accessor name: fix-it adds accessorName: to the second")
    func collision() {
        assertDependencyRequirementsExpansion(
            """
            @DependencyRequirements(
                [Requirement(HatchAnalyticsClient.self)],
                mainActor: [Requirement(AnalyticsClient.self)]
            )
            struct FeatureDependencies {}
            """,
            expandedSource: ExpectedExpansion.emptyStruct(
                "struct FeatureDependencies",
                arguments: "[Requirement(HatchAnalyticsClient.self)], mainActor: [Requirement(AnalyticsClient.self)]",
                accessors: [
                    ExpectedExpansion.Accessor(
                        declaration: "nonisolated var analyticsClient: HatchAnalyticsClient",
                        call: #"container.requirement(HatchAnalyticsClient.self, accessor: "analyticsClient")"#),
                ],
                conformanceFor: "FeatureDependencies"),
            diagnostics: [
                DiagnosticSpec(
                    message: "'Requirement(AnalyticsClient.self)' and 'Requirement(HatchAnalyticsClient.self)' both generate an accessor named 'analyticsClient'; give one of them an `accessorName:`",
                    line: 3, column: 17,
                    notes: [NoteSpec(message: "'analyticsClient' is first generated for this requirement", line: 2, column: 6)],
                    fixIts: [FixItSpec(message: "add 'accessorName: \"analyticsClient2\"'")]),
            ],
            fixedSource: """
            @DependencyRequirements(
                [Requirement(HatchAnalyticsClient.self)],
                mainActor: [Requirement(AnalyticsClient.self, accessorName: "analyticsClient2")]
            )
            struct FeatureDependencies {}
            """)
    }

    @Test("A collision between keys of different types suggests the qualified name")
    func keyedCollision() {
        assertDependencyRequirementsExpansion(
            """
            @DependencyRequirements([
                Requirement(HatchAnalyticsClient.self, key: AnalyticsKey.main),
                Requirement(HatchAnalyticsClient.self, key: LegacyKey.main),
            ])
            struct FeatureDependencies {}
            """,
            expandedSource: ExpectedExpansion.emptyStruct(
                "struct FeatureDependencies",
                arguments: "[Requirement(HatchAnalyticsClient.self, key: AnalyticsKey.main), Requirement(HatchAnalyticsClient.self, key: LegacyKey.main),]",
                accessors: [
                    ExpectedExpansion.Accessor(
                        declaration: "nonisolated var mainAnalyticsClient: HatchAnalyticsClient",
                        call: #"container.requirement(HatchAnalyticsClient.self, key: AnalyticsKey.main, accessor: "mainAnalyticsClient")"#),
                ],
                conformanceFor: "FeatureDependencies"),
            diagnostics: [
                DiagnosticSpec(
                    message: "'Requirement(HatchAnalyticsClient.self, key: LegacyKey.main)' and 'Requirement(HatchAnalyticsClient.self, key: AnalyticsKey.main)' both generate an accessor named 'mainAnalyticsClient'; give one of them an `accessorName:`",
                    line: 3, column: 5,
                    notes: [NoteSpec(message: "'mainAnalyticsClient' is first generated for this requirement", line: 2, column: 5)],
                    fixIts: [FixItSpec(message: "add 'accessorName: \"legacyKeyMainHatchAnalyticsClient\"'")]),
            ],
            fixedSource: """
            @DependencyRequirements([
                Requirement(HatchAnalyticsClient.self, key: AnalyticsKey.main),
                Requirement(HatchAnalyticsClient.self, key: LegacyKey.main, accessorName: "legacyKeyMainHatchAnalyticsClient"),
            ])
            struct FeatureDependencies {}
            """)
    }

    @Test("accessorName that is not an identifier: fix-it proposes the closest identifier")
    func invalidAccessorName() {
        assertDependencyRequirementsExpansion(
            """
            @DependencyRequirements([Requirement(ContentClient.self, accessorName: "content-client")])
            struct FeatureDependencies {}
            """,
            expandedSource: ExpectedExpansion.emptyStruct(
                "struct FeatureDependencies",
                arguments: #"[Requirement(ContentClient.self, accessorName: "content-client")]"#,
                conformanceFor: "FeatureDependencies"),
            diagnostics: [
                DiagnosticSpec(
                    message: "accessorName \"content-client\" is not a valid Swift identifier",
                    line: 1, column: 72,
                    fixIts: [FixItSpec(message: "use accessorName \"contentClient\"")]),
            ],
            fixedSource: """
            @DependencyRequirements([Requirement(ContentClient.self, accessorName: "contentClient")])
            struct FeatureDependencies {}
            """)
    }

    @Test("accessorName that is a keyword: fix-it proposes the derived name")
    func keywordAccessorName() {
        assertDependencyRequirementsExpansion(
            """
            @DependencyRequirements([Requirement(ContentClient.self, accessorName: "default")])
            struct FeatureDependencies {}
            """,
            expandedSource: ExpectedExpansion.emptyStruct(
                "struct FeatureDependencies",
                arguments: #"[Requirement(ContentClient.self, accessorName: "default")]"#,
                conformanceFor: "FeatureDependencies"),
            diagnostics: [
                DiagnosticSpec(
                    message: "accessorName \"default\" is a Swift keyword; choose another name",
                    line: 1, column: 72,
                    fixIts: [FixItSpec(message: "use accessorName \"contentClient\"")]),
            ],
            fixedSource: """
            @DependencyRequirements([Requirement(ContentClient.self, accessorName: "contentClient")])
            struct FeatureDependencies {}
            """)
    }

    @Test("accessorName that is not a string literal")
    func accessorNameNotLiteral() {
        assertDependencyRequirementsExpansion(
            """
            @DependencyRequirements([Requirement(ContentClient.self, accessorName: name)])
            struct FeatureDependencies {}
            """,
            expandedSource: ExpectedExpansion.emptyStruct(
                "struct FeatureDependencies",
                arguments: "[Requirement(ContentClient.self, accessorName: name)]",
                conformanceFor: "FeatureDependencies"),
            diagnostics: [
                DiagnosticSpec(message: "accessorName 'name' must be a plain string literal", line: 1, column: 72),
            ])
    }

    @Test("A name reserved for the stored container, and a name the struct already declares")
    func reservedAndTakenNames() {
        assertDependencyRequirementsExpansion(
            """
            @DependencyRequirements([Requirement(Container.self), Requirement(ContentClient.self)])
            struct FeatureDependencies {
                var contentClient: ContentClient { .mock }
            }
            """,
            expandedSource: """
            struct FeatureDependencies {
                var contentClient: ContentClient { .mock }

                /// The container this module's dependencies resolve from.
                nonisolated let container: HatchModularDependencyContainer.DependencyContainer

                /// Wraps `container`; factories write `Self(container)` to use the generated accessors.
                nonisolated init(_ container: HatchModularDependencyContainer.DependencyContainer) {
                    self.container = container
                }

                /// The declared requirements, validated by `buildChild` and read by the dependency analyzer.
                nonisolated static let requirements = HatchModularDependencyContainer.DeclaredRequirements([Requirement(Container.self), Requirement(ContentClient.self)])
            }

            extension FeatureDependencies: DependencyRequirements {
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'Requirement(Container.self)' would generate an accessor named 'container', which the macro reserves for the stored container; add `accessorName:`",
                    line: 1, column: 26,
                    fixIts: [FixItSpec(message: "add 'accessorName: \"container2\"'")]),
                DiagnosticSpec(
                    message: "'contentClient' is already declared in this struct, so the accessor for 'Requirement(ContentClient.self)' cannot be generated; remove the member or add `accessorName:`",
                    line: 1, column: 55,
                    fixIts: [FixItSpec(message: "add 'accessorName: \"contentClient2\"'")]),
            ],
            fixedSource: """
            @DependencyRequirements([Requirement(Container.self, accessorName: "container2"), Requirement(ContentClient.self, accessorName: "contentClient2")])
            struct FeatureDependencies {
                var contentClient: ContentClient { .mock }
            }
            """)
    }

    @Test("A type without a natural name needs accessorName:")
    func underivableName() {
        assertDependencyRequirementsExpansion(
            """
            @DependencyRequirements([Requirement([String].self)])
            struct FeatureDependencies {}
            """,
            expandedSource: ExpectedExpansion.emptyStruct(
                "struct FeatureDependencies",
                arguments: "[Requirement([String].self)]",
                conformanceFor: "FeatureDependencies"),
            diagnostics: [
                DiagnosticSpec(
                    message: "cannot derive an accessor name for 'Requirement([String].self)'; add `accessorName:`",
                    line: 1, column: 26,
                    fixIts: [FixItSpec(message: "add 'accessorName: \"string\"'")]),
            ],
            fixedSource: """
            @DependencyRequirements([Requirement([String].self, accessorName: "string")])
            struct FeatureDependencies {}
            """)
    }
}
