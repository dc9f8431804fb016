/// An HTTP/1.1 response of the metrics server; every response closes the connection.
struct HTTPResponse: Sendable {
    /// A status code and its reason phrase.
    struct Status: Sendable, Hashable {
        let code: Int
        let reason: String

        static let ok = Status(code: 200, reason: "OK")
        static let badRequest = Status(code: 400, reason: "Bad Request")
        static let notFound = Status(code: 404, reason: "Not Found")
        static let methodNotAllowed = Status(code: 405, reason: "Method Not Allowed")
        static let httpVersionNotSupported = Status(code: 505, reason: "HTTP Version Not Supported")
    }

    var status: Status
    var contentType: String
    var body: [UInt8]
    /// Extra header fields (`Allow` for 405).
    var fields: [(name: String, value: String)] = []

    /// A plain-text response (`text/plain; charset=utf-8`).
    static func text(_ status: Status, _ text: String) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "text/plain; charset=utf-8", body: Array((text + "\n").utf8))
    }

    /// The bytes on the wire; without the body when answering `HEAD`.
    func serialized(includingBody: Bool = true) -> [UInt8] {
        var head = "HTTP/1.1 \(status.code) \(status.reason)\r\n"
        head += "Content-Type: \(contentType)\r\n"
        head += "Content-Length: \(body.count)\r\n"
        for field in fields { head += "\(field.name): \(field.value)\r\n" }
        head += "Connection: close\r\n\r\n"
        return Array(head.utf8) + (includingBody ? body : [])
    }
}
