"""Card tables: the services that seat players and play moves (service.py), what a seat is
shown (board.py) and the table story in words (story.py). No request objects in here; the
play and teacher blueprints call these."""
