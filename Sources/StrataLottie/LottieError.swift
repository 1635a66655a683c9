/// A Lottie file that cannot be imported: the file, where in the document, and why.
///
/// The path is written as in JavaScript, into the Lottie document:
/// `layers[3].shapes[0].it[2].c.k`; it is empty for problems with the whole file
/// (unreadable, not JSON).
public struct LottieError: Error, Equatable, CustomStringConvertible {
  public var fileName: String
  public var path: String
  public var message: String

  public init(fileName: String, path: String, message: String) {
    self.fileName = fileName
    self.path = path
    self.message = message
  }

  /// `anim.json: layers[3].ks.o.k: expected a number or an array of numbers, got a string`.
  public var description: String {
    "\(fileName): " + (path.isEmpty ? "" : "\(path): ") + message
  }
}

/// Something in a Lottie file that the importer does not render (an expression, an effect,
/// a text animator), or renders only approximately: the layer it is in and the feature.
/// The rest of the animation still renders; `LottieOptions.strict` turns warnings into
/// errors.
public struct LottieWarning: Equatable, Sendable, CustomStringConvertible {
  /// Where in the document: `layers[2]` or `assets[0].layers[1].shapes[0]`.
  public var path: String
  /// The layer's name (`nm`), when it has one.
  public var layerName: String?
  public var message: String

  public init(path: String, layerName: String?, message: String) {
    self.path = path
    self.layerName = layerName
    self.message = message
  }

  /// `layers[2] ("Shape 1"): expressions are not supported`.
  public var description: String {
    path + (layerName.map { " (\"\($0)\")" } ?? "") + ": " + message
  }
}

/// How a Lottie file is imported.
public struct LottieOptions: Sendable {
  /// Unsupported features are errors instead of warnings.
  public var strict: Bool = false
  /// Which animation of a dotLottie container to import, by its manifest id (nil: the
  /// manifest's first, as players show). Given for another kind of file, it is an error.
  public var animationID: String?
  public init(strict: Bool = false, animationID: String? = nil) {
    self.strict = strict
    self.animationID = animationID
  }
}
