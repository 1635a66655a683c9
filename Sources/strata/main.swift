import Foundation
import StrataCLI

// SIGINT, SIGTERM and SIGHUP remove temporary files and end the tool by the signal (exit
// status 130, 143, 129 in shells); SIGPIPE is ignored, so a closed pipe is a write error.
Interrupts.install()
// `try?`: a message to a closed pipe is lost, not a crash.
let console = Console(
  out: { try? FileHandle.standardOutput.write(contentsOf: Data($0.utf8)) },
  err: { try? FileHandle.standardError.write(contentsOf: Data($0.utf8)) })
Interrupts.exit(StrataCommand.run(Array(CommandLine.arguments.dropFirst()), console: console))
