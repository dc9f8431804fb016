//
//  AdultLibraryDependencies+Mock.swift
//

import HatchModularDependencyContainer

extension AdultLibraryDependencies: TestDependencyProvider {
    public static func mockRegistration(in builder: MockDependencyBuilder<AdultLibraryDependencies>) {
        do {
            builder.importDependencies(AdultContentDetailDependencies.self)
            try builder.registerSingleton(FavoritesClient.self) { _ in .mock() }
            try builder.mainActor.registerSingleton(LibraryContentClient.self) { _ in .mock() }
        } catch {
            preconditionFailure("\(Self.self): Failed to register mock dependencies. Error: \(error).")
        }
    }
}
