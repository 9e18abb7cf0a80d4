"""codecbox: the tools of the course on text and encodings."""

__version__ = "0.1.0"
