/// Where coverage masks live on the GPU: square pages (one R8 texture each) that masks are
/// packed into on shelves, so that a frame's masks share a texture, one instanced draw
/// reads them all, and a mask is uploaded once (one region) while it stays.
///
/// A mask keeps its place while its page stays. When no page has room and the byte limit
/// is reached, the page used least recently (never one this frame draws from) is emptied
/// whole and packed again: repacking is cheap, and a mask that comes back is uploaded
/// again. A mask larger than a page gets a page of its own size.
///
/// Bookkeeping only; `GLRenderer.State` keeps a texture per page (`pages[i].generation`
/// tells it when a page was made anew).
struct MaskAtlas {
  /// A mask's place: its page and the texel of its first byte, and its runs.
  struct Slot {
    let page: Int
    let x: Int, y: Int
    let runs: [MaskTiling.Run]
  }

  struct Page {
    let width: Int, height: Int
    /// Changes when the page is made anew (its texture too).
    let generation: Int
    var shelves: [Shelf] = []
    /// The first row no shelf uses.
    var top = 0
    var lastUse = 0
    var contents: [UInt64] = []
    var bytes: Int { width * height }
  }

  /// A row of masks of at most `height` rows, filled from the left.
  struct Shelf {
    let y: Int, height: Int
    var x = 0
  }

  let pageSize: Int
  let byteLimit: Int
  private(set) var pages: [Page?] = []
  private var slots: [UInt64: Slot] = [:]
  private var frame = 0
  /// The standard page placed on last.
  private var current: Int?
  private var generations = 0
  /// Bytes of all pages.
  private(set) var bytes = 0

  init(pageSize: Int, byteLimit: Int) {
    precondition(pageSize > 0, "MaskAtlas needs a positive page size")
    (self.pageSize, self.byteLimit) = (pageSize, byteLimit)
  }

  /// Starts a frame: pages over the byte limit go, least recently used first.
  mutating func beginFrame() {
    frame += 1
    while bytes > byteLimit, let i = leastRecentlyUsed() { drop(i) }
  }

  /// The place of the mask with `contentID`, if it is here; its page counts as used.
  mutating func slot(_ contentID: UInt64) -> Slot? {
    guard let s = slots[contentID] else { return nil }
    pages[s.page]!.lastUse = frame
    return s
  }

  /// Finds room for a `width × height` mask and records it there.
  mutating func place(_ contentID: UInt64, width: Int, height: Int, runs: [MaskTiling.Run]) -> Slot {
    precondition(slots[contentID] == nil, "mask \(contentID) is placed already")
    let slot: Slot
    if width > pageSize || height > pageSize {
      slot = Slot(page: newPage(width: width, height: height), x: 0, y: 0, runs: runs)
    } else {
      slot = placeOnAPage(width, height, runs)
    }
    pages[slot.page]!.contents.append(contentID)
    pages[slot.page]!.lastUse = frame
    slots[contentID] = slot
    return slot
  }

  private mutating func placeOnAPage(_ w: Int, _ h: Int, _ runs: [MaskTiling.Run]) -> Slot {
    // The page placed on last first: a frame's masks then follow each other on one page,
    // and their instances stay in one batch (a draw call per change of page).
    let order = (current.map { [$0] } ?? []) + pages.indices.filter { $0 != current }
    for i in order where pages[i]?.width == pageSize && pages[i]?.height == pageSize {
      if let (x, y) = Self.allocate(w, h, in: &pages[i]!) {
        current = i
        return Slot(page: i, x: x, y: y, runs: runs)
      }
    }
    // No room: a new page within the limit, else the least recently used page emptied.
    while bytes + pageSize * pageSize > byteLimit, let i = leastRecentlyUsed() {
      let standard = pages[i]!.width == pageSize && pages[i]!.height == pageSize
      drop(i)
      if standard { break }
    }
    let i = newPage(width: pageSize, height: pageSize)
    current = i
    let (x, y) = Self.allocate(w, h, in: &pages[i]!)!
    return Slot(page: i, x: x, y: y, runs: runs)
  }

  /// A fresh page (at a free index), counted in the bytes.
  private mutating func newPage(width: Int, height: Int) -> Int {
    generations += 1
    let p = Page(width: width, height: height, generation: generations, lastUse: frame)
    bytes += p.bytes
    if let i = pages.firstIndex(where: { $0 == nil }) {
      pages[i] = p
      return i
    }
    pages.append(p)
    return pages.count - 1
  }

  /// Forgets a page and the masks on it.
  private mutating func drop(_ i: Int) {
    for id in pages[i]!.contents { slots[id] = nil }
    bytes -= pages[i]!.bytes
    pages[i] = nil
  }

  /// The page used least recently, not this frame.
  private func leastRecentlyUsed() -> Int? {
    var best: Int? = nil
    for (i, p) in pages.enumerated() {
      guard let p, p.lastUse < frame else { continue }
      if best == nil || p.lastUse < pages[best!]!.lastUse { best = i }
    }
    return best
  }

  /// Shelf packing: the lowest shelf that fits without wasting much height, else a new
  /// shelf (its height rounded up to 8 rows so later masks of similar height share it).
  static func allocate(_ w: Int, _ h: Int, in page: inout Page) -> (x: Int, y: Int)? {
    var best: Int? = nil
    for (i, s) in page.shelves.enumerated() where s.height >= h && s.height <= h + h / 2 + 8 && page.width - s.x >= w {
      if best == nil || s.height < page.shelves[best!].height { best = i }
    }
    if let i = best {
      let s = page.shelves[i]
      page.shelves[i].x += w
      return (s.x, s.y)
    }
    let height = min((h + 7) & ~7, page.height - page.top)
    guard height >= h, w <= page.width else { return nil }
    page.shelves.append(Shelf(y: page.top, height: height, x: w))
    page.top += height
    return (0, page.top - height)
  }
}
