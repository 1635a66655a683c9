import Foundation
import Testing

/// What the tool's signal handler does may not allocate: a signal can come while another
/// thread holds the allocator's lock, and an allocation in the handler would then wait for
/// ever. Its work, removing the temporary files (`TemporaryFiles.removeAll()`), runs in the
/// probe with glibc's malloc tracer on; tests run a build without optimisation, where
/// unspecialised generic code allocates where an optimised build does not.
@Suite struct SignalHandlerMemoryTests {
  static let tracer = "/lib/x86_64-linux-gnu/libc_malloc_debug.so.0"

  @Test(.enabled(if: FileManager.default.fileExists(atPath: tracer), "needs glibc's libc_malloc_debug"))
  func removingTemporaryFilesAllocatesNothing() throws {
    let dir = try ScratchDirectory()
    defer { dir.remove() }
    let trace = dir.path + "/malloc.trace"
    let result = try PeakMemory.run(
      ["unlink-temporaries", dir.path, trace], environment: ["LD_PRELOAD=\(Self.tracer)", "MALLOC_TRACE=\(trace)"])
    #expect(result.output == "ok 0 allocations", "\(result.output); the trace: \(trace)")
    // The temporary file was removed, by removeAll alone (the probe ended with it open).
    let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0 != "malloc.trace" }
    #expect(left.isEmpty, "\(left)")
  }
}
