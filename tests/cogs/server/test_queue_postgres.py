"""The queue's tests (tests/cogs/server/test_queue.py) with the bot on PostgreSQL: seating a table
and its Ready step, a member's two queues and the ways out, a restart that keeps the places
and the Ready step, and an expiry."""

from __future__ import annotations

from tests.cogs.on_postgresql import *  # noqa: F403 (its fixtures: settings, on_postgresql)
from tests.cogs.server.test_queue import (
    test_i48_2_a_queue_of_three_opens_a_table_seats_them_and_starts_after_ready as seated,
)
from tests.cogs.server.test_queue import (
    test_i48_2_c_a_member_in_two_queues_leaves_each_its_own_way as two_queues,
)
from tests.cogs.server.test_queue import (
    test_i48_2_d_a_queue_is_kept_across_a_restart_and_its_place_expires as kept_and_expired,
)
from tests.cogs.server.test_queue import (
    test_i48_2_d_a_ready_step_is_kept_across_a_restart as ready_kept,
)

test_i48_2_a_a_queue_of_three_on_postgresql = seated
test_i48_2_c_two_queues_on_postgresql = two_queues
test_i48_2_d_a_queue_kept_and_expired_on_postgresql = kept_and_expired
test_i48_2_d_a_ready_step_kept_on_postgresql = ready_kept
