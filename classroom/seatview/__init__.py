"""What a seat of a table sees, and the parts of its page: the board (from the seat's SeatView
alone), the cards and pieces drawn in Python, the story since a version (seen.py: one builder
for a move's answer, a refusal, a poll and a pushed event), the whole page (page.py) and what
the tablet's session notes between pages (notes.py). It reads the tables' services
(classroom.tables); the blueprints (classroom.play, classroom.watch) use it."""
