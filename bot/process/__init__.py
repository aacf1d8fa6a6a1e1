"""Running the bot as a process and its face to the host: the start (`python -m bot`), the
bot and its setup (app.py, the composition root that builds every room), the storage it
opens (opening.py), the service gate and stop, health, the application's emojis."""
