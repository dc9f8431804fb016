/// Readable names of types as a user writes them: `ContentClient`, `any DeviceSettingsViewControllerProvider`.
enum TypeName {
    /// The short name of `type`, with `any ` in front of existential types.
    static func of(_ type: Any.Type) -> String {
        let name = String(describing: type)
        return isExistential(type) && !name.hasPrefix("any ") && name != "Any" ? "any \(name)" : name
    }

    /// Whether `type` is an existential (`any P`), read from the runtime metadata kind.
    private static func isExistential(_ type: Any.Type) -> Bool {
        let kind = unsafeBitCast(type, to: UnsafeRawPointer.self).load(as: Int.self)
        return kind == 0x303 || kind == 0x306  // MetadataKind.existential, .extendedExistential
    }
}
