"""Running the bot as a process and its face to the host: the start (`python -m bot`), the
settings, the bot and its setup, the service gate and stop, health and metrics, the log's
format, shards, the failure log, the application's emojis."""
