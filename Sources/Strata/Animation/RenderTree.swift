/// A layer tree that is being shown, with its clock and its transactions: the role of a
/// `CALayer` tree attached to a window, and of `CATransaction`.
///
/// Changes to animatable properties of layers in the tree become implicit animations when
/// they are committed. The rule (see docs/Animation.md): the tree compares each layer's
/// animatable properties with their values at the previous commit; every change found
/// starts an animation at the clock's time of this commit, from the value shown at that
/// moment (the presentation value, so a running animation is retargeted smoothly) to the
/// new model value, with the settings of the transaction being committed. Changes made
/// outside `begin()`/`commit()` are committed by `flush()`, which `snapshot()` calls, like
/// Core Animation's implicit transaction at the end of a run-loop turn.
///
/// Used from one thread, like `Layer`.
public final class RenderTree {
  public let root: Layer
  public let clock: any MediaClock

  /// The settings of one open transaction.
  struct Frame {
    var animationDuration = MediaTiming.defaultAnimationDuration
    var timingFunction: TimingFunction? = nil
    var disableActions = false
    var completion: (() -> Void)? = nil
    /// The latest global end time of the animations this transaction (and its nested
    /// ones) added.
    var end = -Double.infinity
  }

  private var stack: [Frame] = []
  /// Each layer's animatable values at the last commit, by the layer's serial number: a
  /// layer's address may be reused by a new layer once it is freed, its serial never is.
  private var committed: [UInt64: [String: AnimationValue]] = [:]
  private var completions: [(end: Double, block: () -> Void)] = []

  public init(root: Layer, clock: any MediaClock = ManualClock()) {
    self.root = root
    self.clock = clock
    record()
  }

  // MARK: Transactions (CATransaction)

  /// Opens a transaction; transactions nest. Changes made before a nested `begin` keep
  /// the settings of the transaction they were made in.
  public func begin() {
    if !stack.isEmpty { collect() }
    stack.append(Frame())
  }

  /// Commits the innermost transaction: its changes start their animations now.
  public func commit() {
    precondition(!stack.isEmpty, "RenderTree.commit() without a matching begin()")
    collect()
    let frame = stack.removeLast()
    if let block = frame.completion { completions.append((frame.end, block)) }
    if !stack.isEmpty { stack[stack.count - 1].end = max(stack[stack.count - 1].end, frame.end) }
    if stack.isEmpty { tick() }
  }

  /// Runs `body` in a transaction.
  public func transaction(_ body: () -> Void) {
    begin()
    body()
    commit()
  }

  /// The duration of implicit animations of the innermost transaction (default 0.25 s).
  public var animationDuration: Double {
    get { stack.last?.animationDuration ?? MediaTiming.defaultAnimationDuration }
    set { mutateTop { $0.animationDuration = newValue } }
  }

  /// Their timing function; nil means `TimingFunction.default`.
  public var animationTimingFunction: TimingFunction? {
    get { stack.last?.timingFunction }
    set { mutateTop { $0.timingFunction = newValue } }
  }

  /// Turns implicit animations off for the innermost transaction's changes.
  public var disableActions: Bool {
    get { stack.last?.disableActions ?? false }
    set { mutateTop { $0.disableActions = newValue } }
  }

  /// Called once every animation the transaction added has ended (by the clock, at a
  /// later `tick()`), or at commit when it added none.
  public var completionBlock: (() -> Void)? {
    get { stack.last?.completion }
    set { mutateTop { $0.completion = newValue } }
  }

  private func mutateTop(_ f: (inout Frame) -> Void) {
    precondition(!stack.isEmpty, "transaction settings need an open transaction (begin())")
    f(&stack[stack.count - 1])
  }

  /// Commits the changes made outside any transaction, with the default settings.
  public func flush() {
    if stack.isEmpty {
      stack.append(Frame())
      commit()
    }
  }

