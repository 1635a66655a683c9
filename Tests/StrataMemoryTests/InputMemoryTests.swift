import Foundation
import Testing

/// Peak resident memory of decoding hostile PNG files and loading huge scene files, each
/// in a child process (see `PeakMemory`). Not timed: the bounds are on memory only.
///
/// Every bound is the probe's own start-up peak (measured here, about 18 MB: the runtime,
/// Foundation, libpng), 32 MiB of slack for allocator and runtime noise, and a stated
/// allowance per input byte.
@Suite(.serialized) struct InputMemoryTests {
  static let slack = 32 << 20

  /// The probe's peak when it does nothing.
  static func idlePeak() throws -> Int {
    let idle = try PeakMemory.run(["idle"])
    #expect(idle.output == "ok")
    return idle.peakBytes
  }

  static func check(_ result: PeakMemory.Result, within bound: Int, _ what: String) {
    // Printed so that the margin can be seen in the log, not only a pass.
    print("peak memory, \(what): \(result.peakBytes >> 10) KiB (bound \(bound >> 10) KiB)")
    #expect(result.status == 0, "\(what): the probe ended with status \(result.status)")
    #expect(
      result.peakBytes <= bound,
      "\(what): peak \(Int(result.peakMiB)) MiB, more than the bound of \(bound >> 20) MiB")
  }

  // MARK: PNG

  /// A 142-byte PNG whose tEXt chunk claims 2^31 - 1 bytes made libpng allocate and touch
  /// 2 GB. Now the claim is refused before libpng runs: no allowance beyond the slack.
  @Test func pngChunkClaimingTwoGigabytes() throws {
    let dir = try ScratchDirectory()
    defer { dir.remove() }
    let claim = DeflateBomb.chunk("tEXt", Array(repeating: 0x78, count: 60), claimedLength: 0x7FFF_FFFF)
    let file = try dir.write(DeflateBomb.png(extra: claim), to: "claim.png")
    let result = try PeakMemory.run(["png", file])
    #expect(result.output.hasPrefix("error \(file): truncated PNG file (the tEXt chunk at byte 33 claims 2147483647"), "\(result.output)")
    Self.check(result, within: try Self.idlePeak() + Self.slack, "claimed length")
  }

  /// 40 zTXt chunks that each inflate to 7 MB: libpng kept them all (280 MB from a 1.8 MB
  /// file, 2 GB from 2 MB of better-compressed ones). Text chunks are now dropped unread,
  /// so decoding may cost the file twice over (the file and the copy without the chunks).
  @Test func pngCompressedTextBomb() throws {
    let dir = try ScratchDirectory()
    defer { dir.remove() }
    let text = DeflateBomb.chunk("zTXt", Array("k".utf8) + [0, 0] + DeflateBomb.zlib(runs: 27_000))
    let bytes = DeflateBomb.png(extra: Array([[UInt8]](repeating: text, count: 40).joined()))
    let file = try dir.write(bytes, to: "bomb.png")
    let result = try PeakMemory.run(["png", file])
    #expect(result.output == "ok 1x1")
    Self.check(result, within: try Self.idlePeak() + Self.slack + 2 * bytes.count, "zTXt bomb")
  }

  // MARK: Scene files

  /// 20 bytes of memory per byte of JSON for parsing and building, beyond the layer
  /// objects themselves (issue 10, item 4).
  static let bytesPerJSONByte = 20
  /// A generous cost per layer object: a `Layer` holds about 60 properties (two 128-byte
  /// transforms among them); 1 to 1.2 KB was measured.
  static let bytesPerLayer = 2048

  /// `{"width": 10, "height": 10, "layers": [<layer>]}` with `items` repeated, comma
  /// separated, inside the layer's `key` array, to about `size` bytes; and the count.
  static func scene(size: Int, key: String, item: String) -> (bytes: [UInt8], count: Int) {
    let head = #"{"width": 10, "height": 10, "layers": [{"\#(key)": ["#, tail = "]}]}"
    let count = (size - head.utf8.count - tail.utf8.count) / (item.utf8.count + 1)
    return (Array((head + Array(repeating: item, count: count).joined(separator: ",") + tail).utf8), count)
  }

  /// 2 MB of `{}` sublayers, 666,000 layers in two bytes each: 800 MB before the limit;
  /// now loading stops at the 100,001st layer.
  @Test func emptyLayerObjectsStopAtTheLayerLimit() throws {
    let dir = try ScratchDirectory()
    defer { dir.remove() }
    let (bytes, _) = Self.scene(size: 2_000_000, key: "sublayers", item: "{}")
    let file = try dir.write(bytes, to: "empty.json")
    let result = try PeakMemory.run(["scene", file])
    #expect(
      result.output
        == "error \(file): layers[0].sublayers[99999]: more than 100000 layers; that is the limit for one scene (strata render and parity take --max-layers N to raise it)")
    let bound = try Self.idlePeak() + Self.slack + Self.bytesPerJSONByte * bytes.count + 100_000 * Self.bytesPerLayer
    Self.check(result, within: bound, "2 MB of {}")
  }

  /// The same file with the limit at 1,000 layers: what remains is the JSON itself, and
  /// that must fit in 20 bytes per byte.
  @Test func emptyLayerObjectsParseWithinTheAllowance() throws {
    let dir = try ScratchDirectory()
    defer { dir.remove() }
    let (bytes, _) = Self.scene(size: 2_000_000, key: "sublayers", item: "{}")
    let file = try dir.write(bytes, to: "empty.json")
    let result = try PeakMemory.run(["scene", file, "1000"])
    #expect(result.output.hasSuffix("layers[0].sublayers[999]: more than 1000 layers; that is the limit for one scene (strata render and parity take --max-layers N to raise it)"))
    let bound = try Self.idlePeak() + Self.slack + Self.bytesPerJSONByte * bytes.count + 1000 * Self.bytesPerLayer
    Self.check(result, within: bound, "2 MB of {}, 1000 layers")
  }

  /// A million numbers where four were expected: 118 bytes per byte before (22 GB for
  /// 200 MB), as every element became a `Field` with its own path before the count was
  /// checked. Numbers of one digit are the worst case: 2 bytes of JSON per 16-byte value.
  @Test(arguments: ["1", "0.25"])
  func numbersInOneArray(item: String) throws {
    let dir = try ScratchDirectory()
    defer { dir.remove() }
    let (bytes, count) = Self.scene(size: 2_000_000, key: "bounds", item: item)
    let file = try dir.write(bytes, to: "numbers.json")
    let result = try PeakMemory.run(["scene", file])
    #expect(result.output == "error \(file): layers[0].bounds: expected [x, y, width, height]: an array of 4 numbers, got \(count)")
    let bound = try Self.idlePeak() + Self.slack + Self.bytesPerJSONByte * bytes.count
    Self.check(result, within: bound, "2 MB of numbers \(item)")
  }

  /// A keyframe animation with a million values: each became a 136-byte `AnimationValue`
  /// (the size of its largest case, a 4x4 transform), 86 bytes per byte of JSON. The
  /// transform case is now boxed, so a value takes 40 bytes.
  @Test func keyframeValuesStayWithinTheAllowance() throws {
    let dir = try ScratchDirectory()
    defer { dir.remove() }
    let head = #"{"width": 10, "height": 10, "layers": [{"animations": {"a": {"type": "keyframe", "keyPath": "position.x", "duration": 1, "values": ["#
    let tail = "]}}}]}"
    let count = (2_000_000 - head.utf8.count - tail.utf8.count) / 2
    let bytes = Array((head + Array(repeating: "1", count: count).joined(separator: ",") + tail).utf8)
    let file = try dir.write(bytes, to: "keyframes.json")
    let result = try PeakMemory.run(["scene", file])
    #expect(result.output == "ok 1 layers")
    let bound = try Self.idlePeak() + Self.slack + Self.bytesPerJSONByte * bytes.count
    Self.check(result, within: bound, "2 MB of keyframe values")
  }
}
