import SwiftDiagnostics

/// The fix-its `@DependencyRequirements` offers.
enum DependencyRequirementsFixIt: FixItMessage {
    case makeStruct(from: String)
    case removeDuplicate
    case useCallee(String)
    case addAccessorName(String)
    case replaceAccessorName(String)

    var message: String {
        switch self {
        case .makeStruct(let kind): return "replace '\(kind)' with 'struct'"
        case .removeDuplicate: return "remove the duplicate requirement"
        case .useCallee(let callee): return "use '\(callee)'"
        case .addAccessorName(let name): return "add 'accessorName: \"\(name)\"'"
        case .replaceAccessorName(let name): return "use accessorName \"\(name)\""
        }
    }

    var fixItID: MessageID {
        let name: String
        switch self {
        case .makeStruct: name = "makeStruct"
        case .removeDuplicate: name = "removeDuplicate"
        case .useCallee: name = "useCallee"
        case .addAccessorName: name = "addAccessorName"
        case .replaceAccessorName: name = "replaceAccessorName"
        }
        return MessageID(domain: "HatchModularDependencyContainerMacros", id: name)
    }
}
