"""`python -m bot`: the bot's start, in bot/process/start.py."""

import sys

from bot.process.start import main

if __name__ == "__main__":
    sys.exit(main())
