import Foundation

/// One AWS IoT Core policy: its name, the file `hatchctl cloud provision` writes it to, and its
/// statements, rendered as the JSON document `aws iot create-policy` takes.
package struct IoTPolicyDocument {
    /// One `Allow` statement.
    package struct Statement {
        package var sid: String
        package var actions: [String]
        package var resources: [Resource]
        /// Every statement applies only while the certificate is attached to the thing that connects.
        package var requiresAttachedThing = true
    }

    /// A resource ARN: literal in a policy file, or a CloudFormation `Fn::Sub` template.
    package enum Resource: Equatable {
        case arn(String)
        case substituted(String)

        /// The ARN as JSON: a string, or `{"Fn::Sub": template}`.
        package var json: String {
            switch self {
            case .arn(let text): IoTPolicyDocument.jsonString(text)
            case .substituted(let template): "{\"Fn::Sub\": \(IoTPolicyDocument.jsonString(template))}"
            }
        }
    }

    /// The policy's name in AWS IoT (`[\w+=,.@-]+`, at most 128 characters).
    package var name: String
    /// The file inside the output folder.
    package var fileName: String
    /// What it allows.
    package var statements: [Statement]

    /// AWS IoT refuses a policy document longer than this, not counting whitespace.
    package static let maximumLength = 2048

    /// The document as indented JSON, keys in the order AWS's examples use.
    package func json() -> String {
        let rendered = statements.map { statement in
            var fields = [
                "\"Sid\": \(Self.jsonString(statement.sid))",
                "\"Effect\": \"Allow\"",
                "\"Action\": [" + statement.actions.map(Self.jsonString).joined(separator: ", ") + "]",
                "\"Resource\": [\n" + statement.resources.map { "        " + $0.json }.joined(separator: ",\n") + "\n      ]",
            ]
            if statement.requiresAttachedThing {
                fields.append("\"Condition\": {\"Bool\": {\(Self.jsonString(IoTPolicyVariables.isAttached)): \"true\"}}")
            }
            return "    {\n" + fields.map { "      " + $0 }.joined(separator: ",\n") + "\n    }"
        }
        return "{\n  \"Version\": \"2012-10-17\",\n  \"Statement\": [\n" + rendered.joined(separator: ",\n") + "\n  ]\n}\n"
    }

    /// The length AWS IoT checks against ``maximumLength``: the JSON without whitespace.
    package var length: Int { json().unicodeScalars.filter { !$0.properties.isWhitespace }.count }

    /// `text` as a JSON string literal (also a valid double-quoted YAML scalar).
    package static func jsonString(_ text: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        // A String always encodes.
        return String(decoding: (try? encoder.encode(text)) ?? Data(), as: UTF8.self)
    }
}
