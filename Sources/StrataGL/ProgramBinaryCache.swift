import Foundation

/// Linked GL programs kept on disk between runs as driver binaries (`glGetProgramBinary`,
/// OpenGL ES 3.0 core), so that a new process loads the variants it used before instead of
/// compiling and linking their GLSL again.
///
/// Where: `STRATA_PROGRAM_CACHE` (a directory, or `off`), else
/// `$XDG_CACHE_HOME/strata/gl-programs`, else `~/.cache/strata/gl-programs`
/// (`directory(environment:)`); `GLRenderer.Options.programCacheDirectory` overrides it.
/// A driver that offers no binary format (`GL_NUM_PROGRAM_BINARY_FORMATS` 0: Mesa with its
/// own shader cache disabled) gets no cache.
///
/// One file per program, named by a hash of its key: the GL vendor, renderer and version
/// strings and both shaders' full source text (the variant's defines included). The file
/// holds the whole key, compared byte for byte, so another driver or a changed shader is a
/// miss and never loads a stale binary; a checksum of the binary catches a damaged file.
/// A miss, a damaged file, or a binary the driver refuses (`GL_LINK_STATUS` false after
/// `glProgramBinary`) compiles the program from source and rewrites the file. Writes are
/// atomic (a temporary file renamed into place), so processes sharing the directory see
/// whole files only. Reading and writing never fail a frame: the cache only saves time.
public struct ProgramBinaryCache: Sendable {
  public let directory: String

  /// The environment variable that moves or disables the cache (`off`).
  public static let variable = "STRATA_PROGRAM_CACHE"
  static let magic = Array("strata-gl-program 1\n".utf8)
  /// Files above this are not read (a program binary is tens of kilobytes).
  static let maxFileBytes = 64 << 20

  public init(directory: String) { self.directory = directory }

  /// The cache directory `environment` asks for; nil when `STRATA_PROGRAM_CACHE` is `off`
  /// (or empty) or there is neither `XDG_CACHE_HOME` nor `HOME`.
  public static func directory(environment: [String: String]) -> String? {
    if let v = environment[variable] { return v.isEmpty || v == "off" ? nil : v }
    if let x = environment["XDG_CACHE_HOME"], x.hasPrefix("/") { return x + "/strata/gl-programs" }
    if let h = environment["HOME"], !h.isEmpty { return h + "/.cache/strata/gl-programs" }
    return nil
  }

  /// What the cache did, for tests and `--verbose`.
  public struct Stats: Sendable, Equatable {
    /// Programs loaded from a binary.
    public var loaded = 0
    /// Binaries written after compiling.
    public var stored = 0
    /// Files that were there but damaged, of another key, or refused by the driver.
    public var rejected = 0
  }

  /// A program's key: the driver's strings and the shader sources.
  static func key(driver: String, vertex: String, fragment: String) -> [UInt8] {
    Array("\(driver)\n--vertex--\n\(vertex)\n--fragment--\n\(fragment)".utf8)
  }

  func path(for key: [UInt8]) -> String {
    directory + "/" + String(Self.fnv1a(key), radix: 16) + ".bin"
  }

  /// The binary stored for `key`, or nil (no file, another key, damaged); `damaged` is set
  /// when a file was there but could not be used.
  func load(_ key: [UInt8], damaged: inout Bool) -> (format: UInt32, bytes: [UInt8])? {
    let p = path(for: key)
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: p) else { return nil }
    guard let size = attributes[.size] as? Int, size <= Self.maxFileBytes,
      let data = FileManager.default.contents(atPath: p), let entry = Self.decode([UInt8](data), key: key)
    else {
      damaged = true
      return nil
    }
    return entry
  }

  /// Writes `bytes` for `key`, replacing any file; whether it was written (a failure is
  /// otherwise ignored).
  @discardableResult
  func store(_ key: [UInt8], format: UInt32, bytes: [UInt8]) -> Bool {
    let fm = FileManager.default
    try? fm.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let file = Data(Self.encode(key: key, format: format, bytes: bytes))
    return (try? file.write(to: URL(fileURLWithPath: path(for: key)), options: .atomic)) != nil
  }

  /// The file: magic, key length and key, format, binary length, checksum, binary (all
  /// integers little-endian).
  static func encode(key: [UInt8], format: UInt32, bytes: [UInt8]) -> [UInt8] {
    var out = magic
    out.reserveCapacity(magic.count + key.count + bytes.count + 24)
    append(UInt64(key.count), to: &out)
    out += key
    append(UInt64(format), to: &out)
    append(UInt64(bytes.count), to: &out)
    append(fnv1a(bytes), to: &out)
    out += bytes
    return out
  }

  /// The format and binary of `file` when it is whole and holds exactly `key`.
  static func decode(_ file: [UInt8], key: [UInt8]) -> (format: UInt32, bytes: [UInt8])? {
    var at = 0
    func take(_ n: Int) -> ArraySlice<UInt8>? {
      guard n >= 0, n <= file.count - at else { return nil }
      defer { at += n }
      return file[at..<(at + n)]
    }
    func number() -> UInt64? {
      guard let b = take(8) else { return nil }
      return b.reversed().reduce(0) { $0 << 8 | UInt64($1) }
    }
    guard take(magic.count).map(Array.init) == magic, let keyCount = number(), keyCount == UInt64(key.count),
      take(key.count).map(Array.init) == key, let format = number(), format <= UInt64(UInt32.max), let count = number(),
      count == UInt64(file.count - at - 8), let sum = number(), let bytes = take(Int(count)).map(Array.init),
      !bytes.isEmpty, fnv1a(bytes) == sum
    else { return nil }
    return (UInt32(format), bytes)
  }

  private static func append(_ v: UInt64, to out: inout [UInt8]) {
    for i in 0..<8 { out.append(UInt8(truncatingIfNeeded: v >> (8 * i))) }
  }

  /// 64-bit FNV-1a: file names and the binary's checksum (not a defence against an attacker
  /// who can write the cache directory, who could as well replace the library).
  /// - Complexity: O(n), one multiply per byte.
  static func fnv1a(_ bytes: [UInt8]) -> UInt64 {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
    return h
  }
}
