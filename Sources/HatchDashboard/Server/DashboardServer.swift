import Foundation
import HatchServiceSupport
import Hummingbird
import Logging
import ServiceLifecycle

/// The live dashboard as a swift-service-lifecycle `Service`: serves the page (`/`), its script and
/// style, the live stream (`/events`, server-sent events of ``DashboardBatch``), the cards
/// (`/api/cards`) and the controls (`POST /api/control`), and sends the engine's batches while it
/// runs. Every request passes the ``DashboardAccess`` check.
package struct DashboardServer: Service {
    /// The engine whose cards the page shows.
    package let engine: DashboardEngine
    private let controls: DashboardControls
    private let access: DashboardAccess
    private let port: Int
    private let logger: Logger
    private let onListening: @Sendable (Int) async -> Void

    /// A server on `access.host:port` (0: a free port, given to `onListening`).
    package init(engine: DashboardEngine, controls: DashboardControls, access: DashboardAccess, port: Int,
                logger: Logger = Logger(label: "hatch.dashboard"), onListening: @escaping @Sendable (Int) async -> Void = { _ in }) {
        self.engine = engine
        self.controls = controls
        self.access = access
        self.port = port
        self.logger = logger
        self.onListening = onListening
    }

    /// Runs until the service group shuts down; open pages' streams end then.
    package func run() async throws {
        let engine = self.engine
        let server = RouteServer(host: access.host, port: port, router: makeRouter(), logger: logger,
                                 onListening: onListening, onShutdown: { engine.finish() })
        try await withThrowingDiscardingTaskGroup { group in
            group.addTask { await engine.runBatches() }
            try await server.run()
            group.cancelAll()
        }
    }

    /// The routes, behind the token check.
    func makeRouter() -> Router<BasicRequestContext> {
        let router = Router()
        router.add(middleware: DashboardTokenMiddleware(access: access))
        let engine = self.engine
        let controls = self.controls
        router.get("/") { request, _ in
            var page = Self.asset(DashboardPage.html, type: "text/html; charset=utf-8")
            // The token of `/?token=…` (already checked) as a cookie, for the page's style and script.
            if let token = request.uri.queryParameters["token"] {
                page.headers[.setCookie] = "\(DashboardAccess.cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict"
            }
            return page
        }
        router.get("/app.js") { _, _ in Self.asset(DashboardPage.script, type: "text/javascript; charset=utf-8") }
        router.get("/app.css") { _, _ in Self.asset(DashboardPage.style, type: "text/css; charset=utf-8") }
        router.get("/api/cards") { _, _ in try Self.json(engine.cards()) }
        router.get("/events") { _, _ in Self.eventStream(engine.subscribe()) }
        router.post("/api/control") { request, _ in
            let body = try await request.body.collect(upTo: 16 * 1024)
            let reply: DashboardReply
            do {
                let decoded = try JSONDecoder().decode(DashboardRequest.self, from: Data(buffer: body))
                reply = await DashboardControlRouter(engine: engine, controls: controls).perform(try decoded.command())
            } catch let error as DashboardRequestError {
                return try Self.json(DashboardReply.failed(error.description), status: .badRequest)
            } catch {
                return try Self.json(DashboardReply.failed("the request is not a control's JSON: \(error)"), status: .badRequest)
            }
            return try Self.json(reply)
        }
        return router
    }

    private static func asset(_ text: String, type: String) -> Response {
        Response(status: .ok, headers: [.contentType: type, .cacheControl: "no-store"],
                 body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    private static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        let data = try JSONEncoder().encode(value)
        return Response(status: status, headers: [.contentType: "application/json", .cacheControl: "no-store"],
                        body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// `text/event-stream`: one `data:` line of JSON per batch, until the stream ends or the page leaves.
    private static func eventStream(_ batches: AsyncStream<DashboardBatch>) -> Response {
        Response(status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-store"],
                 body: ResponseBody { writer in
                     let encoder = JSONEncoder()
                     try await writer.write(ByteBuffer(string: "retry: 1000\n\n"))
                     for await batch in batches {
                         var buffer = ByteBuffer(string: "data: ")
                         buffer.writeBytes(try encoder.encode(batch))
                         buffer.writeString("\n\n")
                         try await writer.write(buffer)
                     }
                     try await writer.finish(nil)
                 })
    }
}
