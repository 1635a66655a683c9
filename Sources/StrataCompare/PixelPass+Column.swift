extension PixelPass {
  /// The minimum and maximum of each channel over three vertically adjacent pixels: one
  /// column of a 3x3 neighbourhood.
  ///
  /// The pass keeps the columns left of, at and right of the current pixel and shifts
  /// them along the row, so each pixel of the reference is read three times (once per
  /// row it borders) rather than nine, and no image-sized buffer of row minima is needed.
  /// Minimum and maximum do not depend on order, so the neighbourhood is exactly the 3x3
  /// range, clamped at the image's edges.
  struct Column {
    var lo0 = 0, lo1 = 0, lo2 = 0, lo3 = 0, hi0 = 0, hi1 = 0, hi2 = 0, hi3 = 0
    /// The packed pixel when all three are equal, else -1.
    var uniform = -1

    init() {}

    /// The column at pixel `x` of the rows starting at pixels `up`, `mid` and `down` of
    /// packed pixels `p`.
    @inline(__always)
    init(_ p: [UInt32], _ up: Int, _ mid: Int, _ down: Int, _ x: Int) {
      let pu = Int(p[up + x]), pm = Int(p[mid + x]), pd = Int(p[down + x])
      if pu == pm && pm == pd {
        uniform = pm
        lo0 = pm & 0xFF; lo1 = pm >> 8 & 0xFF; lo2 = pm >> 16 & 0xFF; lo3 = pm >> 24
        (hi0, hi1, hi2, hi3) = (lo0, lo1, lo2, lo3)
        return
      }
      var u = pu & 0xFF, m = pm & 0xFF, d = pd & 0xFF
      lo0 = u < m ? (u < d ? u : d) : (m < d ? m : d)
      hi0 = u > m ? (u > d ? u : d) : (m > d ? m : d)
      u = pu >> 8 & 0xFF; m = pm >> 8 & 0xFF; d = pd >> 8 & 0xFF
      lo1 = u < m ? (u < d ? u : d) : (m < d ? m : d)
      hi1 = u > m ? (u > d ? u : d) : (m > d ? m : d)
      u = pu >> 16 & 0xFF; m = pm >> 16 & 0xFF; d = pd >> 16 & 0xFF
      lo2 = u < m ? (u < d ? u : d) : (m < d ? m : d)
      hi2 = u > m ? (u > d ? u : d) : (m > d ? m : d)
      u = pu >> 24; m = pm >> 24; d = pd >> 24
      lo3 = u < m ? (u < d ? u : d) : (m < d ? m : d)
      hi3 = u > m ? (u > d ? u : d) : (m > d ? m : d)
    }

    /// The 3x3 neighbourhood of three adjacent columns.
    @inline(__always)
    static func merged(_ l: Column, _ c: Column, _ r: Column) -> Column {
      var n = Column()
      n.lo0 = l.lo0 < c.lo0 ? (l.lo0 < r.lo0 ? l.lo0 : r.lo0) : (c.lo0 < r.lo0 ? c.lo0 : r.lo0)
      n.lo1 = l.lo1 < c.lo1 ? (l.lo1 < r.lo1 ? l.lo1 : r.lo1) : (c.lo1 < r.lo1 ? c.lo1 : r.lo1)
      n.lo2 = l.lo2 < c.lo2 ? (l.lo2 < r.lo2 ? l.lo2 : r.lo2) : (c.lo2 < r.lo2 ? c.lo2 : r.lo2)
      n.lo3 = l.lo3 < c.lo3 ? (l.lo3 < r.lo3 ? l.lo3 : r.lo3) : (c.lo3 < r.lo3 ? c.lo3 : r.lo3)
      n.hi0 = l.hi0 > c.hi0 ? (l.hi0 > r.hi0 ? l.hi0 : r.hi0) : (c.hi0 > r.hi0 ? c.hi0 : r.hi0)
      n.hi1 = l.hi1 > c.hi1 ? (l.hi1 > r.hi1 ? l.hi1 : r.hi1) : (c.hi1 > r.hi1 ? c.hi1 : r.hi1)
      n.hi2 = l.hi2 > c.hi2 ? (l.hi2 > r.hi2 ? l.hi2 : r.hi2) : (c.hi2 > r.hi2 ? c.hi2 : r.hi2)
      n.hi3 = l.hi3 > c.hi3 ? (l.hi3 > r.hi3 ? l.hi3 : r.hi3) : (c.hi3 > r.hi3 ? c.hi3 : r.hi3)
      return n
    }

    /// The largest channel range: the neighbourhood's contrast.
    @inline(__always)
    var range: Int { Column.largest(hi0 - lo0, hi1 - lo1, hi2 - lo2, hi3 - lo3) }

    /// The largest of four, without the array a variadic `max` makes in a debug build.
    @inline(__always)
    static func largest(_ a: Int, _ b: Int, _ c: Int, _ d: Int) -> Int {
      let ab = a > b ? a : b, cd = c > d ? c : d
      return ab > cd ? ab : cd
    }
  }
}
