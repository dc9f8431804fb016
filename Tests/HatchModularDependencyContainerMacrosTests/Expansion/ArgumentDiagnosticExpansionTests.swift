import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// Diagnostics about the shape of the arguments: lists, elements, types and keys.
@Suite("@DependencyRequirements expansion: argument diagnostics")
struct ArgumentDiagnosticExpansionTests {
    @Test("A key that is neither a static member nor a literal")
    func unsupportedKeys() {
        assertDependencyRequirementsExpansion(
            """
            @DependencyRequirements([
                Requirement(HatchAnalyticsClient.self, key: currentKey),
                Requirement(HatchAnalyticsClient.self, key: AnalyticsKey.custom("x")),
                Requirement(HatchAnalyticsClient.self, key: .amplitude),
            ])
            struct FeatureDependencies {}
            """,
            expandedSource: ExpectedExpansion.emptyStruct(
                "struct FeatureDependencies",
                arguments: #"[Requirement(HatchAnalyticsClient.self, key: currentKey), Requirement(HatchAnalyticsClient.self, key: AnalyticsKey.custom("x")), Requirement(HatchAnalyticsClient.self, key: .amplitude),]"#,
                conformanceFor: "FeatureDependencies"),
            diagnostics: [
                DiagnosticSpec(
                    message: "key 'currentKey' must be a static member such as `AnalyticsKey.amplitude` or a string or integer literal, so the accessor name and the dependency analyzer can read it",
                    line: 2, column: 49),
                DiagnosticSpec(
                    message: "key 'AnalyticsKey.custom(\"x\")' must be a static member such as `AnalyticsKey.amplitude` or a string or integer literal, so the accessor name and the dependency analyzer can read it",
                    line: 3, column: 49),
                DiagnosticSpec(
                    message: "key '.amplitude' must name its type, for example `AnalyticsKey.amplitude`: the key's type is generic and cannot be inferred",
                    line: 4, column: 49),
            ])
    }

    @Test("A list that is not an array literal, and elements that are not Requirement calls")
    func listsAndElements() {
        assertDependencyRequirementsExpansion(
            """
            @DependencyRequirements(sharedRequirements, mainActor: [coordinatorRequirement, makeRequirement()])
            struct FeatureDependencies {}
            """,
            expandedSource: ExpectedExpansion.emptyStruct(
                "struct FeatureDependencies",
                arguments: "sharedRequirements, mainActor: [coordinatorRequirement, makeRequirement()]",
                conformanceFor: "FeatureDependencies"),
            diagnostics: [
                DiagnosticSpec(
                    message: "the requirements list must be an array literal of `Requirement(...)` so the macro can generate one accessor per element",
                    line: 1, column: 25),
                DiagnosticSpec(
                    message: "'coordinatorRequirement' is not a `Requirement(...)` call; write each element of `mainActor:` inline, for example `Requirement(ContentClient.self)`",
                    line: 1, column: 57),
                DiagnosticSpec(
                    message: "'makeRequirement()' is not a `Requirement(...)` call; write each element of `mainActor:` inline, for example `Requirement(ContentClient.self)`",
                    line: 1, column: 81),
            ])
    }

    @Test("Requirement in inputs (and InputRequirement in requirements): fix-it swaps the initializer")
    func wrongCallee() {
        assertDependencyRequirementsExpansion(
            """
            @DependencyRequirements([InputRequirement(ContentClient.self)], inputs: [Requirement(MacAddress.self)])
            struct FeatureDependencies {}
            """,
            expandedSource: ExpectedExpansion.emptyStruct(
                "struct FeatureDependencies",
                arguments: "[InputRequirement(ContentClient.self)], inputs: [Requirement(MacAddress.self)]",
                conformanceFor: "FeatureDependencies"),
            diagnostics: [
                DiagnosticSpec(
                    message: "the requirements list takes `Requirement(...)`, not `InputRequirement(...)`",
                    line: 1, column: 26, fixIts: [FixItSpec(message: "use 'Requirement'")]),
                DiagnosticSpec(
                    message: "`inputs:` takes `InputRequirement(...)`, not `Requirement(...)`",
                    line: 1, column: 74, fixIts: [FixItSpec(message: "use 'InputRequirement'")]),
            ],
            fixedSource: """
            @DependencyRequirements([Requirement(ContentClient.self)], inputs: [InputRequirement(MacAddress.self)])
            struct FeatureDependencies {}
            """)
    }

    @Test("A requirement without `T.self`, and a keyed input")
    func missingMetatypeAndKeyedInput() {
        assertDependencyRequirementsExpansion(
            """
            @DependencyRequirements([Requirement(ContentClient)], inputs: [InputRequirement(MacAddress.self, key: InputKey.main)])
            struct FeatureDependencies {}
            """,
            expandedSource: ExpectedExpansion.emptyStruct(
                "struct FeatureDependencies",
                arguments: "[Requirement(ContentClient)], inputs: [InputRequirement(MacAddress.self, key: InputKey.main)]",
                conformanceFor: "FeatureDependencies"),
            diagnostics: [
                DiagnosticSpec(
                    message: "'Requirement(ContentClient)' must name its type as the first argument, for example `Requirement(ContentClient.self)`",
                    line: 1, column: 26),
                DiagnosticSpec(
                    message: "'InputRequirement(MacAddress.self, key: InputKey.main)': inputs cannot be keyed; provide a distinct input type instead",
                    line: 1, column: 98),
            ])
    }

    @Test("Qualified and `.init` spellings of the initializers are accepted")
    func qualifiedInitializers() {
        assertDependencyRequirementsExpansion(
            """
            @DependencyRequirements([HatchModularDependencyContainer.Requirement(ContentClient.self)], inputs: [InputRequirement.init(MacAddress.self)])
            struct FeatureDependencies: DependencyRequirements {}
            """,
            expandedSource: ExpectedExpansion.emptyStruct(
                "struct FeatureDependencies: DependencyRequirements",
                arguments: "[HatchModularDependencyContainer.Requirement(ContentClient.self)], inputs: [InputRequirement.init(MacAddress.self)]",
                accessors: [
                    ExpectedExpansion.Accessor(
                        declaration: "nonisolated var contentClient: ContentClient",
                        call: #"container.requirement(ContentClient.self, accessor: "contentClient")"#),
                    ExpectedExpansion.Accessor(
                        declaration: "nonisolated var macAddress: MacAddress",
                        call: #"container.input(MacAddress.self, accessor: "macAddress")"#),
                ]))
    }

    @Test("A keyed Requirement in inputs has no input form, so no fix-it is offered")
    func keyedRequirementInInputs() {
        assertDependencyRequirementsExpansion(
            """
            @DependencyRequirements(inputs: [Requirement(MacAddress.self, key: InputKey.main)])
            struct FeatureDependencies: DependencyRequirements {}
            """,
            expandedSource: ExpectedExpansion.emptyStruct(
                "struct FeatureDependencies: DependencyRequirements",
                arguments: "inputs: [Requirement(MacAddress.self, key: InputKey.main)]"),
            diagnostics: [
                DiagnosticSpec(
                    message: "`inputs:` takes `InputRequirement(...)`, not `Requirement(...)`",
                    line: 1, column: 34),
            ])
    }
}
