import SwiftDiagnostics

/// Notes that point at the other half of a duplicate or a name collision.
enum DependencyRequirementsNote: NoteMessage {
    case firstDeclaredHere
    case nameFirstUsedHere(String)

    var message: String {
        switch self {
        case .firstDeclaredHere: return "first declared here"
        case .nameFirstUsedHere(let name): return "'\(name)' is first generated for this requirement"
        }
    }

    var noteID: MessageID {
        switch self {
        case .firstDeclaredHere: return MessageID(domain: "HatchModularDependencyContainerMacros", id: "firstDeclaredHere")
        case .nameFirstUsedHere: return MessageID(domain: "HatchModularDependencyContainerMacros", id: "nameFirstUsedHere")
        }
    }
}
