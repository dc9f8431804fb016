import HatchServiceHTTP
import HatchctlTestSupport
import Logging
import ServiceLifecycle
import Testing

/// The Prometheus endpoint on Hummingbird, asked over loopback HTTP with URLSession.
@Suite("Metrics server")
struct MetricsServerTests {
    /// Runs `server` in a service group, calls `body` with its port once it listens, then shuts the
    /// group down gracefully, as `fleet run` does.
    private func serving<Result: Sendable>(_ server: MetricsServer, _ body: (Int) async throws -> Result) async throws -> Result {
        let group = ServiceGroup(services: [server], logger: Logger(label: "test.lifecycle"))
        return try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            let port = try await server.waitUntilListening()
            let result = try await body(port)
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
            return result
        }
    }

    @Test("GET /metrics answers the rendered exposition; HEAD has no body; other methods 405, other paths 404")
    func routes() async throws {
        let server = MetricsServer(host: "127.0.0.1", port: 0, logger: Logger(label: "test.metrics")) {
            Array("# TYPE a_total counter\na_total 3\n".utf8)
        }
        try await serving(server) { port in
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
        }
    }

    @Test("a taken port fails with a message that names it, and the waiting service is not started")
    func takenPort() async throws {
        let first = MetricsServer(host: "127.0.0.1", port: 0, logger: Logger(label: "test.metrics")) { [] }
        try await serving(first) { port in
            let second = MetricsServer(host: "127.0.0.1", port: port, logger: Logger(label: "test.metrics")) { [] }
            await #expect(throws: MetricsServerError.self) { try await second.run() }
            do {
                try await second.run()
            } catch let error as MetricsServerError {
                #expect(error.description.contains("cannot serve metrics on 127.0.0.1:\(port)"), "\(error)")
            }
            // The service waiting for the server gets the same error, so a group reports the port either way.
            let waited = await #expect(throws: MetricsServerError.self) { _ = try await second.waitUntilListening() }
            #expect(waited?.description.contains("cannot serve metrics on 127.0.0.1:\(port)") == true, "\(String(describing: waited))")
        }
    }

    @Test("a scrape of a port nothing listens on fails and says so")
    func scrapeNothing() async throws {
        let server = MetricsServer(host: "127.0.0.1", port: 0, logger: Logger(label: "test.metrics")) { [] }
        let port = try await serving(server) { $0 }
        await #expect(throws: PrometheusSamples.ScrapeFailure.self) { _ = try await PrometheusSamples.scrape(port: port, timeoutSeconds: 2) }
    }
}
