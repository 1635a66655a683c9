/// The `strata` command: dispatches to its subcommands.
public enum StrataCommand {
  static let usage = """
    usage: strata <command> [options]

    commands:
      render SCENE.json -o OUT.png [--time T] [--backend auto|cpu|gpu] [--scale S] [--verbose]
                        render a scene file to a PNG image at time T
      render SCENE.json --frames START:END [--fps N] [--format png|apng|rgba] -o OUT
                        render frames: PNG files (OUT has %04d), an animated PNG, or raw RGBA
      info              list the rendering backends and why each is or is not available
      compare A.png B.png [--diff OUT.png] [--json] [--tolerance strict|cross|N]
                        compare two images as golden tests do
      parity SCENE.json [--diff OUT.png]
                        render on the GPU and the CPU and compare them

    Run 'strata <command> --help' for a command's options.
    """

  /// Runs the tool with `arguments` (without the program name) and returns the exit status.
  public static func run(_ arguments: [String], console: Console) -> ExitCode {
    guard let command = arguments.first else {
      console.err(usage + "\n")
      return .usage
    }
    let rest = Array(arguments.dropFirst())
    switch command {
    case "render": return RenderCommand.run(rest, console: console)
    case "info": return InfoCommand.run(rest, console: console)
    case "compare": return CompareCommand.run(rest, console: console)
    case "parity": return ParityCommand.run(rest, console: console)
    case "-h", "--help", "help":
      console.out(usage + "\n")
      return .success
    default:
      console.err("strata: unknown command '\(command)'\n\n" + usage + "\n")
      return .usage
    }
  }
}
