extension SourceFileSummary {
    /// The same summary with the file of every position set to `file`. The cache stores summaries with an
    /// empty file (the path is the entry's key), which makes it about a third smaller and faster to write.
    func settingPositionFile(_ file: String) -> SourceFileSummary {
        var copy = self
        func fix(_ position: inout SourcePosition) { position.file = file }
        func fix(_ registrations: inout [RegistrationDeclaration]) {
            for index in registrations.indices { fix(&registrations[index].position) }
        }
        func fix(_ block: inout RegistrationBlock) {
            fix(&block.position)
            fix(&block.registrations)
            for index in block.imports.indices { fix(&block.imports[index].position) }
        }
        for index in copy.modules.indices {
            fix(&copy.modules[index].position)
            for requirement in copy.modules[index].requirements.indices { fix(&copy.modules[index].requirements[requirement].position) }
        }
        for index in copy.productionBlocks.indices { fix(&copy.productionBlocks[index]) }
        for index in copy.mockBlocks.indices { fix(&copy.mockBlocks[index]) }
        for index in copy.roots.indices {
            fix(&copy.roots[index].position)
            fix(&copy.roots[index].registrations)
        }
        for index in copy.sites.indices {
            fix(&copy.sites[index].position)
            fix(&copy.sites[index].registrations)
        }
        for index in copy.diagnostics.indices { fix(&copy.diagnostics[index].position) }
        return copy
    }
}
