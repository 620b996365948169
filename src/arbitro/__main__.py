"""``python -m arbitro``: the ``arbitro`` command, where its script is not on the path."""

from arbitro.cli import main

if __name__ == "__main__":
    main()
