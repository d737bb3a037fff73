"""One module per ``loveletter`` subcommand. Each has ``configure(parser)`` (argparse only: keep the module's
top-level imports light) and ``run(args) -> int`` (imports what it needs)."""
