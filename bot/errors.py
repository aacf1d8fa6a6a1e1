"""Failures the Discord layer turns into a short, honest private answer."""

from bot.texts import _


class Refusal(Exception):
    """A request the bot declines; the message is shown to the member who asked, privately."""


class NotSaved(Exception):
    """Writing a change failed and was rolled back: the request did not happen."""


class SavedNotShown(Exception):
    """The change was saved, but showing it failed."""


# What a member sees when the bot itself failed, by how far the request got. A change is
# saved whole or not at all, so each answer can say exactly what happened.
UNEXPECTED_FAILURE = _(
    "Something went wrong on the bot's side, and nothing changed. Please try again."
)
NOT_SAVED = _(
    "Your move was not made: the bot couldn't save it, so nothing changed. Please try again."
)
SAVED_NOT_SHOWN = _(
    "Your move was made and saved, but the table couldn't be updated. Use /{game} table to see it."
)


def failure_answer(error: BaseException) -> str:
    """What to tell the member when their request failed: whether it happened or not."""
    if isinstance(error, NotSaved):
        return NOT_SAVED
    if isinstance(error, SavedNotShown):
        return SAVED_NOT_SHOWN.format(game=error.args[0] if error.args else "<game>")
    return UNEXPECTED_FAILURE
