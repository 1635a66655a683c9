import Strata
import StrataPNG

/// The state of one load: where images are found, how large they may be, and the images
/// already decoded, so that layers naming the same file share one `Image` (renderers cache
/// textures by image identity).
final class SceneBuilder {
  let file: String
  let baseDirectory: String
  let pixelBudget: Int
  let limits: SceneLimits
  /// The layers built so far, for `limits.maxLayers` (see `countLayer`).
  var layerCount = 0
  /// Whether `animations` objects are built. Off while a transition's old state is built:
  /// the old state shows its model values (`Layer.presentationCopy`), and building its
  /// animations (nested transitions among them) would cost 2^n for n nested transitions.
  var buildsAnimations = true
  /// How deep the animation being built sits in groups and transitions' `from` objects.
  var animationNesting = 0
  private var images: [String: Image] = [:]
  /// The paths of `images`, in the order they were first loaded.
  private(set) var imagePaths: [String] = []
  /// The tile pyramids of tiled layers, in the order they were named.
  var tilePyramids: [PNGTileSource] = []

  init(file: String, baseDirectory: String, pixelBudget: Int, limits: SceneLimits = SceneLimits()) {
    self.file = file
    self.baseDirectory = baseDirectory
    self.pixelBudget = pixelBudget
    self.limits = limits
  }

  /// The PNG image a `contents` string names, relative to the scene file's directory
  /// unless absolute. A PNG error becomes an error at the `contents` path that names the
  /// image as the scene file wrote it: `layers[0].contents: images/logo.png: file not found`.
  func image(_ field: Field) throws(SceneError) -> Image {
    let name = try field.string()
    guard !name.isEmpty else { throw field.error("expected a PNG file name, got an empty string") }
    let path = name.hasPrefix("/") || baseDirectory.isEmpty ? name : baseDirectory + "/" + name
    if let cached = images[path] { return cached }
    do {
      let image = try PNG.read(path: path, pixelBudget: pixelBudget)
      images[path] = image
      imagePaths.append(path)
      return image
    } catch {
      throw field.error("\(Excerpt.of(name)): \(error.reason)")
    }
  }

  /// Adds a freshly built layer to its parent. Scene layers are new and unshared, so the
  /// tree's cycle check cannot fire.
  static func adopt(_ child: Layer, into parent: Layer) {
    do {
      try parent.addSublayer(child)
    } catch {
      preconditionFailure("a new scene layer cannot form a cycle: \(error)")
    }
  }
}
