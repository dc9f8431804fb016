/// Something that can satisfy a requirement on a path: a registration or an input, with where it came from.
struct Provider: Hashable, Sendable {
    /// The registration it stands for.
    var registration: RegistrationDeclaration
    /// Who made it, for messages: `AdultScreenDependencies.registerDependencies`, `root AppRoot`, ….
    var owner: String

    var matchKey: String { registration.identity.matchKey }
    var isMainActor: Bool { registration.isMainActor }
    var isLocal: Bool { registration.isLocal }
    var position: SourcePosition { registration.position }
}

extension RequirementDeclaration {
    /// ` (main actor)` / ` (input)` / empty, for messages.
    var kindTag: String {
        switch kind {
        case .requirement: ""
        case .mainActor: " (main actor)"
        case .input: " (input)"
        }
    }

    /// The registration call that would satisfy this requirement, for suggestions.
    func registrationCall(builder: String, mockValue: Bool) -> String {
        let factory = mockValue ? "{ _ in .mock() }" : "{ … }"
        switch kind {
        case .input:
            return "\(builder).provideInput(\(identity.typeName).self, …)"
        case .mainActor:
            return "try \(builder).mainActor.registerSingleton(\(identity.registrationArguments)) \(factory)"
        case .requirement:
            return "try \(builder).registerSingleton(\(identity.registrationArguments)) \(factory)"
        }
    }
}
