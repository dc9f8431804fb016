// swift-tools-version: 6.1
// An app team's package: a wake-up screen feature wired with the Hatch dependency container, and its
// hardware-in-loop tests written against HatchHardwareInLoop. It depends on the toolkit by path, as
// `.package(url: "https://…/HatchDeviceToolkit", from: "…")` would from another repository.

import PackageDescription

let package = Package(
    name: "WakeUpScreen",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "WakeUpScreen", targets: ["WakeUpScreen"]),
    ],
    dependencies: [
        .package(name: "HatchDeviceToolkit", path: "../.."),
    ],
    targets: [
        // The feature: what the bedside screen shows about the next alarm, its sunrise and its snooze.
        .target(
            name: "WakeUpScreen",
            dependencies: [
                .product(name: "HatchModularDependencyContainer", package: "HatchDeviceToolkit"),
                .product(name: "HatchDeviceModel", package: "HatchDeviceToolkit"),
                .product(name: "HatchIoTDeviceStateEmitterClient", package: "HatchDeviceToolkit"),
                .product(name: "HatchIoTActionSenderClient", package: "HatchDeviceToolkit"),
                .product(name: "HatchIoTDeviceConnectionStateClient", package: "HatchDeviceToolkit"),
                .product(name: "HatchDeviceSession", package: "HatchDeviceToolkit"),
                .product(name: "HatchAdultAlarms", package: "HatchDeviceToolkit"),
            ]
        ),
        // The feature in the container's test mode, on its mocks.
        .testTarget(
            name: "WakeUpScreenTests",
            dependencies: [
                "WakeUpScreen",
                .product(name: "HatchModularDependencyContainer", package: "HatchDeviceToolkit"),
                .product(name: "HatchDeviceModel", package: "HatchDeviceToolkit"),
            ]
        ),
        // The feature against devices: a simulated fleet by default, real ones with HATCH_HIL_BROKER_URL.
        .testTarget(
            name: "WakeUpScreenHILTests",
            dependencies: [
                "WakeUpScreen",
                .product(name: "HatchHardwareInLoop", package: "HatchDeviceToolkit"),
                .product(name: "HatchDeviceModel", package: "HatchDeviceToolkit"),
                .product(name: "HatchAdultAlarms", package: "HatchDeviceToolkit"),
            ]
        ),
    ]
)
