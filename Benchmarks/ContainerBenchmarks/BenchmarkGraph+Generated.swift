// Generated once by a throwaway script: 100 distinct types and their registrations, the same for every
// container measured (ours, Swinject). Regenerate rather than edit by hand.

import HatchModularDependencyContainer
import Swinject

enum Tag0 {}
enum Tag1 {}
enum Tag2 {}
enum Tag3 {}
enum Tag4 {}
enum Tag5 {}
enum Tag6 {}
enum Tag7 {}
enum Tag8 {}
enum Tag9 {}
enum Tag10 {}
enum Tag11 {}
enum Tag12 {}
enum Tag13 {}
enum Tag14 {}
enum Tag15 {}
enum Tag16 {}
enum Tag17 {}
enum Tag18 {}
enum Tag19 {}
enum Tag20 {}
enum Tag21 {}
enum Tag22 {}
enum Tag23 {}
enum Tag24 {}
enum Tag25 {}
enum Tag26 {}
enum Tag27 {}
enum Tag28 {}
enum Tag29 {}
enum Tag30 {}
enum Tag31 {}
enum Tag32 {}
enum Tag33 {}
enum Tag34 {}
enum Tag35 {}
enum Tag36 {}
enum Tag37 {}
enum Tag38 {}
enum Tag39 {}
enum Tag40 {}
enum Tag41 {}
enum Tag42 {}
enum Tag43 {}
enum Tag44 {}
enum Tag45 {}
enum Tag46 {}
enum Tag47 {}
enum Tag48 {}
enum Tag49 {}
enum Tag50 {}
enum Tag51 {}
enum Tag52 {}
enum Tag53 {}
enum Tag54 {}
enum Tag55 {}
enum Tag56 {}
enum Tag57 {}
enum Tag58 {}
enum Tag59 {}
enum Tag60 {}
enum Tag61 {}
enum Tag62 {}
enum Tag63 {}
enum Tag64 {}
enum Tag65 {}
enum Tag66 {}
enum Tag67 {}
enum Tag68 {}
enum Tag69 {}
enum Tag70 {}
enum Tag71 {}
enum Tag72 {}
enum Tag73 {}
enum Tag74 {}
enum Tag75 {}
enum Tag76 {}
enum Tag77 {}
enum Tag78 {}
enum Tag79 {}
enum Tag80 {}
enum Tag81 {}
enum Tag82 {}
enum Tag83 {}
enum Tag84 {}
enum Tag85 {}
enum Tag86 {}
enum Tag87 {}
enum Tag88 {}
enum Tag89 {}
enum Tag90 {}
enum Tag91 {}
enum Tag92 {}
enum Tag93 {}
enum Tag94 {}
enum Tag95 {}
enum Tag96 {}
enum Tag97 {}
enum Tag98 {}
enum Tag99 {}

