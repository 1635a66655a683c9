import StrataSync

/// The layer kinds the model knows: `Layer` and its subclasses (`ShapeLayer`,
/// `GradientLayer`, …), by their scene-file name (`Layer.typeName`), with their animatable
/// properties.
///
/// The one table every module finds kinds through: `AnimatableKeyPath` looks key paths up
/// here, the scene loader dispatches `"type"` here, and the render-list compiler finds a
/// kind's compile step on its snapshot (docs/AddingALayerKind.md). A built-in kind adds
/// its line to `builtIn`; a kind defined elsewhere (an app's, a test's) is registered once
/// with `register(_:)` before it is used by name or key path.
public enum LayerKinds {
  /// The kinds built into Strata.
  static let builtIn: [Layer.Type] = [Layer.self, ShapeLayer.self, GradientLayer.self, ReplicatorLayer.self, EmitterLayer.self, TransformLayer.self, ScrollLayer.self, TiledLayer.self, TextLayer.self]

  /// Every kind, in registration order (the built-in ones first).
  public static var all: [Layer.Type] { registry.withLock { $0.kinds } }

  /// The kind scene files name `typeName`, if registered.
  public static func named(_ typeName: String) -> Layer.Type? { registry.withLock { $0.byName[typeName] } }

  /// Registers a kind: its `typeName` for scene files, its `animatableProperties` for
  /// animations. Registering a kind again does nothing.
  ///
  /// A name another kind has, or a key path another kind declares with a different value
  /// kind, is a programmer's mistake and traps.
  public static func register(_ kind: Layer.Type) {
    registry.withLock { $0.add(kind) }
  }

  /// The declarations of `path`, one per kind that has it (usually one).
  static func properties(at path: String) -> [AnimatableProperty] {
    registry.withLock { $0.properties(at: path) }
  }

  /// Every registered key path, sorted.
  static var allPaths: [String] { registry.withLock { $0.byPath.keys.sorted() } }

  /// The implicitly animated top-level key paths of layers of `type` (cached per type).
  static func implicitPaths(for type: Layer.Type) -> [AnimatableKeyPath] {
    registry.withLock { $0.implicitPaths(for: type) }
  }

  private static let registry = Locked(Registry(builtIn))

  private struct Registry: ~Copyable {
    var kinds: [Layer.Type] = []
    var byName: [String: Layer.Type] = [:]
    var byPath: [String: [AnimatableProperty]] = [:]
    /// Families of key paths (`emitterCells.*.birthRate`), and the paths found through
    /// them so far.
    var patterns: [AnimatableProperty] = []
    var matched: [String: [AnimatableProperty]] = [:]
    /// In declaration order, for implicit animations.
    var paths: [String] = []
    var implicit: [ObjectIdentifier: [AnimatableKeyPath]] = [:]

    init(_ kinds: [Layer.Type]) {
      for k in kinds { add(k) }
    }

    mutating func add(_ kind: Layer.Type) {
      if let known = byName[kind.typeName] {
        precondition(ObjectIdentifier(known) == ObjectIdentifier(kind), "two layer kinds are named \"\(kind.typeName)\": \(known) and \(kind)")
        return
      }
      kinds.append(kind)
      byName[kind.typeName] = kind
      for p in kind.animatableProperties {
        var list = byPath[p.path] ?? []
        if list.contains(where: { $0.owner == p.owner }) { continue }
        if let other = list.first {
          precondition(other.kind == p.kind, "\(kind) declares \(p.path) as a \(p.kind); another kind has it as a \(other.kind)")
        } else {
          paths.append(p.path)
        }
        list.append(p)
        byPath[p.path] = list
        if p.isPattern { patterns.append(p) }
      }
      implicit = [:]
      matched = [:]
    }

    /// The declarations of `path`: its own, else the families it belongs to.
    mutating func properties(at path: String) -> [AnimatableProperty] {
      if let known = byPath[path] { return known }
      if let known = matched[path] { return known }
      guard !patterns.isEmpty, path.contains(".") else { return [] }
      let found = patterns.filter { AnimatableProperty.names(in: path, pattern: $0.path) != nil }
      if matched.count < 4096 { matched[path] = found }
      return found
    }

    mutating func implicitPaths(for type: Layer.Type) -> [AnimatableKeyPath] {
      let key = ObjectIdentifier(type)
      if let known = implicit[key] { return known }
      var out: [AnimatableKeyPath] = []
      for path in paths {
        guard let p = byPath[path]!.first(where: { $0.appliesToKind(type) }), p.isImplicit else { continue }
        out.append(AnimatableKeyPath(uncheckedPath: path, kind: p.kind))
      }
      implicit[key] = out
      return out
    }
  }
}

extension AnimatableKeyPath {
  /// A key path known to be registered (the registry's own lists).
  fileprivate init(uncheckedPath path: String, kind: AnimationValue.Kind) {
    self.path = path
    self.kind = kind
  }
}
