extension LottieAnimation {
  /// Whether `bytes` start as a dotLottie container (a zip archive) or a gzip-compressed
  /// Lottie file (`.tgs`) do, the forms besides plain JSON that `init(bytes:…)` reads. The
  /// contents are not checked: opening the file says what is wrong with it.
  public static func isContainer(_ bytes: [UInt8]) -> Bool {
    LottieSource.kind(of: bytes) != .json
  }
}
