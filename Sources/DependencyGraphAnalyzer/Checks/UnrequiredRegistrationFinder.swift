/// Finds production registrations that no module able to see them requires: a non-local registration is
/// visible to its container and everything built below it, a local one to its container only. Types
/// resolved by hand anywhere (`container.resolve(X.self)`) count as required.
struct UnrequiredRegistrationFinder {
    let graph: ModuleGraph
    let subtree: SubtreeRequirements

    func warnings() -> [Finding] {
        var result: [Finding] = []
        for (owner, root) in graph.roots {
            let below = graph.children(of: .root(owner)).reduce(into: Set<String>()) { $0.formUnion(subtree.below($1.child)) }
            for registration in root.registrations {
                let visible: Set<String> = registration.isLocal ? [] : below
                if let warning = warning(registration, visible: visible, place: "the root DependencyBuilder<\(owner)>", audience: "no module built from \(owner) requires it") { result.append(warning) }
            }
        }
        for (name, block) in graph.productionBlocks where graph.modules[name] != nil {
            for registration in block.registrations {
                let visible = registration.isLocal ? subtree.at(name) : subtree.below(name)
                let audience = registration.isLocal ? "it is local and \(name) does not require it" : "neither \(name) nor any module it builds requires it"
                if let warning = warning(registration, visible: visible, place: "\(name).registerDependencies", audience: audience) { result.append(warning) }
            }
        }
        for edge in graph.edges {
            for registration in edge.site.registrations {
                let visible = registration.isLocal ? subtree.at(edge.child) : subtree.below(edge.child)
                let audience = registration.isLocal ? "it is local and \(edge.child) does not require it" : "neither \(edge.child) nor any module it builds requires it"
                if let warning = warning(registration, visible: visible, place: "the closure of \(edge.site.kind.callName)(\(edge.child).self)", audience: audience) { result.append(warning) }
            }
        }
        return result.sorted { ($0.position?.file ?? "", $0.position?.line ?? 0, $0.message) < ($1.position?.file ?? "", $1.position?.line ?? 0, $1.message) }
    }

    private func warning(_ registration: RegistrationDeclaration, visible: Set<String>, place: String, audience: String) -> Finding? {
        let key = registration.identity.matchKey
        guard !visible.contains(key), !graph.manuallyResolved.contains(key) else { return nil }
        let what = registration.scope == .input ? "input" : "registration"
        return Finding(kind: .unrequiredRegistration, requirement: registration.identity, position: registration.position,
                       message: "unrequired \(what): \(registration.identity) in \(place) (\(registration.position)) — \(audience)",
                       suggestion: "remove it, or add it to the @DependencyRequirements of the module that needs it")
    }
}
