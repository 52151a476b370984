"""The built-in extractors. Importing this package registers them all."""

from . import auto, line_block, link_density, punctuation_path, relative_link_density, sst  # noqa: F401
