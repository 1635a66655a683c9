import Foundation
import StrataCLI
import StrataAllocator
import Synchronization

// Frames reuse the memory the frame before freed instead of faulting it in afresh.
FrameLoopMemory.keepFreedMemory()

// SIGINT, SIGTERM and SIGHUP remove temporary files and end the tool by the signal (exit
// status 130, 143, 129 in shells); SIGPIPE is ignored, so a closed pipe is a write error.
Interrupts.install()
/// Set when printing to standard output failed (a full disk, `> /dev/full`, a closed
/// pipe): the command's result did not reach its reader, so a success becomes exit 1.
let outputFailed = Atomic<Bool>(false)
// Errors are caught, never trapped on: a message to a closed or full standard error is
// lost, and one to standard output is remembered.
let console = Console(
  out: { s in
    do { try FileHandle.standardOutput.write(contentsOf: Data(s.utf8)) } catch { outputFailed.store(true, ordering: .relaxed) }
  },
  err: { try? FileHandle.standardError.write(contentsOf: Data($0.utf8)) })
var code = StrataCommand.run(Array(CommandLine.arguments.dropFirst()), console: console)
if code == .success, outputFailed.load(ordering: .relaxed) {
  console.err("strata: standard output: cannot write\n")
  code = .failure
}
Interrupts.exit(code)
