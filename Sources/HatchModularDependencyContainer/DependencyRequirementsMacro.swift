/// Declares a feature module's dependencies and generates everything a `DependencyRequirements` conformance
/// needs, so the struct's body can stay empty:
///
/// ```swift
/// @DependencyRequirements(
///     [Requirement(ContentClient.self), Requirement(HatchAnalyticsClient.self, key: AnalyticsKey.amplitude)],
///     mainActor: [Requirement(AdultRoutineCoordinator.self)],
///     inputs: [InputRequirement(HardwareProduct.self)]
/// )
/// public struct MyFeatureDependencies: DependencyRequirements {}
/// ```
///
/// It adds the stored `container`, `init(_ container:)` (so factories can write `Self(container)`),
/// `static let requirements` (the metadata `buildChild` validates and the analyzer reads) and one read-only
/// accessor per requirement, with the struct's access level. Accessors of `requirements` and `inputs` (and
/// the container, initializer and metadata) are explicitly `nonisolated`, so even a `@MainActor` struct
/// conforms; those of `mainActor` are `@MainActor`. The `: DependencyRequirements` clause is optional:
/// the macro adds the conformance when it is missing. The struct is `Sendable`: it stores only the container.
///
/// ## Accessor names
/// 1. `accessorName:` wins: `Requirement(IoTActionSenderClient.self, accessorName: "iotActionSender")` →
///    `iotActionSender`. It must be a plain string literal holding a Swift identifier that is not a keyword.
/// 2. Otherwise the name comes from the type's name components, joined: `ContentClient` → `contentClient`,
///    `IoTDeviceConnectionStateClient.Factory` → `iotDeviceConnectionStateClientFactory`. `any`, `some`,
///    parentheses and generic arguments are ignored: `(any DeviceSettingsViewControllerProvider)` →
///    `deviceSettingsViewControllerProvider`, `Box<Int>` → `box`.
/// 3. A leading `Hatch` product prefix followed by another word is dropped, keyed or not:
///    `HatchAnalyticsClient` → `analyticsClient`. (`Hatch` alone or `Hatchery` are kept.)
/// 4. A key adds its name in front: the last member of a static member key
///    (`HatchAnalyticsClient` + `AnalyticsKey.amplitude` → `amplitudeAnalyticsClient`) or the words of a string
///    literal key (`"goodnight phone"` → `goodnightPhoneAnalyticsClient`); an integer literal key is appended
///    (`key: 2` → `contentClient2`). Other key expressions are rejected.
/// 5. The first word is lowered whole, so leading acronyms read naturally: `IoTActionSenderClient` →
///    `iotActionSenderClient`, `HA25ToolbarViewModel` → `ha25ToolbarViewModel`, `URLSession` → `urlSession`.
/// 6. A derived name that is a keyword is declared as a backtick-quoted identifier (`Default` → `default`,
///    used as `dependencies.default`).
///
/// ## Diagnostics
/// Compile-time errors, with fix-its where one exists: the attribute on a class, enum or actor (make it a
/// struct); a list that is not an array literal of `Requirement(...)`/`InputRequirement(...)`; the same type
/// and key listed twice (remove the duplicate); two requirements mapping to one accessor name, or to a member
/// the struct declares, or to `container` (add `accessorName:`); an `accessorName` that is not a literal, not an
/// identifier or a keyword; a key that is not a static member such as `AnalyticsKey.amplitude` or a literal.
///
/// - Parameters:
///   - requirements: Sendable dependencies inherited from the parent container (or registered by this module).
///   - mainActor: Dependencies registered with `builder.mainActor`, resolved on the main actor.
///   - inputs: Runtime values the parent provides with `childBuilder.provideInput(_:_:)`.
@attached(member, names: named(container), named(init), named(requirements), arbitrary)
@attached(extension, conformances: DependencyRequirements)
public macro DependencyRequirements(
    _ requirements: [Requirement] = [],
    mainActor: [Requirement] = [],
    inputs: [InputRequirement] = []
) = #externalMacro(module: "HatchModularDependencyContainerMacros", type: "DependencyRequirementsMacro")
