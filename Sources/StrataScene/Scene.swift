import Strata
import StrataPNG

/// A loaded scene file: a canvas and the layer tree to draw on it.
///
/// `Layer` is a mutable, single-threaded model object, so `Scene` is not `Sendable` either.
public struct Scene {
  /// The canvas size in points.
  public var width: Int
  public var height: Int
  /// Pixels per point of the rendered output.
  public var scale: Double
  /// What the canvas is cleared to before the layers are drawn (straight colour).
  public var background: Color
  /// The layer that fills the canvas: bounds `(0, 0, width, height)`, anchorPoint `(0, 0)`
  /// and position `(0, 0)`, so its coordinates are the canvas's points, y down. The scene
  /// file's `layers` are its sublayers; it has no other properties set.
  public var root: Layer
  /// The scene file's name as given to the loader, for messages.
  public var fileName: String
  /// The image files the scene loaded, as opened (relative to the working directory or
  /// absolute), each once: tools check that an output would not overwrite one.
  public var imageFiles: [String] = []
  /// The tile pyramids the scene's tiled layers read, each once: their files are inputs
  /// too, though only those a frame needs are opened.
  public var tilePyramids: [PNGTileSource] = []

  /// The largest rendered width or height, in pixels (`width * scale`, rounded up).
  public static let maxPixelsPerSide = Limits.maxPixelsPerSide
  /// The largest rendered area, in pixels: 100 megapixels, 400 MB of RGBA8.
  public static let maxPixels = Limits.maxPixels

  public init(width: Int, height: Int, scale: Double, background: Color, root: Layer, fileName: String) {
    self.width = width
    self.height = height
    self.scale = scale
    self.background = background
    self.root = root
    self.fileName = fileName
  }

  /// The rendered width in pixels: `width * scale`, rounded up so the canvas is covered.
  public var pixelWidth: Int { Int((Double(width) * scale).rounded(.up)) }
  /// The rendered height in pixels: `height * scale`, rounded up.
  public var pixelHeight: Int { Int((Double(height) * scale).rounded(.up)) }

  /// The layers of the scene file, bottom first.
  public var layers: [Layer] { root.sublayers }
}
