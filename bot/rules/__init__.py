"""The platform's pure rules, read and tested alone: a match's pace, days away, ratings."""