/// Registers `Service<Tag0>` … `Service<Tag99>` as singletons in our builder.
func registerHundredServices<Owner>(in builder: DependencyBuilder<Owner>) throws {
    try builder.registerSingleton(Service<Tag0>.self) { _ in Service<Tag0>() }
    try builder.registerSingleton(Service<Tag1>.self) { _ in Service<Tag1>() }
    try builder.registerSingleton(Service<Tag2>.self) { _ in Service<Tag2>() }
    try builder.registerSingleton(Service<Tag3>.self) { _ in Service<Tag3>() }
    try builder.registerSingleton(Service<Tag4>.self) { _ in Service<Tag4>() }
    try builder.registerSingleton(Service<Tag5>.self) { _ in Service<Tag5>() }
    try builder.registerSingleton(Service<Tag6>.self) { _ in Service<Tag6>() }
    try builder.registerSingleton(Service<Tag7>.self) { _ in Service<Tag7>() }
    try builder.registerSingleton(Service<Tag8>.self) { _ in Service<Tag8>() }
    try builder.registerSingleton(Service<Tag9>.self) { _ in Service<Tag9>() }
    try builder.registerSingleton(Service<Tag10>.self) { _ in Service<Tag10>() }
    try builder.registerSingleton(Service<Tag11>.self) { _ in Service<Tag11>() }
    try builder.registerSingleton(Service<Tag12>.self) { _ in Service<Tag12>() }
    try builder.registerSingleton(Service<Tag13>.self) { _ in Service<Tag13>() }
    try builder.registerSingleton(Service<Tag14>.self) { _ in Service<Tag14>() }
    try builder.registerSingleton(Service<Tag15>.self) { _ in Service<Tag15>() }
    try builder.registerSingleton(Service<Tag16>.self) { _ in Service<Tag16>() }
    try builder.registerSingleton(Service<Tag17>.self) { _ in Service<Tag17>() }
    try builder.registerSingleton(Service<Tag18>.self) { _ in Service<Tag18>() }
    try builder.registerSingleton(Service<Tag19>.self) { _ in Service<Tag19>() }
    try builder.registerSingleton(Service<Tag20>.self) { _ in Service<Tag20>() }
    try builder.registerSingleton(Service<Tag21>.self) { _ in Service<Tag21>() }
    try builder.registerSingleton(Service<Tag22>.self) { _ in Service<Tag22>() }
    try builder.registerSingleton(Service<Tag23>.self) { _ in Service<Tag23>() }
    try builder.registerSingleton(Service<Tag24>.self) { _ in Service<Tag24>() }
    try builder.registerSingleton(Service<Tag25>.self) { _ in Service<Tag25>() }
    try builder.registerSingleton(Service<Tag26>.self) { _ in Service<Tag26>() }
    try builder.registerSingleton(Service<Tag27>.self) { _ in Service<Tag27>() }
    try builder.registerSingleton(Service<Tag28>.self) { _ in Service<Tag28>() }
    try builder.registerSingleton(Service<Tag29>.self) { _ in Service<Tag29>() }
    try builder.registerSingleton(Service<Tag30>.self) { _ in Service<Tag30>() }
    try builder.registerSingleton(Service<Tag31>.self) { _ in Service<Tag31>() }
    try builder.registerSingleton(Service<Tag32>.self) { _ in Service<Tag32>() }
    try builder.registerSingleton(Service<Tag33>.self) { _ in Service<Tag33>() }
    try builder.registerSingleton(Service<Tag34>.self) { _ in Service<Tag34>() }
    try builder.registerSingleton(Service<Tag35>.self) { _ in Service<Tag35>() }
    try builder.registerSingleton(Service<Tag36>.self) { _ in Service<Tag36>() }
    try builder.registerSingleton(Service<Tag37>.self) { _ in Service<Tag37>() }
    try builder.registerSingleton(Service<Tag38>.self) { _ in Service<Tag38>() }
    try builder.registerSingleton(Service<Tag39>.self) { _ in Service<Tag39>() }
    try builder.registerSingleton(Service<Tag40>.self) { _ in Service<Tag40>() }
    try builder.registerSingleton(Service<Tag41>.self) { _ in Service<Tag41>() }
    try builder.registerSingleton(Service<Tag42>.self) { _ in Service<Tag42>() }
    try builder.registerSingleton(Service<Tag43>.self) { _ in Service<Tag43>() }
    try builder.registerSingleton(Service<Tag44>.self) { _ in Service<Tag44>() }
    try builder.registerSingleton(Service<Tag45>.self) { _ in Service<Tag45>() }
    try builder.registerSingleton(Service<Tag46>.self) { _ in Service<Tag46>() }
    try builder.registerSingleton(Service<Tag47>.self) { _ in Service<Tag47>() }
    try builder.registerSingleton(Service<Tag48>.self) { _ in Service<Tag48>() }
    try builder.registerSingleton(Service<Tag49>.self) { _ in Service<Tag49>() }
    try builder.registerSingleton(Service<Tag50>.self) { _ in Service<Tag50>() }
    try builder.registerSingleton(Service<Tag51>.self) { _ in Service<Tag51>() }
    try builder.registerSingleton(Service<Tag52>.self) { _ in Service<Tag52>() }
    try builder.registerSingleton(Service<Tag53>.self) { _ in Service<Tag53>() }
    try builder.registerSingleton(Service<Tag54>.self) { _ in Service<Tag54>() }
    try builder.registerSingleton(Service<Tag55>.self) { _ in Service<Tag55>() }
    try builder.registerSingleton(Service<Tag56>.self) { _ in Service<Tag56>() }
    try builder.registerSingleton(Service<Tag57>.self) { _ in Service<Tag57>() }
    try builder.registerSingleton(Service<Tag58>.self) { _ in Service<Tag58>() }
    try builder.registerSingleton(Service<Tag59>.self) { _ in Service<Tag59>() }
    try builder.registerSingleton(Service<Tag60>.self) { _ in Service<Tag60>() }
    try builder.registerSingleton(Service<Tag61>.self) { _ in Service<Tag61>() }
    try builder.registerSingleton(Service<Tag62>.self) { _ in Service<Tag62>() }
    try builder.registerSingleton(Service<Tag63>.self) { _ in Service<Tag63>() }
    try builder.registerSingleton(Service<Tag64>.self) { _ in Service<Tag64>() }
    try builder.registerSingleton(Service<Tag65>.self) { _ in Service<Tag65>() }
    try builder.registerSingleton(Service<Tag66>.self) { _ in Service<Tag66>() }
    try builder.registerSingleton(Service<Tag67>.self) { _ in Service<Tag67>() }
    try builder.registerSingleton(Service<Tag68>.self) { _ in Service<Tag68>() }
    try builder.registerSingleton(Service<Tag69>.self) { _ in Service<Tag69>() }
    try builder.registerSingleton(Service<Tag70>.self) { _ in Service<Tag70>() }
    try builder.registerSingleton(Service<Tag71>.self) { _ in Service<Tag71>() }
    try builder.registerSingleton(Service<Tag72>.self) { _ in Service<Tag72>() }
    try builder.registerSingleton(Service<Tag73>.self) { _ in Service<Tag73>() }
    try builder.registerSingleton(Service<Tag74>.self) { _ in Service<Tag74>() }
    try builder.registerSingleton(Service<Tag75>.self) { _ in Service<Tag75>() }
    try builder.registerSingleton(Service<Tag76>.self) { _ in Service<Tag76>() }
    try builder.registerSingleton(Service<Tag77>.self) { _ in Service<Tag77>() }
    try builder.registerSingleton(Service<Tag78>.self) { _ in Service<Tag78>() }
    try builder.registerSingleton(Service<Tag79>.self) { _ in Service<Tag79>() }
    try builder.registerSingleton(Service<Tag80>.self) { _ in Service<Tag80>() }
    try builder.registerSingleton(Service<Tag81>.self) { _ in Service<Tag81>() }
    try builder.registerSingleton(Service<Tag82>.self) { _ in Service<Tag82>() }
    try builder.registerSingleton(Service<Tag83>.self) { _ in Service<Tag83>() }
    try builder.registerSingleton(Service<Tag84>.self) { _ in Service<Tag84>() }
    try builder.registerSingleton(Service<Tag85>.self) { _ in Service<Tag85>() }
    try builder.registerSingleton(Service<Tag86>.self) { _ in Service<Tag86>() }
    try builder.registerSingleton(Service<Tag87>.self) { _ in Service<Tag87>() }
    try builder.registerSingleton(Service<Tag88>.self) { _ in Service<Tag88>() }
    try builder.registerSingleton(Service<Tag89>.self) { _ in Service<Tag89>() }
    try builder.registerSingleton(Service<Tag90>.self) { _ in Service<Tag90>() }
    try builder.registerSingleton(Service<Tag91>.self) { _ in Service<Tag91>() }
    try builder.registerSingleton(Service<Tag92>.self) { _ in Service<Tag92>() }
    try builder.registerSingleton(Service<Tag93>.self) { _ in Service<Tag93>() }
    try builder.registerSingleton(Service<Tag94>.self) { _ in Service<Tag94>() }
    try builder.registerSingleton(Service<Tag95>.self) { _ in Service<Tag95>() }
    try builder.registerSingleton(Service<Tag96>.self) { _ in Service<Tag96>() }
    try builder.registerSingleton(Service<Tag97>.self) { _ in Service<Tag97>() }
    try builder.registerSingleton(Service<Tag98>.self) { _ in Service<Tag98>() }
    try builder.registerSingleton(Service<Tag99>.self) { _ in Service<Tag99>() }
}

