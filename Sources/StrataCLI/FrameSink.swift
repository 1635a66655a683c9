import Foundation
import Strata
import StrataPNG
import StrataRender

/// Where `strata render` puts its frames (`--format` and `-o`), and how each is turned into
/// bytes.
///
/// PNG files are encoded and written in parallel, each one atomically (`PNG.write`). An
/// animated PNG and raw frames go to one `OutputFile` in frame order, frame by frame as
/// they are made, so memory does not grow with the number of frames.
enum FrameSink {
  /// One PNG file per frame: `pattern`'s file names, or `path` for a single image.
  case files(pattern: FramePattern?, path: String)
  case apng(APNG.Writer)
  case raw(OutputFile)

  /// Opens the output for `frameCount` frames. PNG files are opened as they are written.
  init(format: FrameFormat, output: String, pattern: FramePattern?, frameCount: Int, fps: Double) throws(PNGError) {
    switch format {
    case .png: self = .files(pattern: pattern, path: output)
    case .apng: self = .apng(try APNG.Writer(path: output, frameCount: frameCount, delay: APNG.Delay(fps: fps)))
    case .rgba: self = .raw(try OutputFile(path: output))
    }
  }

  /// Creates the missing directories the PNG files of `frames` go to: the README's
  /// `-o 'frames/frame-%04d.png'` must work without a `frames/` yet.
  func makeDirectories(for frames: Range<Int>) throws(PNGError) {
    guard case .files(let pattern?, _) = self else { return }
    // One frame per distinct directory: a pattern's directory rarely changes with the number.
    var seen = Set<String>()
    for frame in frames {
      let path = pattern.path(for: frame)
      let directory = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
      if seen.insert(directory).inserted { try OutputFile.createDirectories(above: path) }
    }
  }

  /// How each frame becomes bytes.
  var encoding: FrameEncoding {
    switch self {
    case .files(let pattern, let path): .file(pattern: pattern, path: path)
    case .apng: .png
    case .raw: .rgba
    }
  }

  /// Appends an encoded frame to the animated PNG or the raw stream, in frame order.
  func append(_ bytes: [UInt8]) throws(PNGError) {
    switch self {
    case .files: break
    case .apng(let writer): try writer.append(bytes)
    case .raw(let file): try file.write(bytes)
    }
  }

  /// Makes the animated PNG or raw file appear (renamed into place).
  func finish() throws(PNGError) {
    switch self {
    case .files: break
    case .apng(let writer): try writer.finish()
    case .raw(let file): try file.commit()
    }
  }

  /// Gives up: removes the temporary file of an animated PNG or raw file.
  func abandon() {
    switch self {
    case .files: break
    case .apng(let writer): writer.abandon()
    case .raw(let file): file.abandon()
    }
  }

  /// What an interrupted run leaves, for its message.
  func leftAfterInterrupt(framesDone: Int, first: Int) -> String {
    switch self {
    case .files(let pattern, _):
      guard let pattern, framesDone > 0 else { return "no file written" }
      return "\(framesDone) whole frame files written, \(pattern.path(for: first)) to \(pattern.path(for: first + framesDone - 1))"
    case .apng(let writer): return "\(writer.name) not written"
    case .raw(let file):
      return file.isAtomic ? "\(file.name) not written" : "\(framesDone) whole frames written to \(file.name)"
    }
  }
}

/// How a frame becomes bytes: a value, for the frames of a batch encoded concurrently.
enum FrameEncoding: Sendable {
  /// Written to its own PNG file here; no bytes to append.
  case file(pattern: FramePattern?, path: String)
  /// PNG bytes, for an animated PNG.
  case png
  /// Straight RGBA8 bytes.
  case rgba

  /// Frame `frame` as bytes for `FrameSink.append`, or, for `.file`, written to its file.
  func encode(_ pixels: PixelBuffer, frame: Int) throws(PNGError) -> [UInt8] {
    switch self {
    case .file(let pattern, let path):
      try PNG.write(pixels, to: pattern?.path(for: frame) ?? path)
      return []
    case .png: return try PNG.encode(pixels)
    case .rgba: return pixels.image.straightPixels
    }
  }
}
