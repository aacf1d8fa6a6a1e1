"""What a change shows, one kind of effect a module: the table, the open hands, the turn
notices, the result, the card in the channel, the match's thread.

Each presenter decides under the match lock, from the change's scene (`cogs.desk.scene`),
what its effect shows, drawn there and then, and hands back the sends that carry it out;
the match's sender (`cogs.tools.sending`) runs them after the lock. Whatever depends on
Discord's answer (a message gone, a missing permission, a thread refused, a closed DM, a
click already deferred) is handled in the send that meets it.
"""
