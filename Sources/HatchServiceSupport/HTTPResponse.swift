/// An HTTP/1.1 response of the metrics server; every response closes the connection.
public struct HTTPResponse: Sendable {
    /// A status code and its reason phrase.
    public struct Status: Sendable, Hashable {
        /// The code (`200`).
        public let code: Int
        /// The reason phrase (`OK`).
        public let reason: String

        /// Creates a status.
        public init(code: Int, reason: String) {
            self.code = code
            self.reason = reason
        }

        /// 200.
        public static let ok = Status(code: 200, reason: "OK")
        /// 400: a malformed request.
        public static let badRequest = Status(code: 400, reason: "Bad Request")
        /// 404: any path but the served one.
        public static let notFound = Status(code: 404, reason: "Not Found")
        /// 405: not GET or HEAD.
        public static let methodNotAllowed = Status(code: 405, reason: "Method Not Allowed")
        /// 505: not HTTP/1.x.
        public static let httpVersionNotSupported = Status(code: 505, reason: "HTTP Version Not Supported")
    }

    /// The status line's code and reason.
    public var status: Status
    /// The `Content-Type` value.
    public var contentType: String
    /// The body bytes.
    public var body: [UInt8]
    /// Extra header fields (`Allow` for 405).
    public var fields: [(name: String, value: String)] = []

    /// Creates a response.
    public init(status: Status, contentType: String, body: [UInt8]) {
        self.status = status
        self.contentType = contentType
        self.body = body
    }

    /// A plain-text response (`text/plain; charset=utf-8`).
    public static func text(_ status: Status, _ text: String) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "text/plain; charset=utf-8", body: Array((text + "\n").utf8))
    }

    /// The bytes on the wire; without the body when answering `HEAD`.
    public func serialized(includingBody: Bool = true) -> [UInt8] {
        var head = "HTTP/1.1 \(status.code) \(status.reason)\r\n"
        head += "Content-Type: \(contentType)\r\n"
        head += "Content-Length: \(body.count)\r\n"
        for field in fields { head += "\(field.name): \(field.value)\r\n" }
        head += "Connection: close\r\n\r\n"
        return Array(head.utf8) + (includingBody ? body : [])
    }
}
