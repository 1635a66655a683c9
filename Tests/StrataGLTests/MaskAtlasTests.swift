import Testing

@testable import StrataGL

/// The mask tiling and the atlas's packing, without a GPU: checked against brute force
/// over the bytes and the rectangles, not against their own output.
@Suite struct MaskTilingTests {
  /// A mask with empty, full and mixed regions of odd sizes.
  static func bytes(_ w: Int, _ h: Int, seed: Int) -> [UInt8] {
    (0..<(w * h)).map { i in
      let (x, y) = (i % w, i / w)
      switch (x / 13 + y / 29 + seed) % 4 {
      case 0, 3: return 0
      case 1: return 255
      default: return (x * 7 + y * 3 + seed) % 5 == 0 ? 0 : UInt8(truncatingIfNeeded: x &* 31 ^ y &* 17)
      }
    }
  }

  @Test(arguments: [(1, 1), (16, 16), (17, 33), (61, 47), (200, 40), (5, 90)])
  func runsCoverEveryNonZeroByteOnceAndFullRunsAreFull(_ size: (Int, Int)) {
    let (w, h) = size
    for seed in 0..<4 {
      // The tile grid on the device's multiples of 16, the mask's origin anywhere in it.
      let (px, py) = [(0, 0), (5, 11), (15, 1), (8, 8)][seed]
      let b = Self.bytes(w, h, seed: seed)
      let runs = MaskTiling.runs(width: w, height: h, bytes: b, phaseX: px, phaseY: py)
      var hits = [Int](repeating: 0, count: w * h)
      for r in runs {
        #expect(r.x0 >= 0 && r.y0 >= 0 && r.x1 <= Int32(w) && r.y1 <= Int32(h) && r.x0 < r.x1 && r.y0 < r.y1, "\(r)")
        for y in Int(r.y0)..<Int(r.y1) {
          for x in Int(r.x0)..<Int(r.x1) {
            hits[y * w + x] += 1
            if r.full { #expect(b[y * w + x] == 255, "full run \(r) has byte \(b[y * w + x]) at \(x) \(y)") }
          }
        }
      }
      #expect(hits.allSatisfy { $0 <= 1 }, "runs overlap")
      let missed = b.indices.filter { b[$0] != 0 && hits[$0] == 0 }.count
      #expect(missed == 0, "\(w)x\(h) seed \(seed): \(missed) non-zero bytes outside every run")
      // No tile whose bytes are all 0 is drawn (tiles of the grid shifted by the phase).
      func tileStart(_ v: Int, _ phase: Int) -> Int { (v + phase) / 16 * 16 - phase }
      for r in runs {
        for ty in stride(from: tileStart(Int(r.y0), py), to: Int(r.y1), by: 16) {
          for tx in stride(from: tileStart(Int(r.x0), px), to: Int(r.x1), by: 16) {
            var any = false
            for y in max(ty, 0)..<min(ty + 16, h) { for x in max(tx, 0)..<min(tx + 16, w) where b[y * w + x] != 0 { any = true } }
            #expect(any, "run \(r) draws the empty tile at \(tx) \(ty)")
          }
        }
        // Edges on the device's multiples of 4, but where the mask's border cuts a block.
        for (e, phase, size) in [(r.x0, px, w), (r.x1, px, w), (r.y0, py, h), (r.y1, py, h)] {
          #expect((Int(e) + phase) % 4 == 0 || e == 0 || Int(e) == size, "run \(r) has an edge inside a 4x4 block")
        }
      }
    }
  }

  @Test func anAllZeroMaskHasNoRunsAndAFullOneIsOneFullRun() {
    #expect(MaskTiling.runs(width: 40, height: 50, bytes: [UInt8](repeating: 0, count: 2000)).isEmpty)
    #expect(MaskTiling.runs(width: 40, height: 50, bytes: [UInt8](repeating: 255, count: 2000)) == [.init(x0: 0, y0: 0, x1: 40, y1: 50, full: true)])
  }
}

@Suite struct MaskAtlasTests {
  @Test func masksOnAPageDoNotOverlapAndStayInside() {
    var atlas = MaskAtlas(pageSize: 256, byteLimit: 1 << 20)
    atlas.beginFrame()
    var placed: [(page: Int, x: Int, y: Int, w: Int, h: Int)] = []
    for i in 0..<60 {
      let (w, h) = (10 + i * 7 % 53, 5 + i * 11 % 61)
      let s = atlas.place(UInt64(i), width: w, height: h, runs: [])
      placed.append((s.page, s.x, s.y, w, h))
      #expect(s.x >= 0 && s.y >= 0 && s.x + w <= 256 && s.y + h <= 256)
    }
    for (i, a) in placed.enumerated() {
      for b in placed[(i + 1)...] where a.page == b.page {
        let apart = a.x + a.w <= b.x || b.x + b.w <= a.x || a.y + a.h <= b.y || b.y + b.h <= a.y
        #expect(apart, "\(a) overlaps \(b)")
      }
    }
    // A mask placed earlier is found again, where it was.
    #expect(atlas.slot(7).map { ($0.page, $0.x, $0.y) } ?? (-1, -1, -1) == (placed[7].page, placed[7].x, placed[7].y))
  }

  /// Over the byte limit, the page used least recently is emptied, never one this frame
  /// uses; a mask larger than a page gets its own.
  @Test func theLeastRecentlyUsedPageMakesRoom() {
    var atlas = MaskAtlas(pageSize: 64, byteLimit: 2 * 64 * 64)
    atlas.beginFrame()
    let a = atlas.place(1, width: 64, height: 64, runs: [])
    atlas.beginFrame()
    let b = atlas.place(2, width: 64, height: 64, runs: [])
    #expect(a.page != b.page && atlas.bytes == 2 * 64 * 64)
    atlas.beginFrame()
    _ = atlas.slot(2)
    let c = atlas.place(3, width: 30, height: 30, runs: [])
    #expect(c.page == a.page && atlas.slot(1) == nil && atlas.slot(2) != nil)
    #expect(atlas.bytes == 2 * 64 * 64)
    let big = atlas.place(4, width: 100, height: 70, runs: [])
    #expect(atlas.pages[big.page]?.width == 100 && atlas.pages[big.page]?.height == 70)
    // Both pages are in use this frame: the atlas goes over its limit until the next one.
    #expect(atlas.bytes == 2 * 64 * 64 + 7000)
    atlas.beginFrame()
    #expect(atlas.bytes <= 2 * 64 * 64)
  }
}
