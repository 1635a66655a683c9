import Foundation

/// The `strata` command: dispatches to its subcommands.
public enum StrataCommand {
  static let usage = """
    usage: strata <command> [options]

    commands:
      render SCENE.json -o OUT.png [--time T] [--backend auto|cpu|gpu] [--scale S] [--verbose]
                        render a scene file to a PNG image at time T
      render SCENE.json --frames START:END [--fps N] [--format png|apng|rgba] -o OUT
                        render frames: PNG files (OUT has %04d), an animated PNG, or raw RGBA
      info              list the rendering backends, why each is or is not available, and
                        what --backend auto picks
      compare A.png B.png [--diff OUT.png] [--json] [--tolerance strict|cross|N]
                        compare two images as golden tests do
      parity SCENE.json [--diff OUT.png]
                        render on the GPU and the CPU and compare them

    options:
      -h, --help        show this help
      --version         print the version

    Run 'strata <command> --help' for a command's options.
    """

  /// Runs the tool with `arguments` (without the program name) and returns the exit status.
  ///
  /// `environment` is where `STRATA_BACKEND` and `STRATA_EGL_PLATFORM` are read (tests pass
  /// their own).
  public static func run(
    _ arguments: [String], console: Console, environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> ExitCode {
    guard let command = arguments.first else {
      console.err(usage + "\n")
      return .usage
    }
    let rest = Array(arguments.dropFirst())
    switch command {
    case "render": return RenderCommand.run(rest, console: console, environment: environment)
    case "info": return InfoCommand.run(rest, console: console, environment: environment)
    case "compare": return CompareCommand.run(rest, console: console)
    case "parity": return ParityCommand.run(rest, console: console, environment: environment)
    case "-h", "--help", "help":
      console.out(usage + "\n")
      return .success
    case "--version":
      console.out("strata \(StrataVersion.current)\n")
      return .success
    default:
      console.err(UsageError.report(UsageError(message: "unknown command '\(command)'"), command: "strata", usage: usage))
      return .usage
    }
  }
}
