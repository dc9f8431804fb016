import HatchFleetService

/// The fleet service shows its progress, status and stop on hatchctl's console.
extension FleetDisplay: FleetServiceDisplay {}
