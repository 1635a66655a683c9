import Foundation
import Strata

/// A Lottie file's bytes in any of its three forms, recognised by content: Lottie JSON,
/// gzip-compressed Lottie JSON (Telegram's `.tgs` stickers among them), or a dotLottie
/// zip. It gives the animation's JSON and where its image files are read from.
struct LottieSource {
  enum Kind: Equatable { case json, gzip, dotLottie }

  var json: [UInt8]
  var assets: AssetSource

  /// The form of `bytes`, by their first bytes: a zip's local-file or end-of-directory
  /// signature, gzip's magic number, else JSON.
  static func kind(of bytes: [UInt8]) -> Kind {
    if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) || bytes.starts(with: [0x50, 0x4B, 0x05, 0x06]) { return .dotLottie }
    if bytes.starts(with: Gzip.magic) { return .gzip }
    return .json
  }

  /// Opens `bytes`. Image files of plain and gzip-compressed JSON are read inside
  /// `baseDirectory` (none: embedded images only); a dotLottie's inside its archive.
  /// `animationID` chooses a dotLottie's animation; with another form it is an error.
  init(bytes: [UInt8], fileName: String, baseDirectory: URL?, animationID: String?) throws(LottieError) {
    let kind = Self.kind(of: bytes)
    if let animationID, kind != .dotLottie {
      throw LottieError(
        fileName: fileName, path: "", message: "animation \"\(animationID)\" was asked for, but the file is not a dotLottie container (it holds one animation)")
    }
    switch kind {
    case .json:
      json = bytes
      assets = baseDirectory.map { .folder($0) } ?? .embeddedOnly
    case .gzip:
      json = try Gzip.inflate(bytes, name: fileName, limit: Limits.sceneFileBytes)
      assets = baseDirectory.map { .folder($0) } ?? .embeddedOnly
    case .dotLottie:
      let container = try DotLottie(archive: try ZipArchive(bytes: bytes, name: fileName), animationID: animationID)
      json = container.json
      assets = .archive(container.archive, imageFolder: container.imageFolder)
    }
  }
}
