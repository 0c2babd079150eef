"""Words a child's page shows that are kept elsewhere in English (level names, card names,
sign-in pictures, ways of adding up), marked here so that `pybabel extract` puts them in the
catalog; a template translates them where it shows them (`gettext(level_name)`)."""

from __future__ import annotations


def N_(message: str) -> str:
    """Mark `message` for the catalog without translating it now (Babel's default keyword)."""
    return message


# The levels (classroom.game.Level.label), as the home page and the table's title name them.
LEVELS = (N_("Ultra-Peek"), N_("Peek"), N_("Outside Peek"), N_("Standard"))
# The power cards (classroom.game.Power.label), as a child hears them named.
POWERS = (N_("PEEK"), N_("SWAP"), N_("DRAW 2"))
# The sign-in pictures (classroom.pictures.AVATAR_PICTURES), as a screen reader names them.
PICTURES = (
    N_("Cat"),
    N_("Dog"),
    N_("Rabbit"),
    N_("Bear"),
    N_("Pig"),
    N_("Frog"),
    N_("Owl"),
    N_("Mouse"),
    N_("Lion"),
    N_("Panda"),
    N_("Fox"),
    N_("Chick"),
    N_("Elephant"),
)
# How a child adds up (classroom.assignments.SCORING_NAMES), on the home page.
SCORING = (N_("Cube bars"), N_("Cube bars, then type the total"), N_("Type the total"))
# Numerals written as words (classroom.insights.number_check.NUMBER_NAMES), for a grown-up
# to read out in the number check when the device has no sound.
NUMBER_NAMES = (
    N_("zero"),
    N_("one"),
    N_("two"),
    N_("three"),
    N_("four"),
    N_("five"),
    N_("six"),
    N_("seven"),
    N_("eight"),
    N_("nine"),
    N_("ten"),
)
# Refusals a child may meet on their pages (TableError, PickError, the number check's
# NotATap), shown in their language (play/handlers.py _refused, the choosing page, the check).
REFUSALS = (
    N_("The table has moved on"),
    N_("Nobody is playing at this table now"),
    N_("There is nothing to count now"),
    N_("You have counted this round already"),
    N_("Put cubes on each of your four cards"),
    N_("Type your total with the numbers"),
    N_("Which card? Tap + or - under a card"),
    N_("Which card? Tap one of your cards"),
    N_("This game has already started"),
    N_("This table is full: 4 players at most"),
    N_("This table plays at another level than yours"),
    N_("You already have a seat at this table"),
    N_("Your teacher has not chosen computer players for you yet."),
    N_("That computer player is not one of yours: tap one of the pictures."),
    N_("Each computer player can sit at the table only once."),
    N_("Tap a computer player to play with you, then tap Play!"),
    N_("Tap on the line where the number goes."),
    N_("Tap one of the numbers."),
    N_("Oops! Those were not your secret pictures. Let's try again."),
    N_("We could not find that class code. Ask your teacher."),
)
