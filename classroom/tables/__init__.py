"""Card tables, a module per job: a table's engine options (options.py), reading a table
(loading.py), seating players (seating.py), the one guarded commit and playing a move
(moves.py), computer players (computers.py), away children (away.py), looks (looks.py),
counting (counting.py); what a seat is shown (board.py) and the table story in words
(story.py). No request objects in here; the play and teacher blueprints call these, and the
live updates (classroom.live) build on them."""
