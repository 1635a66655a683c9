import Foundation
import Strata
import StrataImageCodecs

/// An image asset decoded: the image and its size in points (`w`, `h`, the image's pixels
/// when absent).
struct ImageAsset: Sendable {
  var image: Image
  var width: Double
  var height: Double
  /// The file on disk it was read from (nil: embedded, or inside a container).
  var file: String?

  /// The most pixels one image asset may decode to, as for PNG images in scene files.
  static let pixelBudget = Limits.imagePixels
}

extension Node {
  /// The image asset at this node: embedded (`"p": "data:image/…;base64,…"`) or a file
  /// `u` + `p` read from `assets`, in PNG, JPEG or WebP (recognised by content).
  ///
  /// An image that cannot be read or decoded is a warning at `p` (an error in strict
  /// mode) and gives nil: layers showing it are drawn empty, as lottie-ios draws them.
  /// Only a malformed asset object (no `p`, a `p` that is not a string) is an error.
  func imageAsset(assets: AssetSource) throws(LottieError) -> ImageAsset? {
    let p = try required("p")
    let file = try p.string()
    let w = try number("w", default: 0), h = try number("h", default: 0)
    let bytes: [UInt8]
    let name: String
    var path: String?
    if file.hasPrefix("data:") {
      name = "embedded image"
      guard let comma = file.firstIndex(of: ",") else {
        try context.warn(p.path, layer: nil, "a data URI without data; layers showing this image are drawn empty")
        return nil
      }
      guard file[..<comma].hasSuffix(";base64"),
        let data = Data(base64Encoded: String(file[file.index(after: comma)...]), options: .ignoreUnknownCharacters)
      else {
        try context.warn(p.path, layer: nil, "the embedded image is not valid base64 data; layers showing it are drawn empty")
        return nil
      }
      bytes = [UInt8](data)
    } else {
      let folder = try string("u") ?? ""
      name = folder + file
      switch assets.read(folder: folder, file: file) {
      case .success(let read): (bytes, path) = read
      case .failure(let problem):
        try context.warn(p.path, layer: nil, "\(problem.message); layers showing it are drawn empty")
        return nil
      }
    }
    let image: Image
    do throws(ImageDecodeError) {
      image = try ImageCodecs.decode(bytes, name: name, pixelBudget: ImageAsset.pixelBudget)
    } catch {
      try context.warn(p.path, layer: nil, "\(error); layers showing it are drawn empty")
      return nil
    }
    return ImageAsset(image: image, width: w > 0 ? w : Double(image.width), height: h > 0 ? h : Double(image.height), file: path)
  }
}
