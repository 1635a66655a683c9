import Foundation

/// `strata info`: which backends exist here and why.
enum InfoCommand {
  static let usage = """
    usage: strata info

    Lists every rendering backend, whether it can be used on this machine, and why.
    """

  static func run(_ args: [String], console: Console) -> ExitCode {
    if args.contains("-h") || args.contains("--help") {
      console.out(usage + "\n")
      return .success
    }
    if let a = args.first {
      console.err("strata info: unexpected argument '\(a)'\n\n" + usage + "\n")
      return .usage
    }
    let threads = ProcessInfo.processInfo.activeProcessorCount
    console.out("""
      cpu: available (software renderer, \(threads) threads)
      gpu: unavailable: \(BackendChoice.gpuUnavailable)
      auto: cpu

      """)
    return .success
  }
}
