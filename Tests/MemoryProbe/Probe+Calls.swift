#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The probe's POSIX calls: the only file of the probe that calls the C library. Files are
/// read with them rather than with Foundation, so that no Foundation buffer is kept beside
/// the bytes and counted in the peak.
///
/// The pointers: each `read` goes into the array lent for the call, at an offset inside it,
/// for at most the bytes left in it.
enum Probe {
  /// The whole regular file at `path`, read into an array of exactly its size.
  ///
  /// The corresponding C functions are `open`, `fstat`, `read` and `close`.
  static func contents(of path: String) -> [UInt8] {
    let fd = unsafe open(path, O_RDONLY)
    precondition(fd >= 0, "cannot open \(path)")
    defer { close(fd) }
    var info = stat()
    precondition(unsafe fstat(fd, &info) == 0, "cannot stat \(path)")
    var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
    var offset = 0
    while offset < bytes.count {
      let n = unsafe bytes.withUnsafeMutableBytes { unsafe read(fd, $0.baseAddress! + offset, $0.count - offset) }
      precondition(n > 0, "cannot read \(path)")
      offset += n
    }
    return bytes
  }

  /// A /proc file, which reports size 0 and must be read to its end.
  ///
  /// The corresponding C functions are `open`, `read` and `close`.
  static func procContents(of path: String) -> [UInt8] {
    let fd = unsafe open(path, O_RDONLY)
    precondition(fd >= 0, "cannot open \(path)")
    defer { close(fd) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let n = unsafe buffer.withUnsafeMutableBytes { unsafe read(fd, $0.baseAddress, $0.count) }
      if n <= 0 { return bytes }
      bytes += buffer[0..<n]
    }
  }

  /// How many blocks `body` allocates (malloc, calloc, realloc, memalign), counted by
  /// glibc's malloc tracer into `trace`: nil unless the process was started with
  /// `LD_PRELOAD=libc_malloc_debug.so.0` and `MALLOC_TRACE=trace` (without them `mtrace`
  /// does nothing).
  ///
  /// The corresponding C functions are `mtrace` and `muntrace` of `libc_malloc_debug.so.0`,
  /// found with `dlvsym` (itself found with `dlsym`: Swift imports neither it nor
  /// `mcheck.h`). libc's own `mtrace`, the default version of the name, does nothing since
  /// glibc 2.34.
  static func allocations(tracedTo trace: String, _ body: () -> Void) -> Int? {
    typealias Call = @convention(c) () -> Void
    typealias VersionedSymbol = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>, UnsafePointer<CChar>) ->
      UnsafeMutableRawPointer?
    guard let library = unsafe dlopen("libc_malloc_debug.so.0", RTLD_NOW | RTLD_NOLOAD),
      let dlvsym = unsafe dlsym(nil, "dlvsym").map({ unsafe unsafeBitCast($0, to: VersionedSymbol.self) }),
      let on = unsafe dlvsym(library, "mtrace", "GLIBC_2.2.5"), let off = unsafe dlvsym(library, "muntrace", "GLIBC_2.2.5")
    else { return nil }
    unsafe unsafeBitCast(on, to: Call.self)()
    body()
    unsafe unsafeBitCast(off, to: Call.self)()
    var info = stat()
    guard unsafe stat(trace, &info) == 0 else { return nil }
    // `@ caller + address size` per allocation, `@ caller > address size` per reallocation.
    let lines = String(decoding: contents(of: trace), as: UTF8.self).split(separator: "\n")
    guard lines.first == "= Start" else { return nil }
    return lines.filter { $0.contains(" + ") || $0.contains(" > ") }.count
  }

  /// The corresponding C function is `exit`.
  static func exitProcess(_ status: Int32) -> Never {
    exit(status)
  }
}
