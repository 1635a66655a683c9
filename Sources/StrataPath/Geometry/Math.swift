#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The C library's elementary functions, in one place, so the rest of the module imports
/// nothing.
enum Math {
  static func sin(_ x: Double) -> Double { cSin(x) }
  static func cos(_ x: Double) -> Double { cCos(x) }
  static func tan(_ x: Double) -> Double { cTan(x) }
  static func acos(_ x: Double) -> Double { cAcos(x) }
  static func atan2(_ y: Double, _ x: Double) -> Double { cAtan2(y, x) }
  static func cbrt(_ x: Double) -> Double { cCbrt(x) }
}

// At file scope these names find the C functions, not `Math`'s own.
private func cSin(_ x: Double) -> Double { sin(x) }
private func cCos(_ x: Double) -> Double { cos(x) }
private func cTan(_ x: Double) -> Double { tan(x) }
private func cAcos(_ x: Double) -> Double { acos(x) }
private func cAtan2(_ y: Double, _ x: Double) -> Double { atan2(y, x) }
private func cCbrt(_ x: Double) -> Double { cbrt(x) }
