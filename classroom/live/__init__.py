"""How a table's changes reach the pages that show it, live: the one publish after each
committed change (publish.py), the bus that carries it to the other app processes (bus.py:
Redis in relay.py, PostgreSQL's LISTEN/NOTIFY in notify.py), the watcher that reads the
versions of the tables streams wait for (watcher.py), one read of a table shared by every
stream of a process (snapshots.py), the quiet poll (quiet.py), and the table clock that
plays the computer players' moves when their time comes (clock.py). The play pages' streams
and polls (classroom.play) use it; it imports the tables' services (classroom.tables), never
the other way."""
