import Testing

private typealias Accessor = ExpectedExpansion.Accessor

/// Expansion of every argument form the production cookbook uses, checked text for text.
@Suite("@DependencyRequirements expansion: argument forms")
struct ArgumentFormExpansionTests {
    @Test("The contract example: requirements, keyed requirement, main actor and inputs")
    func contractExample() {
        assertDependencyRequirementsExpansion(
            """
            @DependencyRequirements([Requirement(ContentClient.self), Requirement(HatchAnalyticsClient.self, key: AnalyticsKey.amplitude)],
                                    mainActor: [Requirement(AdultRoutineCoordinator.self)],
                                    inputs: [InputRequirement(HardwareProduct.self)])
            public struct MyFeatureDependencies: DependencyRequirements {}
            """,
            expandedSource: """
            public struct MyFeatureDependencies: DependencyRequirements {

                /// The container this module's dependencies resolve from.
                public nonisolated let container: HatchModularDependencyContainer.DependencyContainer

                /// Wraps `container`; factories write `Self(container)` to use the generated accessors.
                public nonisolated init(_ container: HatchModularDependencyContainer.DependencyContainer) {
                    self.container = container
                }

                /// The declared requirements, validated by `buildChild` and read by the dependency analyzer.
                public nonisolated static let requirements = HatchModularDependencyContainer.DeclaredRequirements([Requirement(ContentClient.self), Requirement(HatchAnalyticsClient.self, key: AnalyticsKey.amplitude)], mainActor: [Requirement(AdultRoutineCoordinator.self)], inputs: [InputRequirement(HardwareProduct.self)])

                public nonisolated var contentClient: ContentClient {
                    container.requirement(ContentClient.self, accessor: "contentClient")
                }

                public nonisolated var amplitudeAnalyticsClient: HatchAnalyticsClient {
                    container.requirement(HatchAnalyticsClient.self, key: AnalyticsKey.amplitude, accessor: "amplitudeAnalyticsClient")
                }

                @MainActor public var adultRoutineCoordinator: AdultRoutineCoordinator {
                    container.mainActorRequirement(AdultRoutineCoordinator.self, accessor: "adultRoutineCoordinator")
                }

                public nonisolated var hardwareProduct: HardwareProduct {
                    container.input(HardwareProduct.self, accessor: "hardwareProduct")
                }
            }
            """)
    }

