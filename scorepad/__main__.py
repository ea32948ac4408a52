"""`python -m scorepad` runs the same CLI as the `scorepad` command."""

from scorepad.cli import main

main()
