"""Tournaments: a server's own competitions of any registered game, from sign-up to champion."""
