"""The desk that posts and keeps every table: lobby, drawing, result, clicks, hands, pings,
and answers in pages."""
