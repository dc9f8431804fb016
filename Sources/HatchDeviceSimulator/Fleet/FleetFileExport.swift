/// The fleet file's model (`FleetDefinition`, `DeviceSpec`, `DeviceSettings`, `FaultInjection`)
/// is part of the simulator's API — a `FleetConfiguration` starts from a definition — so importing the
/// simulator brings it along.
@_exported import HatchFleetFile
