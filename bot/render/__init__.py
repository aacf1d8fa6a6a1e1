"""Pictures of game tables, drawn with Pillow only (no Discord imports)."""
