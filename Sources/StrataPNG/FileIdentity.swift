/// Which file a path names, as the file system knows it: its device and inode numbers.
///
/// Two paths name the same file exactly when their identities are equal, however they are
/// spelled: `s.json` and `./s.json`, a symbolic link and its target, two hard links. Tools
/// use it to refuse an output path that would overwrite one of their inputs.
public struct FileIdentity: Hashable, Sendable {
  public let device: UInt64
  public let inode: UInt64

  /// The file at `path`, following symbolic links; nil when there is none (or it cannot be
  /// looked at).
  ///
  /// The corresponding C function is `stat`.
  public init?(path: String) {
    guard case .success(let s) = FileIO.status(path) else { return nil }
    device = s.device
    inode = s.inode
  }
}
