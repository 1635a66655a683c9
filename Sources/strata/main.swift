import Foundation
import StrataCLI

let console = Console(
  out: { FileHandle.standardOutput.write($0.data(using: .utf8)!) },
  err: { FileHandle.standardError.write($0.data(using: .utf8)!) })
exit(StrataCommand.run(Array(CommandLine.arguments.dropFirst()), console: console).rawValue)
