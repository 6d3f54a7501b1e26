"""The terminal front ends: a Textual app and a plain line-by-line mode, over one ``PlaySession``."""
