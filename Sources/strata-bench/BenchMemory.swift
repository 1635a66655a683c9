import Foundation
import Strata

/// Peak memory per benchmark run (issue 14: "no scene above 3x (frame buffer + its
/// textures)").
///
/// Linux keeps the peak resident size of a process (`VmHWM`) and resets it to the current
/// size when "5" is written to `/proc/self/clear_refs`; so each run's peak is measured in
/// this process, without a process per scene. The figure is the peak over the resident
/// size before the scene was built: the scene's layers and images, its caches, the frame
/// buffer and the renderer's copies (on llvmpipe the GPU's textures and targets are process
/// memory too), not the code, the libraries and an already open GPU context.
enum BenchMemory {
  static func resetPeak() {
    try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
  }

  /// `VmRSS`, in bytes.
  static var residentBytes: Int { status("VmRSS:") }
  /// `VmHWM` (the peak resident size since the last `resetPeak`), in bytes.
  static var peakBytes: Int { status("VmHWM:") }

  private static func status(_ field: String) -> Int {
    let text = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    for line in text.split(separator: "\n") where line.hasPrefix(field) {
      if let kib = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first.flatMap({ Int($0) }) {
        return kib * 1024
      }
    }
    return 0
  }

  /// The frame buffer (RGBA8) plus every distinct image the scene's layers and emitter
  /// cells show, decoded (RGBA8): the "frame buffer + its textures" of the goal.
  static func frameAndTextureBytes(_ scene: BenchScene) -> Int {
    var seen = Set<Image.ID>()
    var bytes = scene.width * scene.height * 4
    func add(_ image: Image?) {
      guard let image, seen.insert(image.id).inserted else { return }
      bytes += image.width * image.height * 4
    }
    func cells(_ list: [EmitterCell]) {
      for c in list {
        add(c.contents)
        cells(c.emitterCells)
      }
    }
    func walk(_ layer: Layer) {
      add(layer.contents)
      if let e = layer as? EmitterLayer { cells(e.emitterCells) }
      if let m = layer.mask { walk(m) }
      for s in layer.sublayersInDrawingOrder { walk(s) }
    }
    walk(scene.root)
    return bytes
  }
}
