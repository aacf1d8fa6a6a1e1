"""The live table (issue 47): a match as a web page in a browser, served by the bot's own
aiohttp server, live over one WebSocket per viewer, worded from the same catalogs as the
Discord tables and drawn by the same renderers (cogs.desk.drawing)."""
