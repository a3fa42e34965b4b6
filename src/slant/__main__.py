"""``python -m slant`` runs the command line."""

from slant.cli import main

if __name__ == "__main__":
    main()
