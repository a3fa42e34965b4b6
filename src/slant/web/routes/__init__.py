"""The app's routes, one module per area; each HTML page has a ``.json`` twin."""
