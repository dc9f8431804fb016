/// The rules that turn a requirement's type (and key) into its accessor name.
///
/// 1. `accessorName:` wins.
/// 2. The type's name components are joined (`IoTDeviceConnectionStateClient.Factory` →
///    `IoTDeviceConnectionStateClientFactory`); `any`/`some` and parentheses are ignored, generic arguments too.
/// 3. A leading `Hatch` product prefix followed by another word is dropped (`HatchAnalyticsClient` → `AnalyticsClient`).
/// 4. A key adds its words in front: the last member of `AnalyticsKey.amplitude`, or the words of a string literal
///    (`"goodnight phone"` → `goodnightPhone`); an integer key is appended (`contentClient2`).
/// 5. The first word is lowered as a whole, acronyms included: `IoTActionSenderClient` → `iotActionSenderClient`,
///    `HA25ToolbarViewModel` → `ha25ToolbarViewModel`, `URLSession` → `urlSession`.
enum AccessorNaming {
    /// The product prefix dropped from type names.
    static let productPrefix = "Hatch"

    /// Mixed-case acronyms that are lowered as one word when a name starts with them.
    static let mixedCaseAcronyms = ["IoT", "iOS", "macOS", "tvOS", "watchOS", "visionOS"]

    /// The derived accessor name, or nil when no identifier can be built from the parts.
    static func derivedName(typeComponents: [String], key: RequirementKey?) -> String? {
        let typeName = droppingProductPrefix(joinedComponents(typeComponents))
        guard !typeName.isEmpty else { return nil }
        switch key {
        case nil, .unsupported:
            return lowerCamel(typeName)
        case .staticMember(let member, _, _):
            return lowerCamel(member) + upperFirst(typeName)
        case .stringLiteral(let value, _):
            let words = self.words(in: value)
            guard !words.isEmpty else { return nil }
            return lowerCamel(camelJoined(words)) + upperFirst(typeName)
        case .integerLiteral(let digits, _):
            return lowerCamel(typeName) + digits
        }
    }

    /// A longer, more specific name used to suggest `accessorName:` when two requirements share a name:
    /// every identifier of the key and the type, product prefix and generic arguments included.
    static func qualifiedName(typeIdentifiers: [String], keyIdentifiers: [String]) -> String {
        lowerCamel(camelJoined(keyIdentifiers + typeIdentifiers))
    }

    /// Joins type name components, capitalising each one after the first.
    static func joinedComponents(_ components: [String]) -> String {
        guard let first = components.first else { return "" }
        return first + components.dropFirst().map(upperFirst).joined()
    }

    /// `HatchAnalyticsClient` → `AnalyticsClient`; `Hatch` and `Hatchery` are kept.
    static func droppingProductPrefix(_ name: String) -> String {
        guard name.hasPrefix(productPrefix) else { return name }
        let rest = name.dropFirst(productPrefix.count)
        guard let next = rest.first, next.isUppercase else { return name }
        return String(rest)
    }

    /// Lowers the first word of `name`, treating a leading acronym (with its digits) as one word.
    static func lowerCamel(_ name: String) -> String {
        for acronym in mixedCaseAcronyms where name.hasPrefix(acronym) {
            let rest = name.dropFirst(acronym.count)
            if let next = rest.first, !(next.isUppercase || next.isNumber || next == "_") { continue }
            return acronym.lowercased() + rest
        }
        let characters = Array(name)
        var end = 0
        while end < characters.count, characters[end].isUppercase || (end > 0 && characters[end].isNumber) {
            end += 1
        }
        guard end > 0 else { return name }
        guard end < characters.count else { return name.lowercased() }
        // In `URLSession` the `S` starts the next word; in `HA25Toolbar` the `T` does.
        let nextWordStarts = characters[end].isLowercase && characters[end - 1].isUppercase && end > 1
        let lowered = nextWordStarts ? end - 1 : end
        return String(characters[..<lowered]).lowercased() + String(characters[lowered...])
    }

    /// Uppercases the first character.
    static func upperFirst(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.uppercased() + word.dropFirst()
    }

    /// Joins words as camel case: `["goodnight", "phone"]` → `goodnightPhone`.
    static func camelJoined(_ words: [String]) -> String {
        guard let first = words.first else { return "" }
        return first + words.dropFirst().map(upperFirst).joined()
    }

    /// The alphanumeric runs of `text`: `"goodnight-phone v2"` → `["goodnight", "phone", "v2"]`.
    static func words(in text: String) -> [String] {
        text.split(whereSeparator: { !($0.isLetter || $0.isNumber) }).map(String.init)
    }
}
