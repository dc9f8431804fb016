import HatchServiceSupport
import HatchctlTestSupport
import Logging
import Testing

/// The Prometheus endpoint on Hummingbird, asked over loopback HTTP with URLSession.
@Suite("Metrics server")
struct MetricsServerTests {
    @Test("GET /metrics answers the rendered exposition; HEAD has no body; other methods 405, other paths 404")
    func routes() async throws {
        let server = MetricsServer(host: "127.0.0.1", port: 0, logger: Logger(label: "test.metrics")) {
            Array("# TYPE a_total counter\na_total 3\n".utf8)
        }
        try await withThrowingTaskGroup { group in
            group.addTask { try await server.run() }
            let port = try await server.waitUntilListening()
            let metrics = try await LoopbackHTTP.get("/metrics", port: port)
            #expect(metrics.status == 200, "\(metrics)")
            #expect(metrics.headers["content-type"] == MetricsServer.contentType, "\(metrics)")
            #expect(PrometheusSamples(exposition: metrics.body)["a_total"] == 3, "\(metrics)")
            let head = try await LoopbackHTTP.request("HEAD", "/metrics", port: port)
            #expect(head.status == 200 && head.body.isEmpty, "\(head)")
            let post = try await LoopbackHTTP.request("POST", "/metrics", port: port)
            #expect(post.status == 405 && post.headers["allow"] == "GET, HEAD", "\(post)")
            #expect(try await LoopbackHTTP.get("/", port: port).status == 404)
            #expect(try await LoopbackHTTP.get("/metricsx", port: port).status == 404)
            #expect(try await PrometheusSamples.scrape(port: port)["a_total"] == 3)
            group.cancelAll()
        }
    }

    @Test("a taken port fails with a message that names it, and the waiting service is not started")
    func takenPort() async throws {
        let first = MetricsServer(host: "127.0.0.1", port: 0, logger: Logger(label: "test.metrics")) { [] }
        try await withThrowingTaskGroup { group in
            group.addTask { try await first.run() }
            let port = try await first.waitUntilListening()
            let second = MetricsServer(host: "127.0.0.1", port: port, logger: Logger(label: "test.metrics")) { [] }
            await #expect(throws: MetricsServerError.self) { try await second.run() }
            do {
                try await second.run()
            } catch let error as MetricsServerError {
                #expect(error.description.contains("cannot serve metrics on 127.0.0.1:\(port)"), "\(error)")
            }
            await #expect(throws: CancellationError.self) { _ = try await second.waitUntilListening() }
            group.cancelAll()
        }
    }

    @Test("a scrape of a port nothing listens on fails and says so")
    func scrapeNothing() async throws {
        let server = MetricsServer(host: "127.0.0.1", port: 0, logger: Logger(label: "test.metrics")) { [] }
        let port = try await withThrowingTaskGroup { group in
            group.addTask { try await server.run() }
            let port = try await server.waitUntilListening()
            group.cancelAll()
            return port
        }
        await #expect(throws: PrometheusSamples.ScrapeFailure.self) { _ = try await PrometheusSamples.scrape(port: port, timeoutSeconds: 2) }
    }
}
