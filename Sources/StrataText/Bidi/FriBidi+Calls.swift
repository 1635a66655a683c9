import CFriBidi

/// The only place that calls GNU FriBidi: the resolved embedding levels of a paragraph
/// (Unicode's bidirectional algorithm, UAX #9, rules P2 to I2, with bracket pairs).
enum FriBidi {
  /// The level of each of `text`'s code points (even: left to right, odd: right to left)
  /// and whether the paragraph is right to left. `rightToLeft` nil finds the paragraph's
  /// direction from its first strong character (rules P2, P3; left to right without one).
  /// The corresponding C functions are `fribidi_get_bidi_types`,
  /// `fribidi_get_bracket_types` and `fribidi_get_par_embedding_levels_ex`.
  static func levels(_ text: [UInt32], rightToLeft: Bool?) -> (levels: [UInt8], rightToLeft: Bool) {
    let n = text.count
    guard n > 0 else { return ([], rightToLeft ?? false) }
    var types = [FriBidiCharType](repeating: FriBidiCharType(0), count: n)
    var brackets = [FriBidiBracketType](repeating: 0, count: n)
    var levels = [FriBidiLevel](repeating: 0, count: n)
    var base: FriBidiParType =
      switch rightToLeft {
      case nil: FRIBIDI_PAR_ON
      case true?: FRIBIDI_PAR_RTL
      case false?: FRIBIDI_PAR_LTR
      }
    let ok = unsafe text.withUnsafeBufferPointer { t in
      unsafe types.withUnsafeMutableBufferPointer { ty in
        unsafe fribidi_get_bidi_types(t.baseAddress, Int32(n), ty.baseAddress)
        return unsafe brackets.withUnsafeMutableBufferPointer { br in
          unsafe fribidi_get_bracket_types(t.baseAddress, Int32(n), ty.baseAddress, br.baseAddress)
          return unsafe levels.withUnsafeMutableBufferPointer { lv in
            unsafe fribidi_get_par_embedding_levels_ex(ty.baseAddress, br.baseAddress, Int32(n), &base, lv.baseAddress)
          }
        }
      }
    }
    // FriBidi fails only when it cannot allocate; everything is then left to right.
    guard ok != 0 else { return ([UInt8](repeating: 0, count: n), false) }
    return (levels.map { UInt8(clamping: Int($0)) }, base == FRIBIDI_PAR_RTL)
  }
}
