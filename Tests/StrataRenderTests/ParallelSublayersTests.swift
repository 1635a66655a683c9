import Strata
@testable import StrataRender
import Testing

/// A layer with thousands of layers below compiles its sublayers in parts on all cores
/// (`RenderListCompiler+Siblings`): the list must be the one the serial walk makes, command
/// for command, with every part's clips renumbered after the clips of the parts before it.
@Suite struct ParallelSublayersTests {
  static let sprite = Image(width: 4, height: 4) { x, y in (255, 255, 255, UInt8(40 * (x + y))) }

  /// 6000 layers of many sorts under one root, so that parts start and end inside runs
  /// of clipped, grouped and masked layers: clips (nested ones among them) in every part,
  /// groups with shadows and masks, plus-lighter sprites, backdrops and hidden layers.
  static func scene() throws -> Layer {
    let root = Layer()
    root.bounds = Rect(0, 0, 300, 200)
    root.anchorPoint = .zero
    root.backgroundColor = Color(0.1, 0.1, 0.1, 1)
    for i in 0..<3000 {
      let l = Layer(frame: Rect(Double(i * 37 % 290), Double(i * 53 % 190), 12, 9))
      l.backgroundColor = Color(Double(i % 7) / 7, 0.5, Double(i % 3) / 3, 0.8)
      switch i % 9 {
      case 0:
        // A clip with a clipped child: a clip whose parent is the part's own.
        l.masksToBounds = true
        l.cornerRadius = 2
        let child = Layer(frame: Rect(3, 2, 20, 20))
        child.backgroundColor = Color(1, 1, 0, 1)
        child.masksToBounds = true
        let grandchild = Layer(frame: Rect(-2, -2, 6, 6))
        grandchild.backgroundColor = Color(0, 1, 1, 1)
        try child.addSublayer(grandchild)
        try l.addSublayer(child)
      case 1:
        l.shadowOpacity = 0.7
        l.shadowRadius = 2
        l.masksToBounds = true
        l.contents = sprite
        let child = Layer(frame: Rect(5, 5, 10, 10))
        child.backgroundColor = Color(0, 0, 1, 1)
        try l.addSublayer(child)
      case 2:
        let m = Layer(frame: Rect(0, 0, 12, 9))
        m.contents = sprite
        l.mask = m
        l.compositingFilter = .plusL
      case 3:
        l.opacity = 0.5
        let a = Layer(frame: Rect(0, 0, 8, 8)), b = Layer(frame: Rect(4, 4, 8, 8))
        a.backgroundColor = Color(1, 0, 0, 1)
        b.backgroundColor = Color(0, 1, 0, 1)
        try l.addSublayer(a)
        try l.addSublayer(b)
      case 4:
        l.backgroundFilters = [.gaussianBlur(radius: 1)]
        l.masksToBounds = true
      case 5:
        l.isHidden = true
      case 6:
        l.borderWidth = 1
        l.borderColor = Color(1, 1, 1, 1)
        l.zPosition = Double(i % 4)
      default:
        l.contents = sprite
        l.compositingFilter = .plusL
      }
      try root.addSublayer(l)
    }
    return root
  }

  static func compile(_ root: Layer, allCores: Bool) -> RenderList {
    var c = RenderListCompiler(width: 300, height: 200, background: Color(0, 0, 0, 1))
    c.usesAllCores = allCores
    return c.compile(root.snapshot())
  }

  @Test func partsJoinToTheSerialList() throws {
    let root = try Self.scene()
    #expect(root.snapshot().layerCount > RenderListCompiler.State.parallelSublayersMinimum)
    let serial = Self.compile(root, allCores: false), parallel = Self.compile(root, allCores: true)
    // The scene is what it is meant to be: many clips, later parts' among them, and groups.
    #expect(serial.clips.count > 600)
    #expect(serial.clips.contains { $0.parent != nil })
    #expect(serial.commands.contains { if case .beginGroup(let g) = $0 { g.shadow != nil } else { false } })
    #expect(serial.commands.contains { if case .backdrop = $0 { true } else { false } })
    let lastClip = serial.commands.last { if case .draw(let d) = $0 { d.clip != nil } else { false } }
    if case .draw(let d)? = lastClip { #expect(d.clip! > serial.clips.count / 2) } else { Issue.record("no clipped draw") }

    #expect(parallel.commands.count == serial.commands.count)
    #expect(parallel.clips.count == serial.clips.count)
    let a = serial.textDescription.split(separator: "\n"), b = parallel.textDescription.split(separator: "\n")
    #expect(a.count == b.count)
    if let i = a.indices.first(where: { $0 < b.count && a[$0] != b[$0] }) {
      Issue.record("line \(i) differs:\n  serial:   \(a[i])\n  parallel: \(b[i])")
    }
    #expect(parallel.refusals.isEmpty && serial.refusals.isEmpty)
  }

  /// Over the limit of layers drawn, the frame is refused once, however the parts divided
  /// the count: 5000 replicators of 60 copies visit 300,000 layers.
  @Test func theLayerLimitHoldsAcrossParts() throws {
    let root = Layer()
    root.bounds = Rect(0, 0, 100, 100)
    for _ in 0..<5000 {
      let r = ReplicatorLayer()
      r.frame = Rect(0, 0, 10, 10)
      r.instanceCount = 60
      let dot = Layer(frame: Rect(0, 0, 1, 1))
      dot.backgroundColor = Color(1, 1, 1, 1)
      try r.addSublayer(dot)
      try root.addSublayer(r)
    }
    for allCores in [false, true] {
      var c = RenderListCompiler(width: 100, height: 100)
      c.usesAllCores = allCores
      let list = c.compile(root.snapshot())
      #expect(list.refusals.count == 1, "all cores: \(allCores)")
      #expect(list.refusals.first?.contains("Limits.maxLayersDrawn") == true)
    }
  }
}
