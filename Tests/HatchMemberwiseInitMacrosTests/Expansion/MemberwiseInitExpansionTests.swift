import Testing

/// The initializer `@MemberwiseInit` generates: access levels, defaults, and the properties it leaves out.
@Suite("@MemberwiseInit expansion")
struct MemberwiseInitExpansionTests {
    @Test("`.public`: one labelled parameter per stored property, in declaration order; doc comments stay")
    func publicStruct() {
        assertMemberwiseInitializer(
            "@MemberwiseInit(.public)", on: "public struct DashboardReply: Sendable",
            members: """
                    /// Whether the action was carried out.
                    public let ok: Bool
                    /// What to show.
                    public let message: String
                """,
            adds: "public init(ok: Bool, message: String)",
            assigning: ["ok", "message"])
    }

    @Test("`.package`, `.internal`, `.fileprivate` and no argument (internal)")
    func accessLevels() {
        for (argument, modifier) in [("(.package)", "package "), ("(.internal)", ""), ("", ""), ("(.fileprivate)", "fileprivate ")] {
            assertMemberwiseInitializer(
                "@MemberwiseInit\(argument)", on: "struct Online",
                members: "    let seconds: Double",
                adds: "\(modifier)init(seconds: Double)",
                assigning: ["seconds"])
        }
    }

    @Test("A `var` with an initial value becomes a default; an optional `var` gets one only when written")
    func defaults() {
        assertMemberwiseInitializer(
            "@MemberwiseInit(.public)", on: "public struct Routine",
            members: """
                    public var id: Int
                    public var type: RoutineType = .flex
                    public var enabled: Bool = true
                    public var note: String?
                    public var token: String? = nil
                """,
            adds: "public init(id: Int, type: RoutineType = .flex, enabled: Bool = true, note: String?, token: String? = nil)",
            assigning: ["id", "type", "enabled", "note", "token"])
    }

    @Test("Left out: a `let` with a value, static, lazy and computed properties; observed ones stay in")
    func skipped() {
        assertMemberwiseInitializer(
            "@MemberwiseInit(.package)", on: "package struct BrokerCredentialsFile",
            members: """
                    let format = 1
                    static let name = "credentials.json"
                    static var count: Int = 0
                    lazy var cache: [String] = []
                    var fleet: String
                    var label: String { fleet.uppercased() }
                    var title: String {
                        get { fleet }
                        set { fleet = newValue }
                    }
                    var devices: Int {
                        didSet { print(devices) }
                    }
                """,
            adds: "package init(fleet: String, devices: Int)",
            assigning: ["fleet", "devices"])
    }

    @Test("Function-typed properties are taken `@escaping`; optional closures and shared type annotations as written")
    func closuresAndSharedTypes() {
        assertMemberwiseInitializer(
            "@MemberwiseInit(.public)", on: "public struct LogSink",
            members: """
                    public let write: @Sendable (String) -> Void
                    public let perform: (Int) async throws -> Bool
                    public let done: (@Sendable () -> Void)?
                    public var width, height: Int
                """,
            adds: "public init(write: @escaping @Sendable (String) -> Void, perform: @escaping (Int) async throws -> Bool, done: (@Sendable () -> Void)?, width: Int, height: Int)",
            assigning: ["write", "perform", "done", "width", "height"])
    }
}
