// swift-tools-version: 6.0
import PackageDescription

/// Strata: a headless, Core Animation-style compositor.
///
/// Dependencies point one way: model (`Strata`) <- render list (`StrataRender`) <- backends
/// (`StrataCPU`) <- tools. Image codecs and scene files sit beside the model.
let package = Package(
  name: "Strata",
  products: [
    .library(name: "Strata", targets: ["Strata", "StrataPNG", "StrataScene", "StrataRender", "StrataCPU"]),
    .executable(name: "strata", targets: ["strata"]),
    .executable(name: "strata-bench", targets: ["strata-bench"]),
  ],
  targets: [
    .systemLibrary(
      name: "CPNG", pkgConfig: "libpng",
      providers: [.apt(["libpng-dev"])]),
    .target(name: "Strata"),
    .target(name: "StrataPNG", dependencies: ["Strata", "CPNG"]),
    .target(name: "StrataScene", dependencies: ["Strata", "StrataPNG"]),
    .target(name: "StrataRender", dependencies: ["Strata"]),
    .target(name: "StrataCPU", dependencies: ["Strata", "StrataRender"]),
    .target(
      name: "StrataCLI",
      dependencies: ["Strata", "StrataPNG", "StrataScene", "StrataRender", "StrataCPU"]),
    .executableTarget(name: "strata", dependencies: ["StrataCLI"]),
    .executableTarget(
      name: "strata-bench", dependencies: ["Strata", "StrataRender", "StrataCPU", "StrataPNG"]),
    .testTarget(name: "StrataTests", dependencies: ["Strata"]),
    .testTarget(name: "StrataPNGTests", dependencies: ["Strata", "StrataPNG"], resources: [.copy("Fixtures")]),
    .testTarget(name: "StrataSceneTests", dependencies: ["Strata", "StrataScene", "StrataPNG"]),
    .testTarget(name: "StrataRenderTests", dependencies: ["Strata", "StrataRender"]),
    .testTarget(
      name: "StrataCPUTests",
      dependencies: ["Strata", "StrataRender", "StrataCPU", "StrataPNG", "StrataScene"],
      exclude: ["Golden"]),
    .testTarget(name: "StrataCLITests", dependencies: ["StrataCLI", "StrataPNG", "Strata"]),
  ],
  swiftLanguageModes: [.v6]
)
