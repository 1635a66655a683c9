import Foundation
import StrataPNG

/// The files a command reads, by file identity, so that no output path overwrites one.
///
/// Spelling does not matter: `s.json`, `./s.json`, a symbolic link to it and a hard link
/// to it are one file (same device and inode). An output that names an input is a usage
/// error (exit 2), reported before anything is written.
struct InputFiles {
  private var files: [FileIdentity: (path: String, role: String)] = [:]
  private var pyramids: [PNGTileSource] = []

  /// Adds the file at `path`, described in messages as `role` ("the scene file").
  mutating func add(_ path: String, role: String) {
    guard let id = FileIdentity(path: path), files[id] == nil else { return }
    files[id] = (path, role)
  }

  /// The inputs of a loaded scene: its file, every image it loaded, and the files of its
  /// tile pyramids.
  init(scene path: String, images: [String], tiles: [PNGTileSource] = []) {
    add(path, role: "the scene file")
    for image in images { add(image, role: "an image the scene loads") }
    pyramids = tiles
  }

  init() {}

  /// Adds the files of tile pyramids (a batch's scenes, one after another).
  mutating func add(pyramids more: [PNGTileSource]) { pyramids += more }

  /// Throws when writing to `output` (given with `option`) would overwrite an input.
  func check(output: String, option: String) throws(UsageError) {
    guard output != "-", let id = FileIdentity(path: output) else { return }
    if let input = files[id] { throw Self.error(option: option, output: output, input: input) }
    // A tile file: the output's name gives the tile, whose file must be another.
    for p in pyramids {
      guard let t = p.pattern.index(matchingEndOf: output), p.contains(t) else { continue }
      let tile = p.path(of: t)
      if FileIdentity(path: tile) == id { throw Self.error(option: option, output: output, input: (tile, "a tile the scene reads")) }
    }
  }

  /// Throws when any frame file of `pattern` for `frames` would overwrite an input.
  ///
  /// Looks only at the files that exist in the directory of the numbered path component,
  /// so the cost does not grow with the number of frames (`--frames 0:300000000`).
  func check(pattern: FramePattern, frames: Range<Int>, option: String) throws(UsageError) {
    guard !files.isEmpty else { return }
    // prefix = directory + name start; suffix = name end + the rest of the path.
    let slash = pattern.prefix.lastIndex(of: "/")
    let directory = slash.map { String(pattern.prefix[...$0]) } ?? ""
    let nameStart = slash.map { String(pattern.prefix[pattern.prefix.index(after: $0)...]) } ?? pattern.prefix
    let nameEnd = String(pattern.suffix.prefix { $0 != "/" })
    let rest = String(pattern.suffix.dropFirst(nameEnd.count))
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.isEmpty ? "." : directory)) ?? []
    for name in names where name.hasPrefix(nameStart) && name.hasSuffix(nameEnd) && name.count > nameStart.count + nameEnd.count {
      let number = name.dropFirst(nameStart.count).dropLast(nameEnd.count).drop { $0 == " " }
      guard number.count <= 18, number.allSatisfy({ $0.isASCII && $0.isNumber }), let frame = Int(number),
        frames.contains(frame)
      else { continue }
      let output = directory + name + rest
      // Only a name the pattern would make for that frame (%04d: 0007, not 07).
      guard pattern.path(for: frame) == output, let id = FileIdentity(path: output), let input = files[id] else { continue }
      throw Self.error(option: option, output: output, input: input)
    }
  }

  private static func error(option: String, output: String, input: (path: String, role: String)) -> UsageError {
    let same = output == input.path ? "" : " (the same file)"
    return UsageError(
      message: "\(option) '\(output)' would overwrite \(input.role), '\(input.path)'\(same); nothing was written",
      showsUsage: false)
  }
}
