/// One synthetic feature module's plan: what it requires, registers and builds.
struct GeneratedModule {
    var index: Int
    var children: [Int] = []
    var requirements: [GeneratedRequirement] = []
    /// Whether it registers `FeatureNNNNService` (non-local) for its children.
    var registersService = false
    /// Whether it registers `FeatureNNNNStateProvider` locally on the main actor (and requires it).
    var registersStateProvider = false
    /// Whether every site that builds it provides `FeatureNNNNSelection`.
    var takesSelection = false

    var name: String { Self.name(index) }
    var dependenciesName: String { "\(name)Dependencies" }
    var packageIndex = 0

    static func name(_ index: Int) -> String {
        "Feature" + String(repeating: "0", count: max(0, 4 - String(index).count)) + String(index)
    }
}

/// One requirement of a synthetic module.
struct GeneratedRequirement: Hashable {
    enum Kind { case requirement, mainActor, input }

    var typeName: String
    var key: String?
    var kind: Kind

    var matchKey: String { key.map { "\(typeName)|\($0)" } ?? typeName }

    /// `Requirement(X.self)` / `InputRequirement(X.self)`.
    var declaration: String {
        switch kind {
        case .input: "InputRequirement(\(typeName).self)"
        case .requirement, .mainActor: key.map { "Requirement(\(typeName).self, key: \($0))" } ?? "Requirement(\(typeName).self)"
        }
    }

    /// The mock registration line that provides it.
    var mockRegistration: String {
        let arguments = key.map { "\(typeName).self, key: \($0)" } ?? "\(typeName).self"
        switch kind {
        case .input: return "builder.provideInput(\(typeName).self, .mock)"
        case .mainActor: return "try builder.mainActor.registerSingleton(\(arguments)) { _ in .mock }"
        case .requirement: return "try builder.registerSingleton(\(arguments)) { _ in .mock }"
        }
    }
}
