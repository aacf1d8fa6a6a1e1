"""`python -m bot.backup`: the SQLite backup and restore, in bot/host/backup.py."""

import sys

from bot.host.backup import main

if __name__ == "__main__":
    sys.exit(main())
