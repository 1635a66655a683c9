import Testing

@testable import Strata

/// A kind made the way docs/AddingALayerKind.md says, used only here: its own stored
/// properties, copied, animatable and snapshotted.
final class BadgeLayer: Layer {
  var badgeColor: Color = .white
  var badgeRadius: Double = 4
  var badgeCenter = Point(0, 0)
  var caption: String? = nil

  override class var typeName: String { "test-badge" }
  override class var copiedPropertyNames: Set<String> { ["badgeColor", "badgeRadius", "badgeCenter", "caption"] }
  override class var animatableProperties: [AnimatableProperty] {
    AnimatableProperty.color("badgeColor", \BadgeLayer.badgeColor)
      + AnimatableProperty.number("badgeRadius", \BadgeLayer.badgeRadius)
      + AnimatableProperty.point("badgeCenter", \BadgeLayer.badgeCenter, implicit: false)
  }

  override func copyProperties(from layer: Layer) {
    super.copyProperties(from: layer)
    guard let l = layer as? BadgeLayer else { return }
    (badgeColor, badgeRadius, badgeCenter, caption) = (l.badgeColor, l.badgeRadius, l.badgeCenter, l.caption)
  }

  struct Content: LayerKindSnapshot {
    var color: Color
    var radius: Double
    var center: Point
  }

  override func kindSnapshot() -> (any LayerKindSnapshot)? { Content(color: badgeColor, radius: badgeRadius, center: badgeCenter) }
}

/// A kind that forgets to copy a property: the completeness check must catch it.
final class ForgetfulLayer: Layer {
  var remembered = 1.0
  var forgotten = 2.0
  override class var typeName: String { "test-forgetful" }
  override class var copiedPropertyNames: Set<String> { ["remembered"] }
}

@Suite struct LayerKindTests {
  init() { LayerKinds.register(BadgeLayer.self) }

  static func badge() -> BadgeLayer {
    let b = BadgeLayer()
    b.bounds = Rect(0, 0, 40, 20)
    (b.badgeColor, b.badgeRadius, b.badgeCenter, b.caption) = (Color(1, 0, 0), 7, Point(3, 4), "new")
    return b
  }

  /// The stored properties of every level of `kind` that its `copiedPropertyNames` (at
  /// that level) does not name.
  static func uncopied(_ kind: Layer.Type) -> [String] {
    var missing: [String] = []
    var mirror: Mirror? = Mirror(reflecting: kind.init())
    while let m = mirror, let level = m.subjectType as? Layer.Type {
      let stored = m.children.compactMap(\.label).map { $0.hasPrefix("$__lazy_storage_$_") ? String($0.dropFirst(18)) : $0 }
      missing += stored.filter { !level.copiedPropertyNames.contains($0) }.map { "\(level).\($0)" }
      mirror = m.superclassMirror
    }
    return missing.sorted()
  }

  /// The Mirror check of `Layer`'s copy, for every registered kind at every class level.
  @Test func everyKindCopiesEveryStoredProperty() {
    for kind in LayerKinds.all + [BadgeLayer.self] {
      #expect(Self.uncopied(kind) == [], "add these to \(kind).copyProperties(from:) and copiedPropertyNames")
    }
    #expect(Self.uncopied(ForgetfulLayer.self) == ["ForgetfulLayer.forgotten"])
  }

  @Test func presentationAndDeepCopiesKeepTheKindAndItsProperties() throws {
    let root = Layer()
    let b = Self.badge()
    try root.addSublayer(b)
    for copy in [root.presentation(at: 1).sublayers[0], b.deepCopy(), b.presentation(at: 0)] {
      let c = try #require(copy as? BadgeLayer)
      #expect(c.badgeColor == Color(1, 0, 0) && c.badgeRadius == 7 && c.badgeCenter == Point(3, 4) && c.caption == "new")
      #expect(c.bounds == Rect(0, 0, 40, 20))
    }
  }

