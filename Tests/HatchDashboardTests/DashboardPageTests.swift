import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HatchDashboard

/// The page's files in `Web/Assets`, compiled in by the build plugin, are what the routes serve, whole.
@Suite("The dashboard's page files")
struct DashboardPageTests {
    private static let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/HatchDashboard/Web/Assets")

    private static func file(_ name: String) throws -> String {
        try String(contentsOf: assets.appendingPathComponent(name), encoding: .utf8)
    }

    @Test("the page, its style and its script are the files as written, the script's parts in order")
    func compiledInAsWritten() throws {
        #expect(DashboardPage.html == (try Self.file("dashboard.html")).dropLastNewline)
        #expect(DashboardPage.style == (try Self.file("dashboard.css")).dropLastNewline)
        let parts = try ["grid.js", "batch.js", "shadowview.js", "logview.js", "timeline.js", "dashboard.js", "panel.js", "commands.js"].map { try Self.file($0).dropLastNewline }
        #expect(DashboardPage.script == parts.joined(separator: "\n"))
        #expect(DashboardPage.html.contains(#"data-role="scenario""#) && DashboardPage.html.contains(#"<script src="app.js">"#))
    }

    @Test("the routes serve them with their types")
    func served() async throws {
        let server = DashboardServer(engine: DashboardEngine(devices: []), controls: DashboardControls(perform: { _, _ in .done("") }),
                                     access: try DashboardAccess(host: "127.0.0.1", token: nil), port: 0)
        try await Application(router: server.makeRouter()).test(.router) { client in
            for (path, type, text) in [("/app.js", "text/javascript", "function gridWindow("), ("/app.css", "text/css", "--card-w"),
                                       ("/", "text/html", "<template id=\"card-template\">")] {
                try await client.execute(uri: path, method: .get) { response in
                    #expect(response.status == .ok, "\(path)")
                    #expect(response.headers[.contentType]?.hasPrefix(type) == true, "\(path)")
                    #expect(String(buffer: response.body).contains(text), "\(path)")
                }
            }
        }
    }
}

private extension String {
    /// The text without the one newline that ends a file.
    var dropLastNewline: String { hasSuffix("\n") ? String(dropLast()) : self }
}
