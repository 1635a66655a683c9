import Foundation
import StrataScene

/// Loads an inline scene as if from `scene.json`.
func loadScene(_ json: String, baseDirectory: String = "") throws -> Scene {
  try SceneLoader.load(data: Array(json.utf8), fileName: "scene.json", baseDirectory: baseDirectory)
}

/// The error loading `json` throws, as text; nil if it loads.
func sceneError(_ json: String, baseDirectory: String = "", pixelBudget: Int = 1 << 20) -> String? {
  do {
    _ = try SceneLoader.load(
      data: Array(json.utf8), fileName: "scene.json", baseDirectory: baseDirectory, pixelBudget: pixelBudget)
    return nil
  } catch {
    return error.description
  }
}

/// A fresh directory under the system's temporary directory.
struct TemporaryDirectory {
  let path: String

  init() throws {
    path = FileManager.default.temporaryDirectory
      .appendingPathComponent("strata-scene-tests-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  func write(_ bytes: [UInt8], to name: String) throws {
    let url = URL(fileURLWithPath: path + "/" + name)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(bytes).write(to: url)
  }

  func remove() { try? FileManager.default.removeItem(atPath: path) }
}
