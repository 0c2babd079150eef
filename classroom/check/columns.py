"""The columns of the number check's CSV and what each holds (no imports: the dashboard's
column guide page reads them too)."""

# The CSV's columns, in order, with what each holds (the column guide page shows them;
# docs/number_check.md too).
CSV_GUIDE: dict[str, str] = {
    "child": "The child's display name.",
    "check_id": "The check the item belongs to: one child's checks differ by it.",
    "line_end": "10 or 20: the end of that check's number line.",
    "given_on": "The day the teacher gave the check.",
    "answered_at": "When the child answered this item.",
    "item_number": "1, 2, ...: the item's place in the check.",
    "task": 'line (place the numeral on the line), compare ("Which is more?") or find (tap '
    "the numeral heard among four).",
    "numeral": "The numeral placed, the larger of the two, or the numeral spoken.",
    "shown": "compare: the two numerals, left then right; find: the four, left to right; "
    "line: empty.",
    "answer": "line: the place tapped, 0 to line_end, two decimals; otherwise the numeral tapped.",
    "correct": "compare and find: 1 right, 0 not; line: empty (see line_error).",
    "line_error": "line: how far the tap was from the numeral's place, in line units; "
    "otherwise empty.",
}
CSV_COLUMNS = tuple(CSV_GUIDE)
