"""The flip7 plugin: the start command, the table's look and the texts (texts.py)."""
