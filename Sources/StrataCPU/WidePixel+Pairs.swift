/// `WidePixel`'s arithmetic on two pixels at once: R, G, B, A of the first pixel in lanes
/// 0…3 and of the second in lanes 4…7 of a `SIMD8<UInt16>` (one SSE register), so each
/// operation does the work of two. Lane for lane the same operations as `WidePixel`'s, so
/// the results are those of the one-pixel forms, bit for bit.
extension WidePixel {
  typealias Pair = SIMD8<UInt16>

  /// Two pixels widened, `a` in the low lanes.
  @inline(__always)
  static func widen(_ a: SIMD4<UInt8>, _ b: SIMD4<UInt8>) -> Pair {
    // By halves: the four-lane conversion is inlined, the generic eight-lane one is not.
    Pair(lowHalf: widen(a), highHalf: widen(b))
  }

  /// A weight per pixel, in each of its four lanes.
  @inline(__always)
  static func weights(_ a: UInt16, _ b: UInt16) -> Pair {
    Pair(lowHalf: SIMD4(repeating: a), highHalf: SIMD4(repeating: b))
  }

  /// `lerp` of two pixels, each with its own weight (`weights`).
  @inline(__always)
  static func lerp(_ a: Pair, _ b: Pair, _ f: Pair) -> Pair {
    (a &* (256 &- f) &+ b &* f &+ 128) &>> 8
  }

  /// `mul255` of both pixels by one factor per lane.
  @inline(__always)
  static func mul255(_ p: Pair, _ k: Pair) -> Pair {
    let t = p &* k &+ 128
    return (t &+ (t &>> 8)) &>> 8
  }

  /// Source-over of two pixels onto two (`over`, each with its own alpha). Where a
  /// source's alpha is 255 the result is the source, and where it is zero the
  /// destination (`mul255` of a byte by 255 is the byte), as the one-pixel loop's
  /// shortcuts give.
  @inline(__always)
  static func over(_ src: Pair, _ dst: Pair) -> Pair {
    let alpha = Pair(src[3], src[3], src[3], src[3], src[7], src[7], src[7], src[7])
    // At most 255 + 255: a lane above 255 has bit 8 set, and OR-ing it with all ones then
    // keeping the low byte gives 255, the clamp without a compare (a `.>` on 16-bit lanes
    // compiles to a loop over the lanes).
    let r = src &+ mul255(dst, 255 &- alpha)
    return (r | (0 &- (r &>> 8))) & 255
  }
}

extension WidePixel {
  /// Lanes of at most 2^15 as floats, exactly: the integer is added to the low bits of
  /// 2^23 and the 2^23 taken off again (the generic conversion is not inlined).
  @inline(__always)
  static func floats(_ p: Pair) -> SIMD8<Float> {
    let bits =
      SIMD8<UInt32>(lowHalf: SIMD4<UInt32>(truncatingIfNeeded: p.lowHalf), highHalf: SIMD4<UInt32>(truncatingIfNeeded: p.highHalf))
      | 0x4B00_0000
    let f = SIMD8<Float>(
      Float(bitPattern: bits[0]), Float(bitPattern: bits[1]), Float(bitPattern: bits[2]), Float(bitPattern: bits[3]),
      Float(bitPattern: bits[4]), Float(bitPattern: bits[5]), Float(bitPattern: bits[6]), Float(bitPattern: bits[7]))
    return f - SIMD8<Float>(repeating: 8_388_608)
  }
}
