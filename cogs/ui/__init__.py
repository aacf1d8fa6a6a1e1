"""What a table is made of on Discord: messages, buttons and selects, layouts, pictures."""
