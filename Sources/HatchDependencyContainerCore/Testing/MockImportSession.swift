/// Remembers which modules one test container has imported, so each is imported once.
final class MockImportSession {
    private var imported: Set<ObjectIdentifier> = []
    /// When false, `importDependencies` does nothing (used to read only a module's local mocks).
    private let importsEnabled: Bool

    init(root: Any.Type?, importsEnabled: Bool = true) {
        self.importsEnabled = importsEnabled
        if let root { imported.insert(ObjectIdentifier(root)) }
    }

    /// Whether `module` still has to be imported; marks it imported.
    func shouldImport(_ module: Any.Type) -> Bool {
        importsEnabled && imported.insert(ObjectIdentifier(module)).inserted
    }
}
