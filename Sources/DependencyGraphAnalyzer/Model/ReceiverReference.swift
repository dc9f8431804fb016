/// What the receiver of a `buildChild` call was found to be while reading one file; resolved against
/// the whole graph later, because the answer can live in another file.
public indirect enum ReceiverReference: Codable, Hashable, Sendable {
    /// A value of the named type (`dependencies: MyFeatureDependencies`, `Self(container)`).
    case typeNamed(String, testMode: Bool)
    /// The container frozen from the root builder owned by the named type.
    case root(String)
    /// A `DependencyContainer` of unknown origin (`container` in a factory closure).
    case container
    /// The result of calling the named function.
    case callResult(String)
    /// The stored property `name` of the type `ownerType`.
    case property(ownerType: String, name: String)
    /// Nothing could be said; the expression text is kept for the diagnostic.
    case unknown(String)
}
