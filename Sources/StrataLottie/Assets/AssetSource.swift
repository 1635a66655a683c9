import Foundation
import Strata
import StrataPNG

/// Where the files of an animation's image assets (`u` + `p`) are read from. A file is
/// found inside the animation's folder or its dotLottie archive, never elsewhere.
enum AssetSource {
  /// No files: only images embedded in the JSON (data URIs).
  case embeddedOnly
  /// The animation's folder on disk.
  case folder(URL)
  /// A dotLottie archive; `imageFolder` (`images/` or `i/`) is where images are also
  /// looked for by file name, as lottie-ios looks them up.
  case archive(ZipArchive, imageFolder: String)

  /// The bytes of the image file `folder` + `file` (an asset's `u` and `p`) and, for a
  /// file on disk, its resolved path; or why not.
  ///
  /// In a folder on disk the path must resolve, symbolic links followed, to a file inside
  /// the folder (resolved too): an absolute path, `..` leading out or a link pointing out
  /// is refused with the same message as a missing file, so that the message does not
  /// tell whether a file outside exists. The file is read as scene files are (a regular
  /// file, at most `Limits.sceneFileBytes`).
  func read(folder: String, file: String) -> Result<(bytes: [UInt8], path: String?), AssetProblem> {
    let given = folder + file
    switch self {
    case .embeddedOnly:
      return .failure(AssetProblem("image file \"\(given)\" cannot be read: the animation was given without a folder"))
    case .folder(let base):
      let notFound = AssetProblem("image file \"\(given)\" not found in the animation's folder")
      guard !given.hasPrefix("/"), !given.utf8.contains(0), let root = Self.resolved(base.path),
        let path = Self.resolved(root + "/" + given), path.hasPrefix(root == "/" ? "/" : root + "/")
      else { return .failure(notFound) }
      do throws(PNGError) {
        return .success((try InputFile.read(path: path, maxBytes: Limits.sceneFileBytes), path))
      } catch {
        // Found a moment ago: a file removed since is still "not found".
        if case .unreadable(_, "file not found") = error { return .failure(notFound) }
        return .failure(AssetProblem("image file \"\(given)\": \(error.reason)"))
      }
    case .archive(let archive, let imageFolder):
      let notFound = AssetProblem("image file \"\(given)\" not found in the dotLottie file")
      // Inside an archive a leading "/" names its root ("/images/" is common); the file
      // name alone is then tried in the image folder, which is how lottie-ios finds an
      // image whose `u` is empty.
      var candidates: [String] = []
      if let name = Self.normalised(given) { candidates.append(name) }
      if let last = file.split(separator: "/").last, last != "..", last != "." { candidates.append(imageFolder + last) }
      for name in candidates {
        do throws(LottieError) {
          if let bytes = try archive.read(name) { return .success((bytes, nil)) }
        } catch {
          return .failure(AssetProblem(error.message))
        }
      }
      return .failure(notFound)
    }
  }

  /// `path` with "." and empty components dropped and ".." applied, nil when ".." would
  /// leave the root.
  static func normalised(_ path: String) -> String? {
    var parts: [Substring] = []
    for c in path.split(separator: "/", omittingEmptySubsequences: true) {
      switch c {
      case ".": continue
      case "..":
        guard !parts.isEmpty else { return nil }
        parts.removeLast()
      default: parts.append(c)
      }
    }
    return parts.isEmpty ? nil : parts.joined(separator: "/")
  }
}

/// Why an image asset's file could not be read: a sentence for the warning.
struct AssetProblem: Error {
  var message: String
  init(_ message: String) { self.message = message }
}
