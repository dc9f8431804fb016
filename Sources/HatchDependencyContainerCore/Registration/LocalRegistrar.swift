/// Registrations visible in the declaring container only (`builder.local.register…`): children built with
/// `buildChild` do not inherit them. Use it for a module's internal providers. Its scopes and its
/// `mainActor` registrar are ``SendableRegistrar``'s, kept local.
public final class LocalRegistrar<Owner>: SendableRegistrar<Owner> {
    init(collector: RegistrationCollector) {
        super.init(collector: collector, isLocal: true)
    }
}
