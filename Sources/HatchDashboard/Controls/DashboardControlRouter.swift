/// Sends a checked control request where it goes: a device action to ``DashboardControls/perform``,
/// a fault or clock change to the simulated fleet's controls, each for a device the engine knows.
struct DashboardControlRouter: Sendable {
    let engine: DashboardEngine
    let controls: DashboardControls

    func perform(_ command: DashboardCommand) async -> DashboardReply {
        switch command {
        case .device(let thing, let action):
            guard let device = device(thing) else { return unknown(thing) }
            return await controls.perform(action, device)
        case .fault(let thing, let kind, let seconds, let count):
            guard let simulation = controls.simulation else { return notSimulated }
            guard let device = device(thing) else { return unknown(thing) }
            guard simulation.status().faults.contains(kind) else {
                return .failed("unknown fault '\(kind)'; known: \(simulation.status().faults.joined(separator: ", ")).")
            }
            return await simulation.injectFault(kind, device, seconds, count)
        case .clock(let change):
            guard let simulation = controls.simulation else { return notSimulated }
            return await simulation.changeClock(change)
        }
    }

    private func device(_ thing: String) -> DashboardDevice? {
        engine.devices.first { $0.thingName.rawValue == thing }
    }

    private func unknown(_ thing: String) -> DashboardReply {
        .failed("no device '\(thing)' on this dashboard; reload the page to see the devices it shows.")
    }

    private var notSimulated: DashboardReply {
        .failed("these devices are not a simulated fleet: the clock and faults are controls of `hatchctl fleet run --dashboard-port`.")
    }
}