/// Registers `Service<Tag0>` … `Service<Tag99>` with container scope in Swinject.
func registerHundredServices(in container: Swinject.Container) {
    container.register(Service<Tag0>.self) { _ in Service<Tag0>() }.inObjectScope(.container)
    container.register(Service<Tag1>.self) { _ in Service<Tag1>() }.inObjectScope(.container)
    container.register(Service<Tag2>.self) { _ in Service<Tag2>() }.inObjectScope(.container)
    container.register(Service<Tag3>.self) { _ in Service<Tag3>() }.inObjectScope(.container)
    container.register(Service<Tag4>.self) { _ in Service<Tag4>() }.inObjectScope(.container)
    container.register(Service<Tag5>.self) { _ in Service<Tag5>() }.inObjectScope(.container)
    container.register(Service<Tag6>.self) { _ in Service<Tag6>() }.inObjectScope(.container)
    container.register(Service<Tag7>.self) { _ in Service<Tag7>() }.inObjectScope(.container)
    container.register(Service<Tag8>.self) { _ in Service<Tag8>() }.inObjectScope(.container)
    container.register(Service<Tag9>.self) { _ in Service<Tag9>() }.inObjectScope(.container)
    container.register(Service<Tag10>.self) { _ in Service<Tag10>() }.inObjectScope(.container)
    container.register(Service<Tag11>.self) { _ in Service<Tag11>() }.inObjectScope(.container)
    container.register(Service<Tag12>.self) { _ in Service<Tag12>() }.inObjectScope(.container)
    container.register(Service<Tag13>.self) { _ in Service<Tag13>() }.inObjectScope(.container)
    container.register(Service<Tag14>.self) { _ in Service<Tag14>() }.inObjectScope(.container)
    container.register(Service<Tag15>.self) { _ in Service<Tag15>() }.inObjectScope(.container)
    container.register(Service<Tag16>.self) { _ in Service<Tag16>() }.inObjectScope(.container)
    container.register(Service<Tag17>.self) { _ in Service<Tag17>() }.inObjectScope(.container)
    container.register(Service<Tag18>.self) { _ in Service<Tag18>() }.inObjectScope(.container)
    container.register(Service<Tag19>.self) { _ in Service<Tag19>() }.inObjectScope(.container)
    container.register(Service<Tag20>.self) { _ in Service<Tag20>() }.inObjectScope(.container)
    container.register(Service<Tag21>.self) { _ in Service<Tag21>() }.inObjectScope(.container)
    container.register(Service<Tag22>.self) { _ in Service<Tag22>() }.inObjectScope(.container)
    container.register(Service<Tag23>.self) { _ in Service<Tag23>() }.inObjectScope(.container)
    container.register(Service<Tag24>.self) { _ in Service<Tag24>() }.inObjectScope(.container)
    container.register(Service<Tag25>.self) { _ in Service<Tag25>() }.inObjectScope(.container)
    container.register(Service<Tag26>.self) { _ in Service<Tag26>() }.inObjectScope(.container)
    container.register(Service<Tag27>.self) { _ in Service<Tag27>() }.inObjectScope(.container)
    container.register(Service<Tag28>.self) { _ in Service<Tag28>() }.inObjectScope(.container)
    container.register(Service<Tag29>.self) { _ in Service<Tag29>() }.inObjectScope(.container)
    container.register(Service<Tag30>.self) { _ in Service<Tag30>() }.inObjectScope(.container)
    container.register(Service<Tag31>.self) { _ in Service<Tag31>() }.inObjectScope(.container)
    container.register(Service<Tag32>.self) { _ in Service<Tag32>() }.inObjectScope(.container)
    container.register(Service<Tag33>.self) { _ in Service<Tag33>() }.inObjectScope(.container)
    container.register(Service<Tag34>.self) { _ in Service<Tag34>() }.inObjectScope(.container)
    container.register(Service<Tag35>.self) { _ in Service<Tag35>() }.inObjectScope(.container)
    container.register(Service<Tag36>.self) { _ in Service<Tag36>() }.inObjectScope(.container)
    container.register(Service<Tag37>.self) { _ in Service<Tag37>() }.inObjectScope(.container)
    container.register(Service<Tag38>.self) { _ in Service<Tag38>() }.inObjectScope(.container)
    container.register(Service<Tag39>.self) { _ in Service<Tag39>() }.inObjectScope(.container)
    container.register(Service<Tag40>.self) { _ in Service<Tag40>() }.inObjectScope(.container)
    container.register(Service<Tag41>.self) { _ in Service<Tag41>() }.inObjectScope(.container)
    container.register(Service<Tag42>.self) { _ in Service<Tag42>() }.inObjectScope(.container)
    container.register(Service<Tag43>.self) { _ in Service<Tag43>() }.inObjectScope(.container)
    container.register(Service<Tag44>.self) { _ in Service<Tag44>() }.inObjectScope(.container)
    container.register(Service<Tag45>.self) { _ in Service<Tag45>() }.inObjectScope(.container)
    container.register(Service<Tag46>.self) { _ in Service<Tag46>() }.inObjectScope(.container)
    container.register(Service<Tag47>.self) { _ in Service<Tag47>() }.inObjectScope(.container)
    container.register(Service<Tag48>.self) { _ in Service<Tag48>() }.inObjectScope(.container)
    container.register(Service<Tag49>.self) { _ in Service<Tag49>() }.inObjectScope(.container)
    container.register(Service<Tag50>.self) { _ in Service<Tag50>() }.inObjectScope(.container)
    container.register(Service<Tag51>.self) { _ in Service<Tag51>() }.inObjectScope(.container)
    container.register(Service<Tag52>.self) { _ in Service<Tag52>() }.inObjectScope(.container)
    container.register(Service<Tag53>.self) { _ in Service<Tag53>() }.inObjectScope(.container)
    container.register(Service<Tag54>.self) { _ in Service<Tag54>() }.inObjectScope(.container)
    container.register(Service<Tag55>.self) { _ in Service<Tag55>() }.inObjectScope(.container)
    container.register(Service<Tag56>.self) { _ in Service<Tag56>() }.inObjectScope(.container)
    container.register(Service<Tag57>.self) { _ in Service<Tag57>() }.inObjectScope(.container)
    container.register(Service<Tag58>.self) { _ in Service<Tag58>() }.inObjectScope(.container)
    container.register(Service<Tag59>.self) { _ in Service<Tag59>() }.inObjectScope(.container)
    container.register(Service<Tag60>.self) { _ in Service<Tag60>() }.inObjectScope(.container)
    container.register(Service<Tag61>.self) { _ in Service<Tag61>() }.inObjectScope(.container)
    container.register(Service<Tag62>.self) { _ in Service<Tag62>() }.inObjectScope(.container)
    container.register(Service<Tag63>.self) { _ in Service<Tag63>() }.inObjectScope(.container)
    container.register(Service<Tag64>.self) { _ in Service<Tag64>() }.inObjectScope(.container)
    container.register(Service<Tag65>.self) { _ in Service<Tag65>() }.inObjectScope(.container)
    container.register(Service<Tag66>.self) { _ in Service<Tag66>() }.inObjectScope(.container)
    container.register(Service<Tag67>.self) { _ in Service<Tag67>() }.inObjectScope(.container)
    container.register(Service<Tag68>.self) { _ in Service<Tag68>() }.inObjectScope(.container)
    container.register(Service<Tag69>.self) { _ in Service<Tag69>() }.inObjectScope(.container)
    container.register(Service<Tag70>.self) { _ in Service<Tag70>() }.inObjectScope(.container)
    container.register(Service<Tag71>.self) { _ in Service<Tag71>() }.inObjectScope(.container)
    container.register(Service<Tag72>.self) { _ in Service<Tag72>() }.inObjectScope(.container)
    container.register(Service<Tag73>.self) { _ in Service<Tag73>() }.inObjectScope(.container)
    container.register(Service<Tag74>.self) { _ in Service<Tag74>() }.inObjectScope(.container)
    container.register(Service<Tag75>.self) { _ in Service<Tag75>() }.inObjectScope(.container)
    container.register(Service<Tag76>.self) { _ in Service<Tag76>() }.inObjectScope(.container)
    container.register(Service<Tag77>.self) { _ in Service<Tag77>() }.inObjectScope(.container)
    container.register(Service<Tag78>.self) { _ in Service<Tag78>() }.inObjectScope(.container)
    container.register(Service<Tag79>.self) { _ in Service<Tag79>() }.inObjectScope(.container)
    container.register(Service<Tag80>.self) { _ in Service<Tag80>() }.inObjectScope(.container)
    container.register(Service<Tag81>.self) { _ in Service<Tag81>() }.inObjectScope(.container)
    container.register(Service<Tag82>.self) { _ in Service<Tag82>() }.inObjectScope(.container)
    container.register(Service<Tag83>.self) { _ in Service<Tag83>() }.inObjectScope(.container)
    container.register(Service<Tag84>.self) { _ in Service<Tag84>() }.inObjectScope(.container)
    container.register(Service<Tag85>.self) { _ in Service<Tag85>() }.inObjectScope(.container)
    container.register(Service<Tag86>.self) { _ in Service<Tag86>() }.inObjectScope(.container)
    container.register(Service<Tag87>.self) { _ in Service<Tag87>() }.inObjectScope(.container)
    container.register(Service<Tag88>.self) { _ in Service<Tag88>() }.inObjectScope(.container)
    container.register(Service<Tag89>.self) { _ in Service<Tag89>() }.inObjectScope(.container)
    container.register(Service<Tag90>.self) { _ in Service<Tag90>() }.inObjectScope(.container)
    container.register(Service<Tag91>.self) { _ in Service<Tag91>() }.inObjectScope(.container)
    container.register(Service<Tag92>.self) { _ in Service<Tag92>() }.inObjectScope(.container)
    container.register(Service<Tag93>.self) { _ in Service<Tag93>() }.inObjectScope(.container)
    container.register(Service<Tag94>.self) { _ in Service<Tag94>() }.inObjectScope(.container)
    container.register(Service<Tag95>.self) { _ in Service<Tag95>() }.inObjectScope(.container)
    container.register(Service<Tag96>.self) { _ in Service<Tag96>() }.inObjectScope(.container)
    container.register(Service<Tag97>.self) { _ in Service<Tag97>() }.inObjectScope(.container)
    container.register(Service<Tag98>.self) { _ in Service<Tag98>() }.inObjectScope(.container)
    container.register(Service<Tag99>.self) { _ in Service<Tag99>() }.inObjectScope(.container)
}
