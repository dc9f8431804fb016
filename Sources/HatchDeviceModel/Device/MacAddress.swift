import Foundation
import Tagged

/// The tag that makes ``MacAddress`` a distinct type.
public enum MacAddressTag {}

/// A device's MAC address in canonical form (`AA:BB:CC:DD:EE:FF`, upper-case, colon-separated).
/// Build one with `MacAddress(validating:)` so that malformed input is rejected, not stored.
public typealias MacAddress = Tagged<MacAddressTag, String>

extension Tagged where Tag == MacAddressTag, RawValue == String {
    /// Validates and normalises a MAC address written as `aa:bb:cc:dd:ee:ff`, `AA-BB-CC-DD-EE-FF`,
    /// `aabb.ccdd.eeff` or `aabbccddeeff`.
    public init(validating text: String) throws(MacAddressError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        var hex: [Character] = []
        for character in trimmed {
            if character == ":" || character == "-" || character == "." { continue }
            guard character.isHexDigit, character.isASCII else {
                throw .invalidCharacter(text, character)
            }
            hex.append(Character(character.uppercased()))
        }
        guard hex.count == 12 else { throw .wrongLength(text, hexDigits: hex.count) }
        var groups: [String] = []
        for index in stride(from: 0, to: 12, by: 2) { groups.append(String(hex[index...index + 1])) }
        self.init(rawValue: groups.joined(separator: ":"))
    }

    /// Builds the address from its 48-bit value (used by generated cohorts).
    public init(value: UInt64) {
        let bytes = (0..<6).reversed().map { UInt8(truncatingIfNeeded: value >> (UInt64($0) * 8)) }
        self.init(rawValue: bytes.map { byte in
            let text = String(byte, radix: 16, uppercase: true)
            return text.count == 1 ? "0" + text : text
        }.joined(separator: ":"))
    }

    /// The address as twelve lower-case hex digits, as used in thing names (`aabbccddeeff`).
    public var compact: String { rawValue.replacingOccurrences(of: ":", with: "").lowercased() }

    /// The 48-bit value of the address, or `nil` when the raw value is not canonical.
    public var value: UInt64? { UInt64(compact, radix: 16) }
}

/// Why a text is not a MAC address.
public enum MacAddressError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A character that is neither a hex digit nor a separator.
    case invalidCharacter(String, Character)
    /// Not twelve hex digits.
    case wrongLength(String, hexDigits: Int)

    /// What went wrong and how to write it instead.
    public var description: String {
        switch self {
        case .invalidCharacter(let text, let character):
            return "'\(text)' is not a MAC address: '\(character)' is not a hex digit; write six hex pairs such as AA:BB:CC:DD:EE:FF."
        case .wrongLength(let text, let count):
            return "'\(text)' is not a MAC address: it has \(count) hex digits instead of 12; write six hex pairs such as AA:BB:CC:DD:EE:FF."
        }
    }
}
