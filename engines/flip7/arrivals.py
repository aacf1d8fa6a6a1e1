"""Cards arriving in rows: drawn (F7), dealt or hit, a number entering a row by any means
(F4, F8, F9), a card moved by Swap or Steal (F10). The layer of Flip 7 between the state
(`Table`) and the effects' rules (`EffectRules`), which give cards through it.
"""

from __future__ import annotations

from engines.base import Event
from engines.flip7.cards import FIRST_ACTION, UNLUCKY_7, VALUE, VALUE_BIT, is_number
from engines.flip7.effects import Bonus, Resolve
from engines.flip7.scoring import busts
from engines.flip7.table import BUSTED, FLIP7, Table

FLIP7_SIZE = 7


class Arrivals(Table):
    """The table's rows as cards arrive in them."""

    __slots__ = ()

    def _draw(self, events: list[Event]) -> int | None:
        """The top card; an empty pile first takes in the shuffled discard pile (F7).
        None when no card is left anywhere."""
        if not self.draw:
            if not self.discard:
                return None
            self._shuffle_discards_in()
            events.append(Event("reshuffle", {"cards": len(self.draw)}))
        card = self.draw.pop()
        self.unseen[card] -= 1
        if card < FIRST_ACTION:  # a number
            self.unseen_points -= VALUE[card]
        else:
            self.unseen_others -= 1
        return card

    def _deal_card(self, seat: int, how: str, events: list[Event]) -> int | None:
        """Give `seat` the next card by deal, hit or Just One More! and start its effect."""
        card = self._draw(events)
        if card is None:
            events.append(Event("no_card", {"seat": seat, "how": how}))
            return None
        events.append(Event("flip", {"seat": seat, "card": card, "how": how}))
        if card < FIRST_ACTION:  # a number
            self._add_number(seat, card, events)
        else:
            self.stack.append(Resolve(seat, card))
        return card

    def _add_number(self, seat: int, card: int, events: list[Event]) -> None:
        """A number card enters a row by any means: Unlucky 7, bust, Flip 7 (F4, F8, F9)."""
        row = self.rows[seat]
        mask = self.mask[seat]
        if card < UNLUCKY_7 and not mask & VALUE_BIT[card]:  # the commonest: a new plain value
            row.append(card)
            self.mask[seat] = mask | VALUE_BIT[card]
            self.numsum[seat] += card
            self.nums[seat] += 1
        elif card == UNLUCKY_7:
            self._wipe(seat, events)
        elif mask & VALUE_BIT[VALUE[card]] and busts(row, card):  # value held
            copy = 1 + sum(1 for held in row if VALUE[held] == VALUE[card])
            row.append(card)
            self.status[seat] = BUSTED
            self.bust_len[seat] = len(row)
            events.append(
                Event("bust", {"seat": seat, "card": card, "value": VALUE[card], "copy": copy})
            )
            return
        else:
            self._put_number(seat, card)
        if self.nums[seat] == FLIP7_SIZE:
            self._flip_seven(seat, events)

    def _wipe(self, seat: int, events: list[Event]) -> None:
        """Unlucky 7 discards every other card of the row, then stays alone in it (F8)."""
        row = self.rows[seat]
        if row:
            self.discard.extend(row)
            row.clear()
            events.append(Event("wipe", {"seat": seat, "card": UNLUCKY_7}))
        row.append(UNLUCKY_7)
        self._recount(seat)

    def _flip_seven(self, seat: int, events: list[Event]) -> None:
        """F9: the round ends at once; cards still being resolved are discarded unused."""
        self.status[seat] = FLIP7
        self.flip7 = seat
        events.append(Event("flip7", {"seat": seat}))
        held = self.held_cards()
        if held:
            self.discard.extend(held)
            events.append(Event("discarded", {"seat": seat, "cards": held, "reason": "flip7"}))
        self.stack.clear()
        if self.brutal:
            self.stack.append(Bonus(seat))

    def _arrive(self, seat: int, card: int, events: list[Event]) -> None:
        """A card moved by Swap or Steal: numbers trigger, modifiers go straight in (F10)."""
        if is_number(card):
            self._add_number(seat, card, events)
        else:
            self._put_modifier(seat, card)
