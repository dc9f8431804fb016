// The container's runtime (DependencyContainer, DependencyBuilder, the registrars, Requirement,
// DeclaredRequirements, test mode) lives in HatchDependencyContainerCore, which builds without
// swift-syntax; this module adds the `@DependencyRequirements` macro on top and re-exports the runtime,
// so `import HatchModularDependencyContainer` brings both.
@_exported import HatchDependencyContainerCore
