"""`python -m loveletter` runs the command-line program."""

from loveletter.cli import main

raise SystemExit(main())
