"""`/games`, for every game at once: its moderation half and its standings half."""
