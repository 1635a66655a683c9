import StrataScene

/// A dotLottie container (`.lottie`): a zip archive with `manifest.json`, animations and
/// their images. Version 1 keeps animations in `animations/` and images in `images/`;
/// version 2 in `a/` and `i/`.
///
/// The manifest's `animations` lists the animations by id, the first being the one
/// players show by default (lottie-ios, dotlottie-web); `id.json` in the animations
/// folder is its JSON.
struct DotLottie {
  let archive: ZipArchive
  /// The manifest's animation ids, in its order.
  let animationIDs: [String]
  /// The chosen animation's id and JSON.
  let animationID: String
  let json: [UInt8]
  /// Where the chosen animation's images are looked for by file name: `images/` or `i/`.
  let imageFolder: String

  /// Opens the container and reads the animation `animationID` (the manifest's first when
  /// nil). An unknown id is an error listing the ids there are.
  init(archive: ZipArchive, animationID: String?) throws(LottieError) {
    self.archive = archive
    func failure(_ path: String, _ message: String) -> LottieError { LottieError(fileName: archive.name, path: path, message: message) }
    guard let manifestBytes = try archive.read("manifest.json") else {
      throw failure("", "not a dotLottie file: the zip archive has no manifest.json")
    }
    let manifest: JSONValue
    do throws(JSONError) { manifest = try JSONParser.parse(manifestBytes) } catch {
      throw failure("", "manifest.json is not valid JSON: \(error)")
    }
    guard case .array(let list)? = manifest["animations"] else {
      throw failure("", "manifest.json has no \"animations\" array")
    }
    var ids: [String] = []
    for (i, item) in list.enumerated() {
      switch item["id"] {
      case .string(let s)?: ids.append(s)
      case .number(let n)? where n.isFinite && n == n.rounded() && abs(n) < 1e15: ids.append(String(Int(n)))
      default: throw failure("", "manifest.json: animations[\(i)] has no \"id\" string")
      }
    }
    guard let first = ids.first else { throw failure("", "manifest.json lists no animations") }
    let chosen = animationID ?? first
    guard ids.contains(chosen) else {
      throw failure("", "no animation \"\(chosen)\" in the manifest; its animations are \(ids.map { "\"\($0)\"" }.joined(separator: ", "))")
    }
    // Version 1's folders, then version 2's: the manifest's "version" is not always
    // written, and the folders say which it is.
    let layouts = [("animations/", "images/"), ("a/", "i/")]
    guard let (folder, images) = layouts.first(where: { archive.entries[$0.0 + chosen + ".json"] != nil }) else {
      throw failure("", "the manifest lists animation \"\(chosen)\", but neither animations/\(chosen).json nor a/\(chosen).json is in the archive")
    }
    json = try archive.read(folder + chosen + ".json")!
    animationIDs = ids
    self.animationID = chosen
    imageFolder = images
  }
}
