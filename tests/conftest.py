"""Shared test set-up: hypothesis runs the same examples everywhere."""

from hypothesis import settings

# Derandomized so that CI and a student's machine run the same examples.
settings.register_profile("course", derandomize=True, deadline=None, print_blob=True)
settings.load_profile("course")
