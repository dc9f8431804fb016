import SwiftDiagnostics
import SwiftSyntax

/// Reads the attribute's three lists into ``RequirementDeclaration``s, reporting elements it cannot read.
struct MacroArgumentsParser {
    /// Requirements that were read, in source order (requirements, then `mainActor:`, then `inputs:`).
    private(set) var declarations: [RequirementDeclaration] = []
    /// Problems found while reading.
    private(set) var diagnostics: [Diagnostic] = []
    /// Elements that were read but must not get an accessor (their name is unusable).
    private(set) var withoutAccessor: Set<SyntaxIdentifier> = []

    /// Parses the arguments of `attribute`.
    init(attribute: AttributeSyntax) {
        guard case .argumentList(let arguments) = attribute.arguments else { return }
        for argument in arguments {
            let kind = RequirementKind.allCases.first { $0.argumentLabel == argument.label?.text } ?? .requirement
            parseList(argument.expression, kind: kind)
        }
    }

    private mutating func parseList(_ expression: ExprSyntax, kind: RequirementKind) {
        guard let array = expression.as(ArrayExprSyntax.self) else {
            report(.listNotArrayLiteral(kind), at: expression)
            return
        }
        for element in array.elements {
            parseElement(element, kind: kind)
        }
    }

    private mutating func parseElement(_ element: ArrayElementSyntax, kind: RequirementKind) {
        guard let call = element.expression.as(FunctionCallExprSyntax.self),
              let callee = Self.calleeName(call) else {
            report(.elementNotRequirementCall(kind, found: element.expression.trimmedDescription), at: element.expression)
            return
        }
        let arguments = Array(call.arguments)
        if callee != kind.expectedCallee {
            guard ["Requirement", "InputRequirement"].contains(callee) else {
                report(.elementNotRequirementCall(kind, found: element.expression.trimmedDescription), at: call)
                return
            }
            report(.wrongCallee(kind, found: callee), at: call.calledExpression, fixIt: Self.calleeFixIt(call, kind: kind))
            return
        }
        guard let first = arguments.first, first.label == nil,
              let requiredType = RequiredType(metatypeExpression: first.expression) else {
            report(.missingMetatype(call.trimmedDescription), at: call)
            return
        }
        let keyArgument = arguments.first { $0.label?.text == "key" }
        if let keyArgument, kind == .input {
            report(.keyOnInput(call.trimmedDescription), at: keyArgument)
            return
        }
        let key = keyArgument.map { RequirementKey($0.expression) }
        var generatesAccessor = true
        if case .unsupported(let expression)? = key {
            generatesAccessor = false
            if let member = expression.as(MemberAccessExprSyntax.self), member.base == nil {
                report(.implicitMemberKey(expression.trimmedDescription), at: expression)
            } else {
                report(.unsupportedKey(expression.trimmedDescription), at: expression)
            }
        }
        let accessorNameArgument = arguments.first { $0.label?.text == "accessorName" }
        var explicitName: String?
        if let accessorNameArgument { explicitName = readAccessorName(accessorNameArgument) }
        if accessorNameArgument != nil, explicitName == nil {
            generatesAccessor = false
        }
        let declaration = RequirementDeclaration(
            kind: kind, element: element, call: call, requiredType: requiredType, key: key,
            accessorNameArgument: accessorNameArgument, explicitAccessorName: explicitName)
        declarations.append(declaration)
        if !generatesAccessor {
            withoutAccessor.insert(element.id)
        }
    }

    /// The literal value of `accessorName:`, reporting anything that is not a plain string literal.
    private mutating func readAccessorName(_ argument: LabeledExprSyntax) -> String? {
        if let literal = argument.expression.as(StringLiteralExprSyntax.self), let value = literal.representedLiteralValue {
            return value
        }
        report(.accessorNameNotLiteral(argument.expression.trimmedDescription), at: argument.expression)
        return nil
    }

    /// Swaps `Requirement` and `InputRequirement`; nil for a keyed requirement, which has no input form.
    private static func calleeFixIt(_ call: FunctionCallExprSyntax, kind: RequirementKind) -> FixIt? {
        guard !call.arguments.contains(where: { $0.label?.text == "key" }) else { return nil }
        let callee = DeclReferenceExprSyntax(baseName: .identifier(kind.expectedCallee))
            .with(\.leadingTrivia, call.calledExpression.leadingTrivia)
        let replacement = call.with(\.calledExpression, ExprSyntax(callee))
        return FixIt(message: DependencyRequirementsFixIt.useCallee(kind.expectedCallee),
                     changes: [.replace(oldNode: Syntax(call), newNode: Syntax(replacement))])
    }

    /// `Requirement` for `Requirement(...)`, `HatchModularDependencyContainer.Requirement(...)`
    /// and `Requirement.init(...)`.
    private static func calleeName(_ call: FunctionCallExprSyntax) -> String? {
        var callee = call.calledExpression
        if let member = callee.as(MemberAccessExprSyntax.self), member.declName.baseName.tokenKind == .keyword(.`init`),
           let base = member.base {
            callee = base
        }
        if let reference = callee.as(DeclReferenceExprSyntax.self) {
            return reference.baseName.text
        }
        if let member = callee.as(MemberAccessExprSyntax.self), member.base != nil {
            return member.declName.baseName.text
        }
        return nil
    }

    private mutating func report(_ message: DependencyRequirementsDiagnostic, at node: some SyntaxProtocol,
                                 fixIt: FixIt? = nil) {
        diagnostics.append(Diagnostic(node: Syntax(node), message: message, fixIts: fixIt.map { [$0] } ?? []))
    }
}
