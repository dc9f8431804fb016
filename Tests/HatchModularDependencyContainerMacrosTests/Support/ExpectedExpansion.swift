/// Builds expected expansions of `@DependencyRequirements` for an empty struct body, in the exact layout the
/// macro produces (members separated by blank lines, 4-space indentation).
enum ExpectedExpansion {
    /// One generated accessor: its declaration (`var contentClient: ContentClient`) and its body's call.
    struct Accessor {
        let declaration: String
        let call: String
    }

    /// `declaration` is the struct's header without the brace, e.g. `public struct MyFeatureDependencies: DependencyRequirements`.
    /// `conformanceFor` names the type if the macro adds `extension <type>: DependencyRequirements {}`.
    static func emptyStruct(
        _ declaration: String,
        access: String = "",
        arguments: String,
        accessors: [Accessor] = [],
        conformanceFor: String? = nil
    ) -> String {
        var members = [
            """
                /// The container this module's dependencies resolve from.
                \(access)nonisolated let container: HatchModularDependencyContainer.DependencyContainer
            """,
            """
                /// Wraps `container`; factories write `Self(container)` to use the generated accessors.
                \(access)nonisolated init(_ container: HatchModularDependencyContainer.DependencyContainer) {
                    self.container = container
                }
            """,
            """
                /// The declared requirements, validated by `buildChild` and read by the dependency analyzer.
                \(access)nonisolated static let requirements = HatchModularDependencyContainer.DeclaredRequirements(\(arguments))
            """,
        ]
        members += accessors.map { accessor in
            """
                \(accessor.declaration) {
                    \(accessor.call)
                }
            """
        }
        var expansion = "\(declaration) {\n\n" + members.joined(separator: "\n\n") + "\n}"
        if let conformanceFor {
            expansion += "\n\nextension \(conformanceFor): DependencyRequirements {\n}"
        }
        return expansion
    }
}
