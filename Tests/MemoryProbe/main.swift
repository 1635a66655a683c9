import Strata
import StrataPNG
import StrataScene

// The child process whose peak resident memory the input-limit tests measure: it does one
// thing to one file and exits, so its peak is that work plus the runtime's start-up, and
// nothing that tests running in parallel allocate.
//
//   strata-memory-probe idle
//   strata-memory-probe json FILE
//   strata-memory-probe scene FILE [MAX_LAYERS]
//   strata-memory-probe png FILE
//   strata-memory-probe unlink-temporaries DIR TRACE
//
// Prints two lines on standard output: `ok …` with a summary, or `error <description>`;
// then `peak <bytes>`, the largest resident set this process had (VmHWM). The exit status
// is 0 either way (a crash or a kill is what the tests watch for).
//
// The peak is read here rather than from the parent's wait4: posix_spawn starts the child
// in the parent's address space (vfork), and Linux folds that address space's high-water
// mark into the child's ru_maxrss at exec, so ru_maxrss reports the test runner's peak
// whenever that is larger. VmHWM belongs to the probe's own address space.

let args = CommandLine.arguments.dropFirst()

/// VmHWM from /proc/self/status, in bytes: the peak resident set of this address space.
func peakResidentBytes() -> Int {
  let status = String(decoding: Probe.procContents(of: "/proc/self/status"), as: UTF8.self)
  for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
    let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
    if let kib = fields.dropFirst().first.flatMap({ Int($0) }) { return kib * 1024 }
  }
  preconditionFailure("no VmHWM in /proc/self/status")
}

func count(_ layer: Layer) -> Int { layer.sublayers.reduce(1) { $0 + count($1) } }

switch (args.first, args.dropFirst().first) {
case ("idle", _):
  print("ok")
case ("json", let path?):
  do {
    let value = try JSONParser.parse(Probe.contents(of: path))
    print("ok \(value.kindDescription)")
  } catch {
    print("error \(error)")
  }
case ("scene", let path?):
  var limits = SceneLimits()
  if let n = args.dropFirst(2).first.flatMap({ Int($0) }) { limits.maxLayers = n }
  do {
    let scene = try SceneLoader.load(path: path, limits: limits)
    print("ok \(count(scene.root) - 1) layers")
  } catch {
    print("error \(error)")
  }
case ("png", let path?):
  do {
    let image = try PNG.read(path: path)
    print("ok \(image.width)x\(image.height)")
  } catch {
    print("error \(error)")
  }
case ("unlink-temporaries", let dir?):
  // What the tool's signal handler does, traced: a temporary file is being written
  // (`DIR/.out.png.tmp-…`) when `TemporaryFiles.removeAll()` runs. Prints the allocations it
  // made (see `Probe.allocations`), which must be none: a handler may not allocate. Ends
  // with the file still open, as a signal would, so that only `removeAll` removes it.
  let trace = args.dropFirst(2).first ?? ""
  TemporaryFiles.prepare()
  do {
    let file = try OutputFile(path: dir + "/out.png")
    try file.write([1, 2, 3])
    let n = Probe.allocations(tracedTo: trace) { TemporaryFiles.removeAll() }
    print("ok \(n.map(String.init) ?? "untraced") allocations")
    print("peak \(peakResidentBytes())")
    withExtendedLifetime(file) { Probe.exitProcess(0) }
  } catch {
    print("error \(error)")
  }
default:
  print("usage: strata-memory-probe idle | json FILE | scene FILE [MAX_LAYERS] | png FILE | unlink-temporaries DIR TRACE")
  Probe.exitProcess(2)
}
print("peak \(peakResidentBytes())")
