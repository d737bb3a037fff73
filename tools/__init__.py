"""The repository's own tools: the docs site's hooks and the picture of the table (not part of the package)."""
