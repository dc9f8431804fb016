/// Everything the analyser needs from one Swift file; cached by the file's content hash.
public struct SourceFileSummary: Codable, Hashable, Sendable {
    /// The file's path, relative to the analysed folder.
    public var path: String
    /// Modules declared here.
    public var modules: [ModuleDeclaration] = []
    /// Types declared here that conform to `TestDependencyProvider` (often in an extension).
    public var testProviders: [String] = []
    /// `registerDependencies` functions.
    public var productionBlocks: [RegistrationBlock] = []
    /// `mockRegistration` functions.
    public var mockBlocks: [RegistrationBlock] = []
    /// Composition roots.
    public var roots: [RootDeclaration] = []
    /// Functions that register on a builder they are given (a parameter typed `DependencyRegistrar<…>`,
    /// `SendableRegistrar<…>` or `DependencyBuilder<…>`), named `Type.function` (the block's module name).
    public var registrationFunctions: [RegistrationBlock] = []
    /// Every build-child call.
    public var sites: [BuildSite] = []
    /// Stored property types by owner type and property name, used to resolve receivers across files.
    public var properties: [String: [String: ReceiverReference]] = [:]
    /// What functions return, by name, used to resolve receivers such as `makeRootContainer()`.
    public var functionResults: [String: ReceiverReference] = [:]
    /// Types resolved by hand (`container.resolve(X.self)`), which count as required.
    public var manuallyResolved: [TypeIdentity] = []
    /// Syntax errors and other problems.
    public var diagnostics: [ParseDiagnostic] = []

    /// Creates an empty summary for a file.
    public init(path: String) {
        self.path = path
    }
}
