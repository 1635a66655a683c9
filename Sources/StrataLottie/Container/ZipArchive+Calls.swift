import CZip
import Glibc
import Strata

/// A zip archive read from memory with libzip: the entries it lists, screened against the
/// container limits when it is opened, and each read on request. This is the only file
/// that calls libzip.
///
/// The pointers: libzip keeps reading its input while the archive is open, so it gets its
/// own copy, which the buffer source frees (`freep` 1); the archive (`zip_t`) is discarded
/// by `deinit`, and every opened entry is closed on every path out. Entries are read in
/// 64 KiB pieces into an array that stops at the size the archive recorded.
@safe final class ZipArchive {
  struct Entry {
    var index: UInt64
    /// The uncompressed size the archive records (checked against the limits).
    var size: Int
  }

  /// The archive's name for errors.
  let name: String
  /// Files by name; directories and the `__MACOSX/` folder that macOS's Archive Utility
  /// adds are left out.
  private(set) var entries: [String: Entry] = [:]
  private let archive: OpaquePointer

  /// Opens the archive and screens its directory: at most `Limits.containerEntries`
  /// entries, names of at most `Limits.containerNameBytes` bytes, each entry at most
  /// `Limits.containerEntryBytes` and all at most `Limits.containerBytes` uncompressed, as
  /// the archive records them (nothing is inflated here). The corresponding C functions
  /// are `zip_source_buffer_create`, `zip_open_from_source` and `zip_stat_index`.
  init(bytes: [UInt8], name: String) throws(LottieError) {
    self.name = name
    var error = unsafe zip_error_t()
    unsafe zip_error_init(&error)
    defer { unsafe zip_error_fini(&error) }
    guard let copy = unsafe malloc(max(bytes.count, 1)) else { preconditionFailure("out of memory copying a zip archive") }
    unsafe bytes.withUnsafeBytes { if let from = $0.baseAddress { unsafe copy.copyMemory(from: from, byteCount: $0.count) } }
    guard let source = unsafe zip_source_buffer_create(copy, UInt64(bytes.count), 1, &error) else {
      unsafe free(copy)
      throw LottieError(fileName: name, path: "", message: "cannot read the zip archive (libzip: \(unsafe String(cString: zip_error_strerror(&error))))")
    }
    guard let archive = unsafe zip_open_from_source(source, ZIP_RDONLY, &error) else {
      unsafe zip_source_free(source)
      throw LottieError(fileName: name, path: "", message: "not a valid zip archive (libzip: \(unsafe String(cString: zip_error_strerror(&error))))")
    }
    unsafe self.archive = archive
    try screen()
  }

  deinit { unsafe zip_discard(archive) }

  private func screen() throws(LottieError) {
    let count = unsafe zip_get_num_entries(archive, 0)
    guard count >= 0 else { throw problem("cannot list the zip archive (libzip: \(unsafe String(cString: zip_strerror(archive))))") }
    guard count <= Limits.containerEntries else {
      throw problem("the zip archive has \(count) entries, more than the limit of \(Limits.containerEntries)")
    }
    var total = 0
    for i in 0..<UInt64(count) {
      var stat = unsafe zip_stat_t()
      unsafe zip_stat_init(&stat)
      guard unsafe zip_stat_index(archive, i, 0, &stat) == 0, unsafe stat.valid & UInt64(ZIP_STAT_NAME | ZIP_STAT_SIZE) == UInt64(ZIP_STAT_NAME | ZIP_STAT_SIZE),
        let cName = unsafe stat.name
      else {
        throw problem("cannot read entry \(i) of the zip archive (libzip: \(unsafe String(cString: zip_strerror(archive))))")
      }
      let length = unsafe strlen(cName)
      guard length <= Limits.containerNameBytes else {
        throw problem("entry \(i) of the zip archive has a name of \(length) bytes, more than the limit of \(Limits.containerNameBytes)")
      }
      let entryName = unsafe String(cString: cName)
      let size = unsafe stat.size
      guard size <= UInt64(Limits.containerEntryBytes) else {
        throw problem("the zip entry \"\(entryName)\" inflates to \(size) bytes, more than the limit of \(Limits.containerEntryBytes)")
      }
      total += Int(size)
      guard total <= Limits.containerBytes else {
        throw problem("the zip archive's entries inflate to more than the limit of \(Limits.containerBytes) bytes in all")
      }
      guard !entryName.hasSuffix("/"), !entryName.hasPrefix("__MACOSX/"), entries[entryName] == nil else { continue }
      entries[entryName] = Entry(index: i, size: Int(size))
    }
  }

  /// The bytes of the entry `entryName`, nil when the archive has no such file. Reading
  /// stops with an error at the first byte past the size the archive recorded, so an entry
  /// whose header understates its size cannot inflate further. The corresponding C
  /// functions are `zip_fopen_index` and `zip_fread`.
  func read(_ entryName: String) throws(LottieError) -> [UInt8]? {
    guard let entry = entries[entryName] else { return nil }
    guard let file = unsafe zip_fopen_index(archive, entry.index, 0) else {
      throw problem("cannot read the zip entry \"\(entryName)\" (libzip: \(unsafe String(cString: zip_strerror(archive))))")
    }
    defer { _ = unsafe zip_fclose(file) }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(entry.size)
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let n = unsafe chunk.withUnsafeMutableBytes { unsafe zip_fread(file, $0.baseAddress!, UInt64($0.count)) }
      guard n >= 0 else {
        throw problem("the zip entry \"\(entryName)\" is damaged (libzip: \(unsafe String(cString: zip_file_strerror(file))))")
      }
      if n == 0 { return bytes }
      guard bytes.count + Int(n) <= entry.size else {
        throw problem("the zip entry \"\(entryName)\" inflates to more than the \(entry.size) bytes its archive records")
      }
      bytes.append(contentsOf: chunk[0..<Int(n)])
    }
  }

  private func problem(_ message: String) -> LottieError {
    LottieError(fileName: name, path: "", message: message)
  }
}
