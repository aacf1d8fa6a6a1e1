"""Sentences and languages: the catalogs' loader, the platform's words, who reads what."""
