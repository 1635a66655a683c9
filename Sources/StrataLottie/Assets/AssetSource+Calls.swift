import Glibc

extension AssetSource {
  /// The absolute path `path` names with every symbolic link, `.` and `..` resolved, nil
  /// when it names nothing (a missing file, a dangling link). The corresponding C function
  /// is `realpath`; its result is freed here.
  static func resolved(_ path: String) -> String? {
    guard let result = unsafe realpath(path, nil) else { return nil }
    defer { unsafe free(result) }
    return unsafe String(cString: result)
  }
}
