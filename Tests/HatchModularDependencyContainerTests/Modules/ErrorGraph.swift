import HatchModularDependencyContainer

/// Modules with no requirements, named like the cookbook's, so error messages can be checked word for word.
enum ErrorGraph {
    struct AdultScreenDependencies: DependencyRequirements {
        let container: DependencyContainer
        init(_ container: DependencyContainer) { self.container = container }
        static let requirements = DeclaredRequirements()
    }

    struct AdultRoutineDependencies: DependencyRequirements {
        let container: DependencyContainer
        init(_ container: DependencyContainer) { self.container = container }
        static let requirements = DeclaredRequirements()
    }

    struct DeviceSettingsDependencies: DependencyRequirements {
        let container: DependencyContainer
        init(_ container: DependencyContainer) { self.container = container }
        static let requirements = DeclaredRequirements()
    }
}
