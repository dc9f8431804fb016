import ArgumentParser
import CHatchctlRuntime

/// `hatchctl`: runs the simulated fleet and drives devices, routines and alarms from the command line.
@main
struct Hatchctl: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hatchctl",
        abstract: "Run a simulated Hatch fleet and drive its devices, routines and alarms.",
        discussion: """
            Devices are named by name or MAC address. Every device command takes --broker (default: the \
            broker that `hatchctl fleet run` recorded) and --json. Exit status: 0 success, 3 broker \
            missing or unreachable, 4 unknown device, 5 device offline, 6 rejected by the device, \
            7 timeout, 8 routine/alarm not found, 9 unsupported or invalid, 10 unmet dependencies, \
            64 usage error.
            """,
        subcommands: [
            FleetCommand.self,
            BrokerCommand.self,
            ShadowServiceCommand.self,
            CloudCommand.self,
            ScenarioCommand.self,
            DemoCommand.self,
            DevicesCommand.self,
            DashboardCommand.self,
            StateCommand.self,
            RoutineCommand.self,
            AlarmCommand.self,
            LightCommand.self,
            SoundCommand.self,
            VolumeCommand.self,
            DepsCommand.self,
        ]
    )

    /// Keeps the process set-up of `CHatchctlRuntime` (two malloc arenas, set before main) linked in.
    static let runtimeLinked = hatchctl_runtime_linked() == 1
}
