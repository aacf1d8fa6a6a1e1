"""The one exception the Discord layer turns into a short private answer."""


class Refusal(Exception):
    """A request the bot declines; the message is shown to the member who asked, privately."""
