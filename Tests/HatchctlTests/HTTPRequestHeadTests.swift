import Foundation
import Testing
import HatchServiceSupport

/// The metrics server's request parsing: well-formed heads parse, anything else is a 400 (or 505),
/// and no input crashes it.
@Suite("HTTP request head")
struct HTTPRequestHeadTests {
    private func parse(_ text: String) throws(HTTPRequestError) -> HTTPRequestHead? {
        try HTTPRequestHead.parse(Array(text.utf8))
    }

    @Test("a GET with headers parses; the path drops the query")
    func wellFormed() throws {
        let head = try #require(try parse("GET /metrics?name=x HTTP/1.1\r\nHost: 127.0.0.1:9090\r\nAccept:  text/plain \r\n\r\n"))
        #expect(head.method == "GET")
        #expect(head.target == "/metrics?name=x")
        #expect(head.path == "/metrics")
        #expect(head.version == "HTTP/1.1")
        #expect(head.value(of: "host") == "127.0.0.1:9090")
        #expect(head.value(of: "ACCEPT") == "text/plain")
    }

    @Test("bare LF line ends, HTTP/1.0 without Host, and the absolute form are accepted")
    func lenientForms() throws {
        #expect(try parse("GET /metrics HTTP/1.1\nHost: a\n\n")?.path == "/metrics")
        #expect(try parse("GET /metrics HTTP/1.0\r\n\r\n")?.version == "HTTP/1.0")
        #expect(try parse("GET http://example:9090/metrics HTTP/1.1\r\nHost: example\r\n\r\n")?.path == "/metrics")
        #expect(try parse("GET http://example:9090 HTTP/1.1\r\nHost: example\r\n\r\n")?.path == "/")
    }

    @Test("a head without its blank line is not complete yet")
    func incomplete() throws {
        #expect(try parse("") == nil)
        #expect(try parse("GET /metrics HTTP/1.1\r\nHost: a\r\n") == nil)
        #expect(try parse("GET /met") == nil)
    }

    @Test("malformed heads are refused with 400", arguments: [
        ("\r\n\r\n", HTTPRequestError.malformedRequestLine),
        ("GET\r\n\r\n", .malformedRequestLine),
        ("GET /metrics\r\n\r\n", .malformedRequestLine),
        ("GET  /metrics HTTP/1.1\r\nHost: a\r\n\r\n", .malformedRequestLine),
        ("GET metrics HTTP/1.1\r\nHost: a\r\n\r\n", .malformedRequestLine),
        ("G(T /metrics HTTP/1.1\r\nHost: a\r\n\r\n", .malformedRequestLine),
        ("GET /metrics FTP/1.1\r\nHost: a\r\n\r\n", .malformedRequestLine),
        ("GET /metrics HTTP/1.1 extra\r\nHost: a\r\n\r\n", .malformedRequestLine),
        ("GET /met\u{1}rics HTTP/1.1\r\nHost: a\r\n\r\n", .malformedRequestLine),
        ("GET /metrics HTTP/1.1\r\nHost a\r\n\r\n", .malformedField),
        ("GET /metrics HTTP/1.1\r\n: a\r\n\r\n", .malformedField),
        ("GET /metrics HTTP/1.1\r\nHo st: a\r\n\r\n", .malformedField),
        ("GET /metrics HTTP/1.1\r\nHost: a\u{0}b\r\n\r\n", .malformedField),
        ("GET /metrics HTTP/1.1\r\nAccept: */*\r\n\r\n", .missingHost),
    ])
    func malformed(text: String, error: HTTPRequestError) {
        #expect(throws: error) { try parse(text) }
        #expect(error.status == .badRequest)
    }

    @Test("another HTTP version gets 505")
    func otherVersion() {
        #expect(throws: HTTPRequestError.unsupportedVersion("HTTP/2.0")) { try parse("GET /metrics HTTP/2.0\r\nHost: a\r\n\r\n") }
        #expect(HTTPRequestError.unsupportedVersion("HTTP/2.0").status == .httpVersionNotSupported)
    }

    @Test("a head longer than the limit is refused, complete or not")
    func tooLarge() {
        let filler = String(repeating: "x", count: HTTPRequestHead.maximumSize)
        #expect(throws: HTTPRequestError.headTooLarge) { try parse("GET /metrics HTTP/1.1\r\nHost: a\r\nX-Fill: \(filler)") }
        #expect(throws: HTTPRequestError.headTooLarge) { try parse("GET /metrics HTTP/1.1\r\nHost: a\r\nX-Fill: \(filler)\r\n\r\n") }
    }

    @Test("random bytes never crash the parser")
    func randomInput() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("GET /metrics HTTP/1.1\r\nHost: :\t\u{0}\u{7F}\u{FF}é".utf8)
        var outcomes = (parsed: 0, incomplete: 0, refused: 0)
        for _ in 0..<5_000 {
            let length = Int.random(in: 0..<200, using: &generator)
            let bytes = (0..<length).map { _ in
                Bool.random(using: &generator) ? alphabet.randomElement(using: &generator)! : UInt8.random(in: 0...255, using: &generator)
            }
            do {
                if try HTTPRequestHead.parse(bytes) != nil { outcomes.parsed += 1 } else { outcomes.incomplete += 1 }
            } catch {
                outcomes.refused += 1
            }
        }
        #expect(outcomes.parsed + outcomes.incomplete + outcomes.refused == 5_000)
        #expect(outcomes.refused > 0)
    }

    @Test("a response serializes with its length and closes the connection; HEAD omits the body")
    func response() {
        let response = HTTPResponse(status: .ok, contentType: "text/plain; version=0.0.4; charset=utf-8", body: Array("a 1\n".utf8))
        let text = String(decoding: response.serialized(), as: UTF8.self)
        #expect(text == "HTTP/1.1 200 OK\r\nContent-Type: text/plain; version=0.0.4; charset=utf-8\r\nContent-Length: 4\r\nConnection: close\r\n\r\na 1\n")
        let head = String(decoding: response.serialized(includingBody: false), as: UTF8.self)
        #expect(head.hasSuffix("Content-Length: 4\r\nConnection: close\r\n\r\n"))
    }
}
