import SwiftDiagnostics

/// Every mistake `@DependencyRequirements` reports, each saying what to do next.
enum DependencyRequirementsDiagnostic: DiagnosticMessage {
    case notAStruct(kind: String)
    case listNotArrayLiteral(RequirementKind)
    case elementNotRequirementCall(RequirementKind, found: String)
    case wrongCallee(RequirementKind, found: String)
    case missingMetatype(String)
    case keyOnInput(String)
    case unsupportedKey(String)
    case implicitMemberKey(String)
    case accessorNameNotLiteral(String)
    case invalidAccessorName(String)
    case keywordAccessorName(String)
    case reservedAccessorName(String, source: String)
    case underivableAccessorName(String)
    case duplicateRequirement(String)
    case accessorNameCollision(name: String, source: String, other: String)
    case memberAlreadyDeclared(name: String, source: String)

    var message: String {
        switch self {
        case .notAStruct(let kind):
            return "@DependencyRequirements can only be attached to a struct, not \(kind); "
                + "the generated type wraps a container and must be a Sendable value"
        case .listNotArrayLiteral(let kind):
            return "\(kind.listDescription) must be an array literal of `\(kind.expectedCallee)(...)` "
                + "so the macro can generate one accessor per element"
        case .elementNotRequirementCall(let kind, let found):
            return "'\(found)' is not a `\(kind.expectedCallee)(...)` call; write each element of "
                + "\(kind.listDescription) inline, for example `\(kind.expectedCallee)(ContentClient.self)`"
        case .wrongCallee(let kind, let found):
            return "\(kind.listDescription) takes `\(kind.expectedCallee)(...)`, not `\(found)(...)`"
        case .missingMetatype(let source):
            return "'\(source)' must name its type as the first argument, for example `Requirement(ContentClient.self)`"
        case .keyOnInput(let source):
            return "'\(source)': inputs cannot be keyed; provide a distinct input type instead"
        case .unsupportedKey(let key):
            return "key '\(key)' must be a static member such as `AnalyticsKey.amplitude` or a string or integer "
                + "literal, so the accessor name and the dependency analyzer can read it"
        case .implicitMemberKey(let key):
            return "key '\(key)' must name its type, for example `AnalyticsKey\(key)`: the key's type is generic "
                + "and cannot be inferred"
        case .accessorNameNotLiteral(let source):
            return "accessorName '\(source)' must be a plain string literal"
        case .invalidAccessorName(let name):
            return "accessorName \"\(name)\" is not a valid Swift identifier"
        case .keywordAccessorName(let name):
            return "accessorName \"\(name)\" is a Swift keyword; choose another name"
        case .reservedAccessorName(let name, let source):
            return "'\(source)' would generate an accessor named '\(name)', which the macro reserves for the "
                + "stored container; add `accessorName:`"
        case .underivableAccessorName(let source):
            return "cannot derive an accessor name for '\(source)'; add `accessorName:`"
        case .duplicateRequirement(let source):
            return "'\(source)' is declared more than once; remove the duplicate"
        case .accessorNameCollision(let name, let source, let other):
            return "'\(source)' and '\(other)' both generate an accessor named '\(name)'; "
                + "give one of them an `accessorName:`"
        case .memberAlreadyDeclared(let name, let source):
            return "'\(name)' is already declared in this struct, so the accessor for '\(source)' cannot be "
                + "generated; remove the member or add `accessorName:`"
        }
    }

    var diagnosticID: MessageID {
        let name: String
        switch self {
        case .notAStruct: name = "notAStruct"
        case .listNotArrayLiteral: name = "listNotArrayLiteral"
        case .elementNotRequirementCall: name = "elementNotRequirementCall"
        case .wrongCallee: name = "wrongCallee"
        case .missingMetatype: name = "missingMetatype"
        case .keyOnInput: name = "keyOnInput"
        case .unsupportedKey: name = "unsupportedKey"
        case .implicitMemberKey: name = "implicitMemberKey"
        case .accessorNameNotLiteral: name = "accessorNameNotLiteral"
        case .invalidAccessorName: name = "invalidAccessorName"
        case .keywordAccessorName: name = "keywordAccessorName"
        case .reservedAccessorName: name = "reservedAccessorName"
        case .underivableAccessorName: name = "underivableAccessorName"
        case .duplicateRequirement: name = "duplicateRequirement"
        case .accessorNameCollision: name = "accessorNameCollision"
        case .memberAlreadyDeclared: name = "memberAlreadyDeclared"
        }
        return MessageID(domain: "HatchModularDependencyContainerMacros", id: name)
    }

    var severity: DiagnosticSeverity { .error }
}