  @Test func animationsDriveAKindsKeyPaths() throws {
    let b = Self.badge()
    let (r, y) = ("badgeRadius", "badgeCenter.y")  // variables: a literal would be the trapping literal init
    let radius = try #require(AnimatableKeyPath(r))
    #expect(radius.kind == .number && AnimatableKeyPath(y)?.kind == .number)
    #expect(AnimatableKeyPath.all.contains("badgeColor") && AnimatableKeyPath.all.contains("opacity"))
    b.add(BasicAnimation(keyPath: radius, from: 10, to: 20, duration: 2), forKey: "grow")
    b.add(BasicAnimation(keyPath: "badgeColor", from: Color(0, 0, 1), to: Color(0, 1, 1), duration: 2), forKey: "tint")
    b.add(KeyframeAnimation(keyPath: "badgeCenter.x", values: [0, 10, 30], duration: 2), forKey: "slide")
    let p = try #require(b.presentation(at: 1) as? BadgeLayer)
    #expect(p.badgeRadius == 15 && p.badgeColor == Color(0, 0.5, 1) && p.badgeCenter == Point(10, 4))
    // The snapshot at t carries the animated values in the kind's typed content.
    let s = try #require(b.snapshot(at: 1).kindSnapshot(as: BadgeLayer.Content.self))
    #expect(s == BadgeLayer.Content(color: Color(0, 0.5, 1), radius: 15, center: Point(10, 4)))
    #expect(b.snapshot().kindSnapshot(as: BadgeLayer.Content.self)?.radius == 7)
    #expect(Layer().snapshot().kindSnapshot == nil)
  }

  /// A kind's key path on a layer of another kind does nothing, as an unknown key does in
  /// Core Animation; the layer's own properties still animate.
  @Test func aKindsKeyPathOnAnotherKindDoesNothing() {
    let l = Layer(frame: Rect(0, 0, 10, 10))
    l.add(BasicAnimation(keyPath: "badgeRadius", from: 1, to: 3, duration: 1), forKey: "r")
    l.add(BasicAnimation(keyPath: "opacity", from: 0, to: 1, duration: 1), forKey: "o")
    let p = l.presentation(at: 0.5)
    #expect(type(of: p) == Layer.self && p.opacity == 0.5)
    #expect(!AnimatableKeyPath.init(stringLiteral: "badgeRadius").applies(to: l))
    #expect(AnimatableKeyPath.opacity.applies(to: Self.badge()))
  }

  /// Implicit animations pick up a kind's properties, except those it marks as explicit only.
  @Test func implicitAnimationsCoverAKindsProperties() throws {
    let root = Layer(), b = Self.badge()
    try root.addSublayer(b)
    let clock = ManualClock(2)
    let tree = RenderTree(root: root, clock: clock)
    let names = AnimatableKeyPath.implicitlyAnimated(for: b).map(\.path)
    #expect(names.contains("badgeRadius") && names.contains("opacity") && !names.contains("badgeCenter"))
    #expect(!AnimatableKeyPath.implicitlyAnimated(for: Layer()).map(\.path).contains("badgeRadius"))
    tree.transaction {
      tree.animationDuration = 1
      tree.animationTimingFunction = .linear
      b.badgeRadius = 17
      b.badgeCenter = Point(50, 50)
    }
    #expect(b.animationKeys.sorted() == ["badgeRadius"])
    let p = try #require(tree.root.presentation(at: 2.5).sublayers[0] as? BadgeLayer)
    #expect(p.badgeRadius == 12 && p.badgeCenter == Point(50, 50))
  }

  @Test func kindsAreFoundByName() {
    #expect(LayerKinds.named("layer") == Layer.self)
    #expect(LayerKinds.named("test-badge") == BadgeLayer.self)
    LayerKinds.register(BadgeLayer.self)  // again: nothing changes
    #expect(LayerKinds.all.filter { $0 == BadgeLayer.self }.count == 1)
  }
}
