"""The sinkorswim plugin: the start command, the table's look and the texts (texts.py)."""
