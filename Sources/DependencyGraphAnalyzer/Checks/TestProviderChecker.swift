/// Checks each `TestDependencyProvider`: its mock registrations plus everything its imports export
/// (recursively, each module once, local registrations excluded) must cover all its requirements with
/// the right actor isolation, and it must import every child it builds (the test-mode rule: "every `buildChild`
/// call becomes an `importDependencies` call").
struct TestProviderChecker {
    let graph: ModuleGraph

    func findings(for name: String) -> [Finding] {
        guard let module = graph.modules[name], let block = graph.mockBlocks[name] else { return [] }
        var result: [Finding] = []
        var coverage: [String: Provider] = [:]
        for registration in block.registrations {
            let provider = Provider(registration: registration, owner: "\(name).mockRegistration")
            if coverage[provider.matchKey] == nil { coverage[provider.matchKey] = provider }
        }
        var visited: Set<String> = [name]
        for importDeclaration in block.imports {
            guard graph.mockBlocks[importDeclaration.moduleName] != nil else {
                result.append(Finding(kind: .importWithoutMocks, module: name, position: importDeclaration.position,
                                      message: "imports \(importDeclaration.moduleName) (\(importDeclaration.position)), which has no mockRegistration in the analysed sources",
                                      suggestion: "make \(importDeclaration.moduleName) conform to TestDependencyProvider, or remove the import"))
                continue
            }
            export(importDeclaration.moduleName, into: &coverage, visited: &visited)
        }
        for requirement in module.requirements {
            let key = requirement.identity.matchKey
            guard let provider = coverage[key] else {
                result.append(Finding(kind: .unmetInTestMode, module: name, requirement: requirement.identity, position: block.position,
                                      message: "\(requirement.identity)\(requirement.kindTag) — not covered in test mode by \(name).mockRegistration or its imports",
                                      suggestion: "add `\(requirement.registrationCall(builder: "builder", mockValue: requirement.kind != .input))` to \(name).mockRegistration (\(block.position)), or import a child module whose mocks register it"))
                continue
            }
            if requirement.kind == .mainActor, !provider.isMainActor {
                result.append(Finding(kind: .mainActorMismatchInTestMode, module: name, requirement: requirement.identity, position: provider.position,
                                      message: "\(requirement.identity) (main actor) — mocked without `mainActor` in \(provider.owner) (\(provider.position))",
                                      suggestion: "register the mock with `builder.mainActor.register…`"))
            } else if requirement.kind != .mainActor, provider.isMainActor {
                result.append(Finding(kind: .mainActorMismatchInTestMode, module: name, requirement: requirement.identity, position: provider.position,
                                      message: "\(requirement.identity)\(requirement.kindTag) — mocked with `mainActor` in \(provider.owner) (\(provider.position)), but required off the main actor",
                                      suggestion: "register the mock without `mainActor`, or list it under `mainActor:` in \(name)'s @DependencyRequirements"))
            }
        }
        let imported = Set(block.imports.map(\.moduleName))
        var seenChildren: Set<String> = []
        for edge in graph.children(of: .module(name)) where !imported.contains(edge.child) && seenChildren.insert(edge.child).inserted {
            result.append(Finding(kind: .childNotImported, module: name, position: edge.site.position,
                                  message: "child \(edge.child) is built at \(edge.site.position) but \(name).mockRegistration does not import it",
                                  suggestion: "add `builder.importDependencies(\(edge.child).self)` to \(name).mockRegistration (\(block.position))"))
        }
        return result
    }

    /// Adds what `name`'s mocks export (non-local registrations and inputs, then its imports') to `coverage`.
    private func export(_ name: String, into coverage: inout [String: Provider], visited: inout Set<String>) {
        guard visited.insert(name).inserted, let block = graph.mockBlocks[name] else { return }
        for registration in block.registrations where !registration.isLocal {
            let provider = Provider(registration: registration, owner: "\(name).mockRegistration")
            if coverage[provider.matchKey] == nil { coverage[provider.matchKey] = provider }
        }
        for importDeclaration in block.imports { export(importDeclaration.moduleName, into: &coverage, visited: &visited) }
    }
}
