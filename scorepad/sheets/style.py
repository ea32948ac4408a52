"""The look every page shares: the unit of the layouts and the inks (greys that survive a cheap printer and a
photocopy)."""

MM = 72 / 25.4  # points per millimetre

INK = "#1a1a1a"
HINT_INK = "#555555"
RULE_INNER = "#8c8c8c"
HEADER_FILL = "#e6e6e6"
TOTAL_FILL = "#ededed"
SHADE_FILL = "#f4f4f4"
MARK_FILL = "#fff0b3"
STAR_FILL = "#e0a800"
