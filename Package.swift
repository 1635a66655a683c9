// swift-tools-version: 6.2
import PackageDescription

/// Strata: a headless, Core Animation-style compositor.
///
/// Dependencies point one way: model (`Strata`) <- render list and the `Renderer` protocol
/// (`StrataRender`) <- backends (`StrataCPU`, `StrataGL`, never one on the other) <- the
/// fallback chain and backend choice (`StrataBackends`) <- tools. Image codecs and scene
/// files sit beside the model; `StrataCompare` (image comparison) and, above it,
/// `StrataTesting` (its test-framework glue, for users' tests) sit on top.
let package = Package(
  name: "Strata",
  products: [
    .library(
      name: "Strata",
      targets: [
        "Strata", "StrataPath", "StrataText", "StrataPNG", "StrataScene", "StrataRender", "StrataCPU", "StrataGL", "StrataBackends",
        "StrataImageCodecs", "StrataLottie",
      ]),
    .library(name: "StrataCompare", targets: ["StrataCompare"]),
    .library(name: "StrataTesting", targets: ["StrataTesting"]),
    .executable(name: "strata", targets: ["strata"]),
    .executable(name: "strata-bench", targets: ["strata-bench"]),
    .executable(name: "strata-fuzz", targets: ["strata-fuzz"]),
  ],
  targets: [
    .systemLibrary(
      name: "CPNG", pkgConfig: "libpng",
      providers: [.apt(["libpng-dev"])]),
    // Image and archive codecs: libjpeg-turbo's TurboJPEG API, libwebp, libzip (dotLottie
    // containers) and zlib (gzip-compressed Lottie files).
    .systemLibrary(name: "CJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
    .systemLibrary(name: "CWebP", pkgConfig: "libwebp", providers: [.apt(["libwebp-dev"])]),
    .systemLibrary(name: "CZip", pkgConfig: "libzip", providers: [.apt(["libzip-dev"])]),
    .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
    // Headers only: EGL, GLES and GBM are loaded with dlopen at run time, so the tools start
    // (and fall back to the CPU renderer) on machines without them.
    .systemLibrary(name: "CEGL", providers: [.apt(["libegl-dev", "libgles-dev"])]),
    // The Linux text stack: fontconfig finds fonts, HarfBuzz shapes, FreeType reads glyph
    // outlines, FriBidi resolves bidirectional levels.
    .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
    .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
    .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
    // glibc's mallopt, for executables that render frame after frame (FrameLoopMemory).
    .systemLibrary(name: "CMalloc"),
    // Process-wide allocator settings for the executables; no library module uses it.
    .target(name: "StrataAllocator", dependencies: ["CMalloc"], swiftSettings: [.strictMemorySafety()]),
    .systemLibrary(name: "CFriBidi", pkgConfig: "fribidi", providers: [.apt(["libfribidi-dev"])]),
    // The lock shared state is kept behind (a POSIX mutex, which ThreadSanitizer sees; see
    // Locked.swift). It depends on nothing, and every module with shared caches uses it.
    .target(name: "StrataSync", swiftSettings: [.strictMemorySafety()]),
    // The path engine: paths, SVG path data, flattening, trimming, dashing, stroking and the
    // coverage rasteriser both backends share. It depends on nothing, so shape layers, shadow
    // paths, masks, text outlines and Lottie can all use it.
    .target(name: "StrataPath", swiftSettings: [.strictMemorySafety()]),
    // Text: fonts, shaping, bidi, line breaking and layout into positioned glyphs and their
    // outlines. It knows no layer (the compile step of text layers turns its glyphs into
    // coverage masks).
    .target(
      name: "StrataText", dependencies: ["StrataSync", "StrataPath", "CFreeType", "CHarfBuzz", "CFontconfig", "CFriBidi"],
      swiftSettings: [.strictMemorySafety()]),
    // The model; a shape layer's path and a layer's shadowPath are StrataPath paths.
    .target(name: "Strata", dependencies: ["StrataSync", "StrataPath"], swiftSettings: [.strictMemorySafety()]),
    .target(name: "StrataPNG", dependencies: ["Strata", "CPNG"], swiftSettings: [.strictMemorySafety()]),
    // PNG, JPEG and WebP decoding behind one entry point that recognises the format by
    // content (for Lottie image assets).
    .target(name: "StrataImageCodecs", dependencies: ["Strata", "StrataPNG", "CJPEG", "CWebP"], swiftSettings: [.strictMemorySafety()]),
    .target(name: "StrataScene", dependencies: ["Strata", "StrataPath", "StrataPNG", "StrataText"], swiftSettings: [.strictMemorySafety()]),
    // Lottie (Bodymovin JSON) import: a Lottie file to a layer tree with animations, as
    // lottie-ios's Core Animation engine builds it. It reads JSON with the scene parser,
    // dotLottie containers with libzip and gzip-compressed files with zlib.
    .target(
      name: "StrataLottie", dependencies: ["Strata", "StrataPath", "StrataText", "StrataScene", "StrataPNG", "StrataImageCodecs", "CZip", "CZlib"],
      swiftSettings: [.strictMemorySafety()]),
    .target(name: "StrataRender", dependencies: ["StrataSync", "Strata", "StrataPath", "StrataText"], swiftSettings: [.strictMemorySafety()]),
    .target(name: "StrataCPU", dependencies: ["StrataSync", "Strata", "StrataRender"], swiftSettings: [.strictMemorySafety()]),
    .executableTarget(name: "strata-embed-shaders", path: "Plugins/ShaderEmbedder"),
    .plugin(
      name: "EmbedShaders", capability: .buildTool(), dependencies: ["strata-embed-shaders"],
      path: "Plugins/EmbedShaders"),
    .target(
      name: "StrataGL", dependencies: ["StrataSync", "Strata", "StrataRender", "CEGL"],
      swiftSettings: [.strictMemorySafety()], plugins: ["EmbedShaders"]),
    // The fallback chain (GPU, fresh context, CPU) and the backend choice: the only module
    // the tools and the testing library choose a renderer through.
    .target(name: "StrataBackends", dependencies: ["StrataSync", "Strata", "StrataRender", "StrataCPU", "StrataGL"], swiftSettings: [.strictMemorySafety()]),
    // Image comparison (tiers, budgets, diff images, failure output) without a test
    // framework, so that the command-line tool can link it.
    .target(
      name: "StrataCompare", dependencies: ["StrataSync", "Strata", "StrataPNG"],
      // No unsafe code here, and the compiler keeps it so (it warns at the first one).
      swiftSettings: [.strictMemorySafety()]),
    // The test-framework glue (expectRendering, assertRendering, references, backends);
    // re-exports StrataCompare.
    .target(
      name: "StrataTesting",
      dependencies: ["StrataSync", "Strata", "StrataPNG", "StrataRender", "StrataBackends", "StrataCompare"],
      swiftSettings: [.strictMemorySafety()]),
    .target(
      name: "StrataCLI",
      dependencies: [
        "StrataSync", "Strata", "StrataPNG", "StrataScene", "StrataRender", "StrataGL", "StrataBackends", "StrataCompare",
        "StrataLottie",
      ],
      swiftSettings: [.strictMemorySafety()]),
    .executableTarget(name: "strata", dependencies: ["StrataCLI", "StrataAllocator"], swiftSettings: [.strictMemorySafety()]),
    // The differential fuzzer of the two backends: random scene files, rendered on both,
    // disagreements reduced by delta debugging (docs/Testing.md, "Hardening").
    .target(
      name: "StrataFuzz", dependencies: ["Strata", "StrataScene", "StrataRender", "StrataGL", "StrataBackends", "StrataCompare", "StrataPNG"],
      swiftSettings: [.strictMemorySafety()]),
    .executableTarget(name: "strata-fuzz", dependencies: ["StrataFuzz"], swiftSettings: [.strictMemorySafety()]),
    .executableTarget(
      name: "strata-bench", dependencies: ["Strata", "StrataAllocator", "StrataPath", "StrataRender", "StrataCPU", "StrataGL", "StrataBackends", "StrataPNG", "StrataTesting", "StrataLottie"],
      swiftSettings: [.strictMemorySafety()]),
    .testTarget(name: "StrataTests", dependencies: ["Strata", "StrataPath", "StrataSync", "StrataTestRandom"]),
    .testTarget(name: "StrataTextTests", dependencies: ["StrataText", "StrataPath", "CHarfBuzz", "CFreeType", "StrataTestRandom"]),
    .testTarget(name: "StrataPathTests", dependencies: ["StrataPath", "StrataTestRandom"], resources: [.copy("Fixtures")]),
    // Times the path engine on the S2 benchmark's geometry (release builds only).
    .executableTarget(name: "strata-path-bench", dependencies: ["StrataPath"], path: "Tests/PathBench"),
    .testTarget(name: "StrataPNGTests", dependencies: ["Strata", "StrataPNG"], resources: [.copy("Fixtures")]),
    .testTarget(name: "StrataSceneTests", dependencies: ["Strata", "StrataPath", "StrataScene", "StrataPNG", "StrataGoldenScenes"]),
    .testTarget(name: "StrataRenderTests", dependencies: ["Strata", "StrataPath", "StrataText", "StrataRender", "CFreeType"]),
    // Scenes and images shared by the CPU and GPU golden tests, and the test-only layer
    // kind of docs/AddingALayerKind.md (its model and compile step).
    .target(name: "StrataGoldenScenes", dependencies: ["Strata", "StrataPath", "StrataRender"], path: "Tests/GoldenScenes"),
    // Scratch directories that go when the test that made them passes.
    .target(name: "StrataScratch", path: "Tests/Scratch"),
    // Zip and gzip files written byte by byte (stored, sizes that can lie), for the Lottie
    // container tests.
    .target(name: "StrataTestArchives", path: "Tests/TestArchives"),
    // The tests' seeded generator (SplitMix64), shared by their randomised cases.
    .target(name: "StrataTestRandom", path: "Tests/TestRandom"),
    .testTarget(
      name: "StrataCPUTests",
      dependencies: [
        "Strata", "StrataPath", "StrataRender", "StrataCPU", "StrataPNG", "StrataScene", "StrataGoldenScenes",
        "StrataTesting", "StrataBackends", "StrataTestRandom",
      ],
      exclude: ["Golden", "Fixtures"]),
    .testTarget(
      name: "StrataGLTests",
      dependencies: [
        "Strata", "StrataPath", "StrataRender", "StrataCPU", "StrataGL", "StrataPNG", "StrataScene", "StrataGoldenScenes",
        "StrataTesting", "StrataFuzz",
      ]),
    .testTarget(
      name: "StrataTestingTests",
      dependencies: ["Strata", "StrataTesting", "StrataCompare", "StrataPNG", "StrataRender", "StrataCPU", "StrataScratch"],
      exclude: ["Fixtures", "Docs/__References__"]),
    .testTarget(
      name: "StrataBackendsTests",
      dependencies: ["Strata", "StrataRender", "StrataCPU", "StrataGL", "StrataBackends", "StrataGoldenScenes"]),
    .testTarget(
      name: "StrataLottieTests",
      dependencies: [
        "Strata", "StrataPath", "StrataScene", "StrataLottie", "StrataRender", "StrataCPU", "StrataTesting", "StrataTestRandom",
        "StrataImageCodecs", "StrataPNG", "StrataScratch", "StrataTestArchives",
      ]),
    .testTarget(
      name: "StrataLottieCorpusTests",
      dependencies: ["Strata", "StrataLottie", "StrataCompare", "StrataPNG", "StrataRender", "StrataCPU", "StrataGL"],
      exclude: ["LottieKnownFailures.txt"]),
    .testTarget(name: "StrataCLITests", dependencies: ["StrataCLI", "StrataPNG", "Strata", "StrataScratch", "StrataTestArchives"]),
    // Peak memory of scene loading and PNG decoding, measured in a child process (the probe)
    // so that tests running in parallel do not count.
    .executableTarget(
      name: "strata-memory-probe", dependencies: ["Strata", "StrataScene", "StrataPNG"], path: "Tests/MemoryProbe",
      swiftSettings: [.strictMemorySafety()]),
    .testTarget(name: "StrataMemoryTests", path: "Tests/StrataMemoryTests"),
  ],
  swiftLanguageModes: [.v6]
)

// libFuzzer targets (Fuzz/Targets), declared only when Scripts/fuzz.sh builds them
// (STRATA_FUZZ=1, in .build-fuzz with -sanitize=fuzzer,address), so that the normal build
// and test runs neither build nor see them. Each defines LLVMFuzzerTestOneInput; libFuzzer
// runs the loop (Fuzz/Targets/FuzzDriver explains the entry point).
if Context.environment["STRATA_FUZZ"] != nil {
  let fuzzers: [(String, [Target.Dependency])] = [
    ("fuzz-scene", ["StrataScene"]), ("fuzz-png", ["Strata", "StrataPNG"]), ("fuzz-svgpath", ["StrataPath"]),
    ("fuzz-text", ["StrataText", "StrataPath"]), ("fuzz-lottie", ["Strata", "StrataLottie", "StrataRender"]),
  ]
  package.targets.append(.target(name: "FuzzDriver", path: "Fuzz/Targets/FuzzDriver"))
  for (name, dependencies) in fuzzers {
    package.targets.append(
      .executableTarget(
        name: name, dependencies: dependencies + ["FuzzDriver"], path: "Fuzz/Targets/\(name)",
        swiftSettings: [.unsafeFlags(["-parse-as-library"])]))
    package.products.append(.executable(name: name, targets: [name]))
  }
}
