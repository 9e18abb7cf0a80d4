"""Lesson 5: the length of a string in eight languages."""