  /// The tree as it looks now: flushes, then snapshots the presentation at `clock.now`.
  public func snapshot() -> LayerSnapshot {
    flush()
    return root.snapshot(at: clock.now)
  }

  /// Removes the animations that have ended (unless kept by `isRemovedOnCompletion =
  /// false`) and calls the completion blocks that are due.
  public func tick() {
    let now = clock.now
    visit(root) { layer in
      let local = layer.convertTime(now, from: nil)
      layer.animationState.animations.removeAll { $0.animation.isRemovedOnCompletion && $0.animation.endTime <= local }
    }
    let due = completions.filter { $0.end <= now }
    completions.removeAll { $0.end <= now }
    for c in due { c.block() }
  }

  // MARK: Implicit animations

  /// Starts animations for every change since the last record, with the innermost
  /// transaction's settings, and records the new values.
  private func collect() {
    let frame = stack[stack.count - 1]
    var end = frame.end
    let now = clock.now
    visit(root) { layer in
      let local = layer.convertTime(now, from: nil)
      for key in layer.animationState.unstarted {
        if let i = layer.animationState.animations.firstIndex(where: { $0.key == key }) {
          layer.animationState.animations[i].animation.timing.beginTime = local
          end = max(end, layer.convertTime(layer.animationState.animations[i].animation.endTime, to: nil))
        }
      }
      layer.animationState.unstarted = []
      guard let old = committed[layer.serial] else { return }
      for path in AnimatableKeyPath.implicitlyAnimated(for: layer) {
        let key = path.path
        guard path.kind != .bool, let was = old[key] else { continue }
        guard path.value(in: layer) != was else { continue }
        guard let animation = action(for: path, on: layer, frame) else { continue }
        if let basic = animation as? BasicAnimation, basic.from == nil {
          basic.from = presentedValue(path, of: layer, modelValue: was, at: local)
        }
        animation.timing.beginTime = local
        layer.removeAnimation(forKey: key)
        layer.animationState.animations.append((key, animation))
        end = max(end, layer.convertTime(animation.endTime, to: nil))
      }
    }
    stack[stack.count - 1].end = end
    record()
  }

  /// The layer's action for a change of `path`, as Core Animation looks it up: the
  /// `actions` entry, else (unless actions are disabled) a basic animation with the
  /// transaction's duration and timing function.
  private func action(for path: AnimatableKeyPath, on layer: Layer, _ frame: Frame) -> PropertyAnimation? {
    switch layer.actions[path.path] {
    case .none?: return nil
    case .animation(let action)?:
      // A copy: the action stays as the layer's `actions` holds it.
      let a = action.copy()
      a.keyPath = path
      a.checkValues()
      return a
    case nil:
      guard !frame.disableActions else { return nil }
      let a = BasicAnimation(keyPath: path, duration: frame.animationDuration)
      a.timingFunction = frame.timingFunction ?? .default
      return a
    }
  }

  /// What `path` showed at `local` before the change: the old model value with the
  /// layer's animations applied.
  private func presentedValue(_ path: AnimatableKeyPath, of layer: Layer, modelValue: AnimationValue, at local: Double) -> AnimationValue {
    // Of the layer's kind, so that a kind's own properties can be probed too.
    let probe = type(of: layer).init()
    probe.copyProperties(from: layer)
    path.set(modelValue, in: probe)
    for (_, a) in layer.animationState.animations { a.apply(to: probe, at: local) }
    return path.value(in: probe)
  }

  private func record() {
    committed = [:]
    visit(root) { layer in
      var values: [String: AnimationValue] = [:]
      for path in AnimatableKeyPath.implicitlyAnimated(for: layer) { values[path.path] = path.value(in: layer) }
      committed[layer.serial] = values
    }
  }

  private func visit(_ layer: Layer, _ f: (Layer) -> Void) {
    f(layer)
    for s in layer.sublayers { visit(s, f) }
  }
}
