/// Writes a value as one shell word, for the commands `hatchctl cloud provision` prints and writes.
package enum ShellWord {
    /// `text` as is when it has only characters the shell leaves alone, else in single quotes.
    package static func quoted(_ text: String) -> String {
        let plain = !text.isEmpty && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "/._-+=:@,%".contains($0)) }
        return plain ? text : "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
