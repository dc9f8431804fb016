import SwiftDiagnostics

/// The mistakes `@MemberwiseInit` reports, each saying what to do next.
enum MemberwiseInitDiagnostic: DiagnosticMessage {
    case notAStruct(kind: String)
    case missingType(name: String)

    var message: String {
        switch self {
        case .notAStruct(let kind):
            return "@MemberwiseInit can only be attached to a struct, not \(kind); write the initializer by hand"
        case .missingType(let name):
            return "stored property '\(name)' needs a type annotation (for example `var \(name): Int = 0`) "
                + "so @MemberwiseInit can declare its parameter"
        }
    }

    var diagnosticID: MessageID {
        switch self {
        case .notAStruct: MessageID(domain: "HatchMemberwiseInitMacros", id: "notAStruct")
        case .missingType: MessageID(domain: "HatchMemberwiseInitMacros", id: "missingType")
        }
    }

    var severity: DiagnosticSeverity { .error }
}
