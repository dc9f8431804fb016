/// The identity of a registration inside one container: a type plus an optional key.
struct RegistrationKey: Hashable, Sendable {
    let typeIdentifier: ObjectIdentifier
    let key: AnyDependencyKey?
}
