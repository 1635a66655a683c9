import CMalloc

/// How a process that renders frame after frame keeps its freed memory for the next frame.
///
/// A frame allocates its render list, particles and instance data afresh, megabytes in
/// arrays of their own. glibc gives freed memory back to the system once 128 KiB lie free
/// at the top of the heap, and serves large arrays from fresh `mmap`s, so every frame
/// faulted its pages in again: a fifth to a half of the compile time of S4's emitter (12.7
/// ms a frame, 6.7 ms with the memory kept). A library must not change its host's
/// allocator, so this is the executables' choice (`strata`, `strata-bench`), and a server
/// embedding Strata can make the same one (this call, or `GLIBC_TUNABLES`, README
/// "Performance").
public enum FrameLoopMemory {
  /// Keeps up to `trim` bytes of freed memory in the process and serves allocations below
  /// `mmap` bytes from the heap (glibc's `M_TRIM_THRESHOLD` and `M_MMAP_THRESHOLD`; the
  /// latter at most 32 MiB). The process's peak memory rises little, freed memory being
  /// reused rather than added to (S4's 20000 layers: 143 -> 153 MiB; S1-S3, S5 within 1).
  public static func keepFreedMemory(trim: Int32 = 256 << 20, mmap: Int32 = 32 << 20) {
    _ = mallopt(M_TRIM_THRESHOLD, trim)
    _ = mallopt(M_MMAP_THRESHOLD, mmap)
  }
}
