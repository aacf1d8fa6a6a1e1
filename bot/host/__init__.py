"""The host's tools: a live SQLite backup and its restore, the move from SQLite to
PostgreSQL, and the retention of old event logs."""
