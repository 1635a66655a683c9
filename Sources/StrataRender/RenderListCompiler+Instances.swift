import Strata

/// Copies of a layer's sublayers (`SublayerInstance`, a replicator's), each moved and
/// multiplied by a colour.
///
/// A copy is compiled as the sublayers are, into the same list: nothing is drawn offscreen
/// and nothing is rasterised again for it (path masks of a copy moved by whole pixels come
/// from `PathMaskCache`). Its colour is applied in two exact parts:
/// - red, green and blue multiply the copy's paints (solid colours, image tints, gradient
///   stops, sprite colours, group shadows). Source-over commutes with a multiply that keeps
///   alpha, so this equals multiplying the composited copy. A group whose own filters would
///   not commute (a colour matrix) or whose bitmap is kept (`shouldRasterize`) gets the
///   multiply as one more colour-matrix filter instead.
/// - alpha is an opacity of the whole copy: a group when the copy's draws overlap, else a
///   factor on each, as a layer's opacity is.
extension RenderListCompiler.State {
  mutating func visitInstance(_ instance: SublayerInstance, parentSpace: Transform3D, parentToDevice: Homography, clip: Int?) {
    let c = instance.color
    guard c.alpha > 0, !instance.sublayers.isEmpty else { return }
    let space = instance.transform.concatenating(parentSpace)
    let start = list.commands.count
    for s in instance.sublayers { visit(s, parentSpace: space, parentToDevice: parentToDevice, clip: clip) }
    guard list.commands.count > start else { return }
    if c.red < 1 || c.green < 1 || c.blue < 1 { tint(from: start, red: c.red, green: c.green, blue: c.blue) }
    applyOpacity(c.alpha, from: start, clip: clip, label: "instance", reason: "instance alpha")
  }

  /// Multiplies the colour of what the commands from `start` draw by (red, green, blue),
  /// alpha unchanged. Masks' content is left alone: only its alpha counts.
  ///
  /// - Complexity: O(commands from `start`).
  mutating func tint(from start: Int, red: Double, green: Double, blue: Double) {
    func times(_ p: PremultipliedColor) -> PremultipliedColor {
      PremultipliedColor(red: p.red * red, green: p.green * green, blue: p.blue * blue, alpha: p.alpha)
    }
    // Per open group or mask: whether it stopped the walk (tinted as a whole, or a mask).
    var stops: [Bool] = []
    var stopped = 0
    for i in start..<list.commands.count {
      switch list.commands[i] {
      case .draw(var d) where stopped == 0:
        switch d.paint {
        case .solid(let p): d.paint = .solid(times(p))
        case .image(var p):
          p.tint = times(p.tint ?? PremultipliedColor(red: 1, green: 1, blue: 1, alpha: 1))
          d.paint = .image(p)
        case .gradient(var g):
          // Stops are straight and interpolated straight: multiplying them is multiplying
          // every pixel, since alpha is untouched.
          g.stops = g.stops.map { GradientStop($0.location, Color($0.color.red * red, $0.color.green * green, $0.color.blue * blue, $0.color.alpha)) }
          d.paint = .gradient(g)
        }
        list.commands[i] = .draw(d)
      case .sprites(var b) where stopped == 0:
        b.sprites = b.sprites.map { Sprite(transform: $0.transform, texels: $0.texels, color: times($0.color)) }
        list.commands[i] = .sprites(b)
      case .beginGroup(var g):
        guard stopped == 0 else {
          stops.append(false)
          continue
        }
        if let s = g.shadow { g.shadow?.color = times(s.color) }
        let whole = g.rasterizationKey != nil || g.filters.contains { if case .colorMatrix = $0 { true } else { false } }
        if whole {
          g.filters.append(
            .colorMatrix([red, 0, 0, 0, 0, 0, green, 0, 0, 0, 0, 0, blue, 0, 0, 0, 0, 0, 1, 0]))
          if let key = g.rasterizationKey {
            var h = Hasher()
            h.combine(key); h.combine(red); h.combine(green); h.combine(blue)
            g.rasterizationKey = h.finalize()
          }
          stopped += 1
        }
        stops.append(whole)
        list.commands[i] = .beginGroup(g)
      case .beginMask:
        stops.append(true)
        stopped += 1
      case .endGroup, .endMask:
        if stops.removeLast() { stopped -= 1 }
      case .draw, .sprites, .backdrop:
        break
      }
    }
  }
}
