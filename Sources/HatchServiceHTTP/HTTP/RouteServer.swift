import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

/// A Hummingbird server for a router on one host and port, as a swift-service-lifecycle `Service`:
/// it runs until its group shuts down, then stops accepting, lets open responses end (call
/// `onShutdown` to end long-lived ones, such as event streams) and returns. Shared by the HTTP
/// endpoints of the toolkit's tools.
package struct RouteServer: Service {
    package let host: String
    package let port: Int
    private let responder: RouterResponder<BasicRequestContext>
    private let logger: Logger
    private let onListening: @Sendable (Int) async -> Void
    private let onShutdown: @Sendable () -> Void

    /// A server for `router` on `host:port` (port 0: any free port, which `onListening` receives).
    package init(host: String, port: Int, router: Router<BasicRequestContext>, logger: Logger,
                 onListening: @escaping @Sendable (Int) async -> Void = { _ in },
                 onShutdown: @escaping @Sendable () -> Void = {}) {
        self.host = host
        self.port = port
        self.responder = router.buildResponder()
        self.logger = logger
        self.onListening = onListening
        self.onShutdown = onShutdown
    }

    package func run() async throws {
        let onListening = self.onListening
        let application = Application(
            responder: responder,
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: nil),
            onServerRunning: { channel in await onListening(channel.localAddress?.port ?? 0) },
            logger: logger
        )
        try await withGracefulShutdownHandler {
            try await application.run()
        } onGracefulShutdown: {
            onShutdown()
        }
    }
}
