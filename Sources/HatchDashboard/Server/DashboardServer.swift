import Foundation
import HatchServiceHTTP
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
    private let bulk = DashboardBulk()

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
        router.get("/api/shadow") { request, _ in
            guard let thing = Self.knownThing(request, engine: engine) else { return try Self.unknownDevice() }
            return try await Self.shadow(of: thing, refresh: request.uri.queryParameters["refresh"] != nil, engine: engine, controls: controls)
        }
        router.get("/api/timeline") { request, _ in
            guard request.uri.queryParameters["thing"] != nil else { return try Self.json(engine.fleetTimeline()) }
            guard let thing = Self.knownThing(request, engine: engine) else { return try Self.unknownDevice() }
            return try Self.json(engine.timeline(of: thing))
        }
        router.get("/api/commands") { _, _ in
            try Self.savedCommands(controls) { store throws(SavedCommandStore.StoreError) in try store.list() }
        }
        router.post("/api/commands") { request, _ in
            let body = try await request.body.collect(upTo: 16 * 1024)
            guard let command = try? JSONDecoder().decode(SavedCommand.self, from: Data(buffer: body)) else {
                return try Self.json(DashboardReply.failed("a saved command is {\"name\": …, \"command\": {\"action\": …}}."), status: .badRequest)
            }
            return try Self.savedCommands(controls) { store throws(SavedCommandStore.StoreError) in try store.save(command) }
        }
        router.post("/api/commands/delete") { request, _ in
            let body = try await request.body.collect(upTo: 4 * 1024)
            guard let name = (try? JSONDecoder().decode([String: String].self, from: Data(buffer: body)))?["name"] else {
                return try Self.json(DashboardReply.failed("say which command to delete: {\"name\": …}."), status: .badRequest)
            }
            return try Self.savedCommands(controls) { store throws(SavedCommandStore.StoreError) in try store.delete(named: name) }
        }
        router.get("/api/log/message") { request, _ in
            guard let sequence = request.uri.queryParameters["sequence"].flatMap({ Int(String($0)) }), let message = engine.message(sequence) else {
                return try Self.json(DashboardReply.failed("that message is no longer kept (the last \(DashboardEngine.logCapacity) are)."),
                                     status: .notFound)
            }
            return try Self.json(message)
        }
        router.post("/api/log-filter") { request, _ in
            let body = try await request.body.collect(upTo: 4 * 1024)
            guard let filter = try? JSONDecoder().decode(LogFilterRequest.self, from: Data(buffer: body)) else {
                return try Self.json(DashboardReply.failed(#"a log filter is {"subscriber": …, "topic": "$aws/things/+/shadow/#"}."#), status: .badRequest)
            }
            guard engine.setLogFilter(filter.topic, for: filter.subscriber) else {
                return try Self.json(DashboardReply.failed("that stream is closed; reload the page."), status: .notFound)
            }
            return try Self.json(DashboardReply.done(filter.topic.isEmpty ? "every topic" : "topics matching \(filter.topic)"))
        }
        let bulk = self.bulk
        router.post("/api/bulk") { request, _ in
            let body = try await request.body.collect(upTo: 1024 * 1024)
            let run: BulkRequest
            let action: DashboardDeviceAction
            do {
                run = try JSONDecoder().decode(BulkRequest.self, from: Data(buffer: body))
                action = try SavedCommand(name: run.name, command: run.command).action()
            } catch let error as DashboardRequestError {
                return try Self.json(DashboardReply.failed(error.description), status: .badRequest)
            } catch {
                return try Self.json(DashboardReply.failed("a bulk command is {\"name\": …, \"command\": {…}, \"things\": […]}: \(error)"),
                                     status: .badRequest)
            }
            let known = Dictionary(engine.devices.map { ($0.thingName.rawValue, $0) }, uniquingKeysWith: { first, _ in first })
            let devices = run.things.compactMap { known[$0] }
            guard devices.count == run.things.count else {
                let unknown = run.things.filter { known[$0] == nil }
                return try Self.json(DashboardReply.failed("no device \(unknown.prefix(3).joined(separator: ", ")) on this dashboard; reload the page."),
                                     status: .badRequest)
            }
            return try Self.json(bulk.start(name: run.name, action: action, devices: devices, engine: engine, perform: controls.perform))
        }
        router.get("/api/bulk") { request, _ in
            guard let id = request.uri.queryParameters["id"].flatMap({ Int(String($0)) }), let tally = bulk.tally(id) else {
                return try Self.json(DashboardReply.failed("no such bulk run; it may have been forgotten (the last \(DashboardBulk.kept) are kept)."),
                                     status: .notFound)
            }
            return try Self.json(tally)
        }
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

    /// The `thing` query parameter, when it names a device the engine knows.
    private static func knownThing(_ request: Request, engine: DashboardEngine) -> String? {
        guard let thing = request.uri.queryParameters["thing"].map(String.init) else { return nil }
        return engine.devices.contains { $0.thingName.rawValue == thing } ? thing : nil
    }

    private static func unknownDevice() throws -> Response {
        try json(DashboardReply.failed("no such device on this dashboard; reload the page to see the devices it shows."), status: .notFound)
    }

    /// The shadow panel of `thing`: what the engine holds, after asking the shadow for its document
    /// when it holds nothing yet (waiting up to 3 s for the reply) or when the page asks to refresh.
    private static func shadow(of thing: String, refresh: Bool, engine: DashboardEngine, controls: DashboardControls) async throws -> Response {
        let known = engine.shadows.watch(thing)
        if known == nil || refresh { await controls.requestShadow?(thing) }
        if let known { return try json(known) }
        let deadline = ContinuousClock.now.advanced(by: .seconds(3))
        while ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
            if let panel = engine.shadows.watch(thing) { return try json(panel) }
        }
        return try json(DashboardReply.failed("the shadow of \(thing) did not answer a get within 3 s; is the device registered and the broker up?",
                                              .timedOut), status: .gatewayTimeout)
    }

    private static func savedCommands(_ controls: DashboardControls,
                                      _ body: (SavedCommandStore) throws(SavedCommandStore.StoreError) -> [SavedCommand]) throws -> Response {
        guard let store = controls.savedCommands else {
            return try json(DashboardReply.failed("this dashboard keeps no saved commands."), status: .notFound)
        }
        let commands: [SavedCommand]
        do throws(SavedCommandStore.StoreError) {
            commands = try body(store)
        } catch {
            return try json(DashboardReply.failed(error.description), status: .conflict)
        }
        return try json(commands)
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
