import Foundation
import PackagePlugin

/// Embeds the top-level `Shaders/` folder into the target as Swift string constants, so the
/// binary never looks for shader files at run time.
@main
struct EmbedShaders: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let dir = context.package.directoryURL.appending(path: "Shaders")
    let names = try FileManager.default.contentsOfDirectory(atPath: dir.path)
      .filter { $0.hasSuffix(".vert") || $0.hasSuffix(".frag") || $0.hasSuffix(".glsl") }
      .sorted()
    let inputs = names.map { dir.appending(path: $0) }
    let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedShaders.swift")
    return [
      .buildCommand(
        displayName: "Embedding \(names.count) shaders",
        executable: try context.tool(named: "strata-embed-shaders").url,
        arguments: [output.path] + inputs.map(\.path),
        inputFiles: inputs,
        outputFiles: [output])
    ]
  }
}
