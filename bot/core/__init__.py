"""What every floor above storage runs with: the host's settings, the failure log, the
metrics and the log's context. It imports only storage's errors and shard split below it."""
