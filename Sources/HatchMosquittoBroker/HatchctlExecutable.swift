import Foundation

/// Where the built `hatchctl` binary is, for the test suites and the hardware-in-loop kit, which run it as a child process rather than
/// link the executable's module.
package enum HatchctlExecutable {
    /// `$HATCHCTL_PATH` when set and not empty, else `hatchctl` next to the test bundle in the build folder.
    package static var url: URL {
        if let path = ProcessInfo.processInfo.environment["HATCHCTL_PATH"], !path.isEmpty { return URL(fileURLWithPath: path) }
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        // On macOS the runner sits inside the .xctest bundle; walk up to the build products folder.
        while folder.path.contains(".xctest") { folder.deleteLastPathComponent() }
        return folder.appendingPathComponent("hatchctl")
    }
}
