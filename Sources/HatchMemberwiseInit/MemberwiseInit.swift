/// Generates the memberwise initializer of a struct with the access level you choose, so a `public` or
/// `package` value type gets the initializer Swift only synthesizes for its own module:
///
/// ```swift
/// @MemberwiseInit(.public)
/// public struct PresenceRecord: Sendable, Equatable {
///     /// Online or offline.
///     public var state: PresenceState
///     /// Why the device went offline, when it says.
///     public var reason: String? = nil
/// }
/// ```
///
/// expands to a member
///
/// ```swift
/// /// Creates a value from its stored properties.
/// public init(state: PresenceState, reason: String? = nil) {
///     self.state = state
///     self.reason = reason
/// }
/// ```
///
/// One parameter per stored property, in declaration order, labelled with the property's name:
/// - a `var` with an initial value becomes a parameter with that value as its default (an optional `var`
///   gets a default only when it is written, `= nil`);
/// - a `let` with an initial value, `static`/`class` properties, `lazy` and computed properties are left out;
/// - a property of function type is taken `@escaping`.
///
/// Compile-time errors: the attribute on anything but a struct, and a stored property without a type
/// annotation (`var count = 0`; write `var count: Int = 0`), since the parameter needs its type.
///
/// - Parameter access: The initializer's access level; `.internal` when omitted.
@attached(member, names: named(init))
public macro MemberwiseInit(_ access: MemberwiseInitAccess = .internal) =
    #externalMacro(module: "HatchMemberwiseInitMacros", type: "MemberwiseInitMacro")
