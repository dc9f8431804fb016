/// Text that a generated file can put inside a one-line comment (`# …`).
package enum CommentLine {
    /// `text` with line breaks and other control characters replaced by spaces.
    package static func safe(_ text: String) -> String {
        String(text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : Character($0) })
    }
}
