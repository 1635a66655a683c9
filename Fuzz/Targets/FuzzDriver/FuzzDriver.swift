/// What a fuzz target tests: libFuzzer's `LLVMFuzzerTestOneInput`.
public typealias FuzzBody = @convention(c) (UnsafePointer<UInt8>, Int) -> CInt

/// libFuzzer's own driver (compiler-rt's `FuzzerDriver.cpp`), which parses its flags and
/// runs the loop; linked by `-sanitize=fuzzer`.
@_silgen_name("LLVMFuzzerRunDriver")
private func llvmFuzzerRunDriver(
  _ argc: UnsafeMutablePointer<CInt>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
  _ body: FuzzBody
) -> CInt

/// Runs libFuzzer on `body` with the program's arguments.
///
/// SwiftPM links an executable's entry point as `<module>_main` (and defines `main` as
/// that), so libFuzzer's own `main` cannot be used: each target defines `<module>_main`
/// and calls this, which is what libFuzzer's `main` would have done.
public func runFuzzer(
  _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>, _ body: FuzzBody
) -> CInt {
  var count = argc
  var arguments = argv
  return llvmFuzzerRunDriver(&count, &arguments, body)
}
