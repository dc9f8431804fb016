// swift-tools-version: 6.1
// Fixture shaped like cookbook 001's "Converted Modules Reference": ten modules, their children and imports.
import PackageDescription

let package = Package(name: "CookbookReference", targets: [.target(name: "App")])
