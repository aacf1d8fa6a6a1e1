"""Pure, synchronous game engines. Nothing here imports Discord or the bot."""