    @Test("Protocol types and nested types: `(any P).self`, `A.B.self`; comments stay out of the metadata")
    func protocolAndNestedTypes() {
        assertDependencyRequirementsExpansion(
            """
            @DependencyRequirements([
                // Protocol type
                Requirement((any DeviceSettingsViewControllerProvider).self),
                Requirement(IoTDeviceConnectionStateClient.Factory.self),
            ])
            struct DeviceDependencies: DependencyRequirements {}
            """,
            expandedSource: ExpectedExpansion.emptyStruct(
                "struct DeviceDependencies: DependencyRequirements",
                arguments: "[Requirement((any DeviceSettingsViewControllerProvider).self), Requirement(IoTDeviceConnectionStateClient.Factory.self),]",
                accessors: [
                    Accessor(
                        declaration: "nonisolated var deviceSettingsViewControllerProvider: any DeviceSettingsViewControllerProvider",
                        call: #"container.requirement((any DeviceSettingsViewControllerProvider).self, accessor: "deviceSettingsViewControllerProvider")"#),
                    Accessor(
                        declaration: "nonisolated var iotDeviceConnectionStateClientFactory: IoTDeviceConnectionStateClient.Factory",
                        call: #"container.requirement(IoTDeviceConnectionStateClient.Factory.self, accessor: "iotDeviceConnectionStateClientFactory")"#),
                ]))
    }

    @Test("accessorName: wins, for requirements and inputs")
    func accessorNames() {
        assertDependencyRequirementsExpansion(
            """
            @DependencyRequirements(
                [
                    Requirement(IoTActionSenderClient.self, accessorName: "iotActionSender"),
                    Requirement(IoTDeviceConnectionStateClient.Factory.self, accessorName: "iotDeviceConnectionStateFactory"),
                ],
                inputs: [InputRequirement(HA25ToolbarViewModel.self, accessorName: "toolbarViewModel")]
            )
            public struct AccessorDependencies: DependencyRequirements {}
            """,
            expandedSource: ExpectedExpansion.emptyStruct(
                "public struct AccessorDependencies: DependencyRequirements",
                access: "public ",
                arguments: #"[Requirement(IoTActionSenderClient.self, accessorName: "iotActionSender"), Requirement(IoTDeviceConnectionStateClient.Factory.self, accessorName: "iotDeviceConnectionStateFactory"),], inputs: [InputRequirement(HA25ToolbarViewModel.self, accessorName: "toolbarViewModel")]"#,
                accessors: [
                    Accessor(
                        declaration: "public nonisolated var iotActionSender: IoTActionSenderClient",
                        call: #"container.requirement(IoTActionSenderClient.self, accessor: "iotActionSender")"#),
                    Accessor(
                        declaration: "public nonisolated var iotDeviceConnectionStateFactory: IoTDeviceConnectionStateClient.Factory",
                        call: #"container.requirement(IoTDeviceConnectionStateClient.Factory.self, accessor: "iotDeviceConnectionStateFactory")"#),
                    Accessor(
                        declaration: "public nonisolated var toolbarViewModel: HA25ToolbarViewModel",
                        call: #"container.input(HA25ToolbarViewModel.self, accessor: "toolbarViewModel")"#),
                ]))
    }

    @Test("Leading acronyms, the Hatch prefix, a keyed main-actor requirement; conformance added when not stated")
    func acronymsPrefixAndKeyedMainActor() {
        assertDependencyRequirementsExpansion(
            """
            @DependencyRequirements(
                [Requirement(IoTActionSenderClient.self), Requirement(HatchAnalyticsClient.self)],
                mainActor: [Requirement(UserDefaultsClient.self, key: BedtimeRemindersKey.goodnightPhone)],
                inputs: [InputRequirement(HA25ToolbarViewModel.self)]
            )
            package struct AcronymDependencies {}
            """,
            expandedSource: ExpectedExpansion.emptyStruct(
                "package struct AcronymDependencies",
                access: "package ",
                arguments: "[Requirement(IoTActionSenderClient.self), Requirement(HatchAnalyticsClient.self)], mainActor: [Requirement(UserDefaultsClient.self, key: BedtimeRemindersKey.goodnightPhone)], inputs: [InputRequirement(HA25ToolbarViewModel.self)]",
                accessors: [
                    Accessor(
                        declaration: "package nonisolated var iotActionSenderClient: IoTActionSenderClient",
                        call: #"container.requirement(IoTActionSenderClient.self, accessor: "iotActionSenderClient")"#),
                    Accessor(
                        declaration: "package nonisolated var analyticsClient: HatchAnalyticsClient",
                        call: #"container.requirement(HatchAnalyticsClient.self, accessor: "analyticsClient")"#),
                    Accessor(
                        declaration: "@MainActor package var goodnightPhoneUserDefaultsClient: UserDefaultsClient",
                        call: #"container.mainActorRequirement(UserDefaultsClient.self, key: BedtimeRemindersKey.goodnightPhone, accessor: "goodnightPhoneUserDefaultsClient")"#),
                    Accessor(
                        declaration: "package nonisolated var ha25ToolbarViewModel: HA25ToolbarViewModel",
                        call: #"container.input(HA25ToolbarViewModel.self, accessor: "ha25ToolbarViewModel")"#),
                ],
                conformanceFor: "AcronymDependencies"))
    }

    @Test("Literal keys, generic types, keyword names and a private struct")
    func literalKeysGenericsAndKeywords() {
        assertDependencyRequirementsExpansion(
            """
            @DependencyRequirements([
                Requirement(ContentClient.self, key: "goodnight phone"),
                Requirement(ContentClient.self, key: 2),
                Requirement(Box<Int>.self),
                Requirement(Default.self),
            ])
            private struct LiteralDependencies: DependencyRequirements {}
            """,
            expandedSource: ExpectedExpansion.emptyStruct(
                "private struct LiteralDependencies: DependencyRequirements",
                access: "fileprivate ",
                arguments: #"[Requirement(ContentClient.self, key: "goodnight phone"), Requirement(ContentClient.self, key: 2), Requirement(Box<Int>.self), Requirement(Default.self),]"#,
                accessors: [
                    Accessor(
                        declaration: "fileprivate nonisolated var goodnightPhoneContentClient: ContentClient",
                        call: #"container.requirement(ContentClient.self, key: "goodnight phone", accessor: "goodnightPhoneContentClient")"#),
                    Accessor(
                        declaration: "fileprivate nonisolated var contentClient2: ContentClient",
                        call: #"container.requirement(ContentClient.self, key: 2, accessor: "contentClient2")"#),
                    Accessor(
                        declaration: "fileprivate nonisolated var box: Box<Int>",
                        call: #"container.requirement(Box<Int>.self, accessor: "box")"#),
                    Accessor(
                        declaration: "fileprivate nonisolated var `default`: Default",
                        call: #"container.requirement(Default.self, accessor: "default")"#),
                ]))
    }

    @Test("Stated TestDependencyProvider conformance: no extension is added")
    func testDependencyProviderConformance() {
        assertDependencyRequirementsExpansion(
            """
            @DependencyRequirements(inputs: [InputRequirement(MacAddress.self)])
            struct PreviewDependencies: TestDependencyProvider {}
            """,
            expandedSource: ExpectedExpansion.emptyStruct(
                "struct PreviewDependencies: TestDependencyProvider",
                arguments: "inputs: [InputRequirement(MacAddress.self)]",
                accessors: [
                    Accessor(declaration: "nonisolated var macAddress: MacAddress",
                             call: #"container.input(MacAddress.self, accessor: "macAddress")"#),
                ]))
    }

    @Test("No arguments: only the conformance members; existing members are kept")
    func noArguments() {
        assertDependencyRequirementsExpansion(
            """
            @DependencyRequirements
            struct RootDependencies {
                static func registerDependencies(in builder: DependencyBuilder<RootDependencies>) {}
            }
            """,
            expandedSource: """
            struct RootDependencies {
                static func registerDependencies(in builder: DependencyBuilder<RootDependencies>) {}

                /// The container this module's dependencies resolve from.
                nonisolated let container: HatchModularDependencyContainer.DependencyContainer

                /// Wraps `container`; factories write `Self(container)` to use the generated accessors.
                nonisolated init(_ container: HatchModularDependencyContainer.DependencyContainer) {
                    self.container = container
                }

                /// The declared requirements, validated by `buildChild` and read by the dependency analyzer.
                nonisolated static let requirements = HatchModularDependencyContainer.DeclaredRequirements()
            }

            extension RootDependencies: DependencyRequirements {
            }
            """)
    }
}
