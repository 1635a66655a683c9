/// What a layer keeps for timing and animation; stored on `Layer`, used through the
/// public API below.
struct LayerAnimationState {
  var timing = MediaTiming()
  /// In the order added: later animations apply on top of earlier ones.
  var animations: [(key: String, animation: Animation)] = []
  var actions: [String: Action] = [:]
  /// Keys of animations added with `beginTime` 0, which a render tree starts at its
  /// clock's time when it next commits.
  var unstarted: Set<String> = []
  /// On presentation copies: the model layer they were made from.
  weak var model: Layer?
  /// On presentation copies: the layer's local time, nil when it is not active (an
  /// emitter's simulation time).
  var localTime: Double?
  /// On presentation copies: the running transition, its progress and the local time.
  var transition: (Transition, Double, Double)?
}

/// Layers are timing objects too (`CAMediaTiming`): their timing maps the parent's time to
/// the local time that their animations and sublayers see. A layer's `duration` of 0 means
/// forever.
extension Layer {
  public var timing: MediaTiming {
    get { animationState.timing }
    set { animationState.timing = newValue }
  }
  public var beginTime: Double {
    get { timing.beginTime }
    set { timing.beginTime = newValue }
  }
  public var duration: Double {
    get { timing.duration }
    set { timing.duration = newValue }
  }
  public var speed: Double {
    get { timing.speed }
    set { timing.speed = newValue }
  }
  public var timeOffset: Double {
    get { timing.timeOffset }
    set { timing.timeOffset = newValue }
  }
  public var repeatCount: Double {
    get { timing.repeatCount }
    set { timing.repeatCount = newValue }
  }
  public var repeatDuration: Double {
    get { timing.repeatDuration }
    set { timing.repeatDuration = newValue }
  }
  public var autoreverses: Bool {
    get { timing.autoreverses }
    set { timing.autoreverses = newValue }
  }
  public var fillMode: FillMode {
    get { timing.fillMode }
    set { timing.fillMode = newValue }
  }

  /// The layer's actions by key (`CALayer.actions`): what a change of that property does
  /// in a render tree. A missing key gets the default implicit animation; `.none`
  /// turns it off.
  public var actions: [String: Action] {
    get { animationState.actions }
    set { animationState.actions = newValue }
  }

  // MARK: Animations

  /// Attaches a copy of `animation` (`CALayer.add(_:forKey:)`), replacing any animation
  /// with the same key (nil: a fresh key). A transition captures the layer as it is now as
  /// its old state, unless it has one already.
  ///
  /// `beginTime` is in the layer's local time. When it is 0 and the layer is in a
  /// `RenderTree`, the tree sets it to its clock's time at the next commit (as Core
  /// Animation does); elsewhere it means local time 0.
  ///
  /// A value that does not fit its key path (a point for `opacity`) is a programmer's
  /// mistake and traps here, with a sentence that names it.
  public func add(_ animation: Animation, forKey key: String? = nil) {
    animation.checkValues()
    let a = animation.copy()
    if let t = a as? Transition, t.oldState == nil { t.oldState = deepCopy() }
    let k = key ?? "animation-\(animationState.animations.count)-\(ObjectIdentifier(self).hashValue & 0xffff)"
    removeAnimation(forKey: k)
    animationState.animations.append((k, a))
    if a.timing.beginTime == 0 { animationState.unstarted.insert(k) }
  }

  /// A copy of the animation attached with `key` (changing it changes nothing on the
  /// layer; add it again to replace the attached one).
  public func animation(forKey key: String) -> Animation? {
    animationState.animations.first { $0.key == key }?.animation.copy()
  }

  /// The keys of the attached animations, in the order added.
  public var animationKeys: [String] { animationState.animations.map(\.key) }

  public func removeAnimation(forKey key: String) {
    animationState.animations.removeAll { $0.key == key }
    animationState.unstarted.remove(key)
  }

  public func removeAllAnimations() {
    animationState.animations = []
    animationState.unstarted = []
  }

  // MARK: Time

  /// Converts `t` from `layer`'s local time (nil: the tree's global time, the root's
  /// parent time) to this layer's (`CALayer.convertTime(_:from:)`).
  ///
  /// Each layer on the way maps its parent's time by `(t − beginTime) × speed +
  /// timeOffset`; repeats and fill modes are not applied, as in Core Animation.
  public func convertTime(_ t: Double, from layer: Layer?) -> Double {
    let global = layer.map { $0.localToGlobal(t) } ?? t
    return globalToLocal(global)
  }

  /// Converts `t` from this layer's local time to `layer`'s (nil: global time).
  public func convertTime(_ t: Double, to layer: Layer?) -> Double {
    let global = localToGlobal(t)
    return layer?.globalToLocal(global) ?? global
  }

  /// The chain from the root down to this layer.
  private var ancestry: [Layer] {
    var chain: [Layer] = []
    var l: Layer? = self
    while let c = l {
      chain.append(c)
      l = c.superlayer
    }
    return chain.reversed()
  }

  private func globalToLocal(_ t: Double) -> Double {
    ancestry.reduce(t) { time, layer in layer.timing.localTime(fromParent: time) }
  }

  private func localToGlobal(_ t: Double) -> Double {
    ancestry.reversed().reduce(t) { time, layer in layer.timing.parentTime(fromLocal: time) }
  }
}
