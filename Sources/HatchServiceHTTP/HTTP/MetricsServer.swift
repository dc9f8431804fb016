import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle
import Synchronization

/// Prometheus's endpoint of `fleet run` and `shadow-service`, served by Hummingbird through
/// ``RouteServer``: `GET /metrics` (and `HEAD`) answers with the text exposition format, another
/// method on `/metrics` with 405, any other path with 404, a malformed request with 400.
///
/// It binds when it runs as a service. The one service that must not start on a taken port calls
/// ``waitUntilListening()`` first: when binding fails, both ``run()`` and the wait throw the same
/// ``MetricsServerError``, so the group reports it whichever of the two ends first.
package final class MetricsServer: Service, Sendable {
    /// The Content-Type of the exposition format.
    package static let contentType = "text/plain; version=0.0.4; charset=utf-8"
    /// The host it binds, as given.
    package let host: String
    /// The port asked for (0: any free port).
    package let port: Int
    private let listening: AsyncStream<Int>
    private let listened: AsyncStream<Int>.Continuation
    private let render: @Sendable () async -> [UInt8]
    private let logger: Logger
    /// Why binding failed, for ``waitUntilListening()``.
    private let failure = Mutex<MetricsServerError?>(nil)

    /// A server for `host:port`; `render` produces the body of each `/metrics` answer.
    package init(host: String, port: Int, logger: Logger, render: @escaping @Sendable () async -> [UInt8]) {
        self.host = host
        self.port = port
        self.logger = logger
        self.render = render
        (listening, listened) = AsyncStream.makeStream(of: Int.self)
    }

    /// `http://host:port/metrics` for the port it listens on.
    package func url(port: Int) -> String {
        "http://\(host.contains(":") ? "[\(host)]" : host):\(port)/metrics"
    }

    /// Returns the port once the server listens; throws the server's ``MetricsServerError`` when it
    /// could not bind, and `CancellationError` when it stopped (or the task was cancelled) before.
    /// For one caller: the service that starts after the server.
    package func waitUntilListening() async throws -> Int {
        var ports = listening.makeAsyncIterator()
        guard let port = await ports.next() else {
            if let failure = failure.withLock({ $0 }) { throw failure }
            throw CancellationError()
        }
        return port
    }

    /// Serves until graceful shutdown (or cancellation); throws ``MetricsServerError`` when it cannot bind.
    package func run() async throws {
        let (logger, listened) = (self.logger, self.listened)
        // Hummingbird's own lines (started, each request) only from notice up: the first line of
        // `hatch.metrics` stays the address, at any `--log-level`.
        var serverLogger = logger
        serverLogger.logLevel = max(logger.logLevel, .notice)
        let server = RouteServer(host: host, port: port, router: makeRouter(), logger: serverLogger, onListening: { [self] port in
            logger.notice("serving Prometheus metrics at \(url(port: port))", metadata: ["url": "\(url(port: port))", "port": "\(port)"])
            listened.yield(port)
            listened.finish()
        })
        defer { listened.finish() }
        // The failure is kept before `listened` finishes, so the waiting service throws it too.
        func failed(_ error: MetricsServerError) -> MetricsServerError {
            failure.withLock { $0 = error }
            return error
        }
        do {
            try await server.run()
        } catch let error as SocketAddressError {
            throw failed(.unknownHost(host, reason: "\(error)"))
        } catch let error as IOError {
            throw failed(.cannotListen(host: host, port: port, reason: error.description))
        }
        logger.debug("metrics server stopped")
    }

    /// `/metrics` for GET and HEAD, 405 for the other methods there.
    func makeRouter() -> Router<BasicRequestContext> {
        let router = Router(options: .autoGenerateHeadEndpoints)
        let render = self.render
        router.get("/metrics") { _, _ in
            let body = await render()
            return Response(status: .ok, headers: [.contentType: Self.contentType],
                            body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
        }
        for method: HTTPRequest.Method in [.post, .put, .delete, .patch, .options] {
            router.on("/metrics", method: method) { request, _ in
                Response(status: .methodNotAllowed, headers: [.allow: "GET, HEAD", .contentType: "text/plain; charset=utf-8"],
                         body: ResponseBody(byteBuffer: ByteBuffer(string: "\(request.method) is not allowed; use GET\n")))
            }
        }
        return router
    }
}
