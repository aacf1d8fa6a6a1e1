"""The one exception the Discord layer turns into a short private answer."""

from bot.texts import _


class Refusal(Exception):
    """A request the bot declines; the message is shown to the member who asked, privately."""


# What a member sees when the bot itself failed; moves are saved whole or not at all.
UNEXPECTED_FAILURE = _(
    "Something went wrong on the bot's side. The game is saved; please try again."
)
