"""`python -m bot.migrate_db`: the move from SQLite to PostgreSQL, in bot/host/migrate_db.py."""

import sys

from bot.host.migrate_db import main

if __name__ == "__main__":
    sys.exit(main())
