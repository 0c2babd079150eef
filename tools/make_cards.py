"""Draw the card art: static/cards/0.svg .. 9.svg, peek.svg, swap.svg, draw2.svg (and their
Spanish words, peek-es.svg, swap-es.svg, draw2-es.svg), back.svg.

Our own friendly pictures (nothing from the published game): cats for 0-6, each a different
cat (0 is the Statue of Cat Liberty), rats for 7-9 (9 is the King Rat with a crown), the
three power cards with a picture of what they do, and a card back. The numeral is large and
dark on white; the family shows by the picture and the frame's corner marks (paws for cats,
cheese for rats, stars for power cards), never by colour alone.

The files are plain SVG with presentation attributes only (no <style>, no style=, no script),
so they work under the app's Content-Security-Policy. Run it from the checkout's root:

    .venv/bin/python tools/make_cards.py          # write the files
    .venv/bin/python tools/make_cards.py --check  # exit 1 if a file differs from this script
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "static" / "cards"

W, H = 120, 168
INK = "#2b2230"
PAPER = "#ffffff"
# Okabe-Ito colours for the families' frames (colour is a second cue, never the only one).
CAT_FRAME = "#E69F00"
RAT_FRAME = "#5a5560"
POWER_FRAME = "#0072B2"
FONT = "Trebuchet MS, Verdana, DejaVu Sans, Arial, sans-serif"


def svg(body: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="{W}" '
        f'height="{H}">{body}</svg>\n'
    )


def frame(colour: str, fill: str = PAPER) -> str:
    return (
        f'<rect x="3" y="3" width="{W - 6}" height="{H - 6}" rx="12" fill="{fill}" '
        f'stroke="{colour}" stroke-width="6"/>'
    )


def numeral(value: int) -> str:
    text = (
        f'<text x="60" y="76" text-anchor="middle" font-family="{FONT}" font-size="74" '
        f'font-weight="bold" fill="{INK}">{value}</text>'
    )
    if value in (6, 9):  # underlined, as on playing cards, so a 6 is never read as a 9
        text += f'<path d="M44 84 H76" stroke="{INK}" stroke-width="5" stroke-linecap="round"/>'
    return text


# Family marks in the top corners: a shape, so the family shows without colour.
def paw(x: float, y: float, colour: str) -> str:
    return (
        f'<g fill="{colour}"><ellipse cx="{x}" cy="{y + 3}" rx="5" ry="4"/>'
        f'<circle cx="{x - 5}" cy="{y - 3}" r="2"/><circle cx="{x}" cy="{y - 5}" r="2"/>'
        f'<circle cx="{x + 5}" cy="{y - 3}" r="2"/></g>'
    )


def cheese(x: float, y: float, colour: str) -> str:
    return (
        f'<path d="M{x - 9} {y + 6} L{x + 9} {y + 6} L{x + 9} {y - 4} L{x - 9} {y + 6} Z" '
        f'fill="#F0E442" stroke="{colour}" stroke-width="1.5" stroke-linejoin="round"/>'
        f'<circle cx="{x + 4}" cy="{y + 2}" r="1.8" fill="{colour}"/>'
    )


def star(x: float, y: float, r: float, colour: str, fill: str = "#F0E442") -> str:
    points = []
    for i in range(10):
        angle = math.pi / 2 + i * math.pi / 5
        radius = r if i % 2 == 0 else r * 0.45
        points.append(f"{x + radius * math.cos(angle):.1f},{y - radius * math.sin(angle):.1f}")
    return (
        f'<polygon points="{" ".join(points)}" fill="{fill}" stroke="{colour}" '
        f'stroke-width="1.5" stroke-linejoin="round"/>'
    )


def corners(mark: Callable[[float, float, str], str], colour: str) -> str:
    return mark(17, 18, colour) + mark(103, 18, colour)


# ---- cats ---------------------------------------------------------------------------------


def whiskers(cx: float, cy: float, colour: str) -> str:
    return (
        f'<path d="M{cx - 10} {cy} L{cx - 26} {cy - 3} M{cx - 10} {cy + 4} L{cx - 26} {cy + 6} '
        f'M{cx + 10} {cy} L{cx + 26} {cy - 3} M{cx + 10} {cy + 4} L{cx + 26} {cy + 6}" '
        f'stroke="{colour}" stroke-width="1.6" stroke-linecap="round"/>'
    )


def cat(
    fur: str,
    line: str,
    *,
    eyes: str = "open",
    eye_colour: str = INK,
    extra: str = "",
    top: str = "",
) -> str:
    """A round friendly cat head centred at (60, 128); `top` is drawn over the head."""
    cx, cy = 60, 128
    parts = [
        # ears
        f'<path d="M38 118 L40 94 L56 106 Z M82 118 L80 94 L64 106 Z" fill="{fur}" '
        f'stroke="{line}" stroke-width="2.5" stroke-linejoin="round"/>',
        '<path d="M42 110 L43 100 L51 106 Z M78 110 L77 100 L69 106 Z" fill="#f7c9c9"/>',
        f'<ellipse cx="{cx}" cy="{cy}" rx="27" ry="24" fill="{fur}" stroke="{line}" '
        f'stroke-width="2.5"/>',
        extra,
    ]
    if eyes == "open":
        parts.append(
            f'<circle cx="50" cy="124" r="4" fill="{INK}"/><circle cx="70" cy="124" r="4" '
            f'fill="{INK}"/><circle cx="51.3" cy="122.7" r="1.3" fill="#fff"/>'
            '<circle cx="71.3" cy="122.7" r="1.3" fill="#fff"/>'
        )
    elif eyes == "happy":  # closed, smiling eyes
        parts.append(
            f'<path d="M45 125 Q50 119 55 125 M65 125 Q70 119 75 125" fill="none" '
            f'stroke="{eye_colour}" stroke-width="2.5" stroke-linecap="round"/>'
        )
    elif eyes == "wink":
        parts.append(
            f'<circle cx="50" cy="124" r="4" fill="{INK}"/><circle cx="51.3" cy="122.7" '
            f'r="1.3" fill="#fff"/><path d="M65 125 Q70 120 75 125" fill="none" '
            f'stroke="{INK}" stroke-width="2.5" stroke-linecap="round"/>'
        )
    parts += [
        '<path d="M56 132 L64 132 L60 136 Z" fill="#e0707a"/>',
        f'<path d="M60 136 Q55 142 51 139 M60 136 Q65 142 69 139" fill="none" '
        f'stroke="{line}" stroke-width="2" stroke-linecap="round"/>',
        whiskers(cx, 134, line),
        top,
    ]
    return "".join(parts)


def cat_card(value: int, picture: str) -> str:
    return svg(frame(CAT_FRAME) + corners(paw, CAT_FRAME) + numeral(value) + picture)


def liberty_cat() -> str:
    """0: the Statue of Cat Liberty: a green cat with a spiky crown, holding up a torch."""
    torch = (
        '<path d="M88 136 L92 108" stroke="#3c7a66" stroke-width="5" stroke-linecap="round"/>'
        '<path d="M86 108 L98 108 L95 116 L89 116 Z" fill="#c9a227" stroke="#6b5512" '
        'stroke-width="1.5"/>'
        '<path d="M92 106 Q84 98 91 90 Q92 96 96 95 Q100 100 92 106 Z" fill="#D55E00"/>'
        '<path d="M92 105 Q89 100 92 96 Q95 101 92 105 Z" fill="#F0E442"/>'
    )
    crown = (
        '<path d="M44 110 L46 97 L51 107 L55 94 L60 106 L65 94 L69 107 L74 97 L76 110 Z" '
        'fill="#9fd4bf" stroke="#3c7a66" stroke-width="2" stroke-linejoin="round"/>'
    )
    return cat("#7fbfa5", "#3c7a66", extra=torch, top=crown)


def tabby_cat() -> str:
    """1: an orange tabby with stripes on its forehead."""
    stripes = (
        '<path d="M54 107 L55 115 M60 105 L60 114 M66 107 L65 115" stroke="#a4601a" '
        'stroke-width="2.5" stroke-linecap="round"/>'
    )
    return cat("#f5b45a", "#8a5a1c", extra=stripes)


def bow_tie_cat() -> str:
    """2: a grey cat with a bow tie."""
    bow = (
        '<path d="M60 152 L47 145 L47 159 Z M60 152 L73 145 L73 159 Z" fill="#CC79A7" '
        'stroke="#7a3f63" stroke-width="1.5" stroke-linejoin="round"/>'
        '<circle cx="60" cy="152" r="3.5" fill="#7a3f63"/>'
    )
    return cat("#c9c4cf", "#5d5763", top=bow)


def spotty_cat() -> str:
    """3: a white cat with brown patches, winking."""
    spots = (
        '<ellipse cx="44" cy="116" rx="8" ry="6" fill="#b07a4a"/>'
        '<ellipse cx="76" cy="142" rx="6" ry="4" fill="#b07a4a"/>'
    )
    return cat("#fdfaf4", "#7d6650", eyes="wink", extra=spots)


def glasses_cat() -> str:
    """4: a brown cat with round glasses."""
    glasses = (
        f'<g fill="none" stroke="{INK}" stroke-width="2"><circle cx="50" cy="124" r="7"/>'
        '<circle cx="70" cy="124" r="7"/><path d="M57 124 L63 124"/></g>'
    )
    return cat("#c8955f", "#6e4a25", top=glasses)


def party_cat() -> str:
    """5: a yellow cat in a party hat."""
    hat = (
        '<path d="M50 108 L60 84 L70 108 Z" fill="#56B4E9" stroke="#1f5f86" stroke-width="2" '
        'stroke-linejoin="round"/><path d="M54 99 L66 99" stroke="#fff" stroke-width="2"/>'
        '<circle cx="60" cy="84" r="4" fill="#D55E00"/>'
    )
    return cat("#f6d36b", "#8a6d12", top=hat)


def sleepy_cat() -> str:
    """6: a black cat, happily sleepy."""
    zz = (
        '<path d="M86 100 L94 100 L86 108 L94 108" fill="none" stroke="#0072B2" '
        'stroke-width="2.2" stroke-linejoin="round" stroke-linecap="round"/>'
    )
    return cat("#4a4350", "#231f27", eyes="happy", eye_colour="#ffffff", top=zz)


# ---- rats ---------------------------------------------------------------------------------


def rat(top: str = "", extra: str = "") -> str:
    """A friendly rat: big round ears, a pointed snout, whiskers and a curly tail."""
    fur, line = "#b3adb9", "#4a4450"
    return "".join(
        [
            f'<path d="M86 150 Q104 150 102 134 Q100 122 108 118" fill="none" stroke="{line}" '
            'stroke-width="3" stroke-linecap="round"/>',
            f'<circle cx="40" cy="108" r="12" fill="{fur}" stroke="{line}" stroke-width="2.5"/>'
            f'<circle cx="80" cy="108" r="12" fill="{fur}" stroke="{line}" stroke-width="2.5"/>'
            '<circle cx="40" cy="108" r="7" fill="#f2b8c6"/>'
            '<circle cx="80" cy="108" r="7" fill="#f2b8c6"/>',
            f'<path d="M36 122 Q36 104 60 104 Q84 104 84 122 Q84 138 60 156 Q36 138 36 122 Z" '
            f'fill="{fur}" stroke="{line}" stroke-width="2.5" stroke-linejoin="round"/>',
            extra,
            f'<circle cx="51" cy="124" r="3.6" fill="{INK}"/>'
            f'<circle cx="69" cy="124" r="3.6" fill="{INK}"/>'
            '<circle cx="52.2" cy="122.8" r="1.2" fill="#fff"/>'
            '<circle cx="70.2" cy="122.8" r="1.2" fill="#fff"/>',
            '<circle cx="60" cy="152" r="4" fill="#e0707a"/>',
            f'<path d="M54 146 L38 142 M54 149 L38 150 M66 146 L82 142 M66 149 L82 150" '
            f'stroke="{line}" stroke-width="1.6" stroke-linecap="round"/>',
            f'<path d="M55 139 Q60 143 65 139" fill="none" stroke="{line}" stroke-width="2" '
            'stroke-linecap="round"/>',
            top,
        ]
    )


def rat_card(value: int, picture: str) -> str:
    return svg(frame(RAT_FRAME) + corners(cheese, RAT_FRAME) + numeral(value) + picture)


def plain_rat() -> str:
    """7: a plain grey rat."""
    return rat()


def scarf_rat() -> str:
    """8: a rat with a striped scarf."""
    scarf = (
        '<path d="M44 140 Q60 150 76 140 L78 146 Q60 158 42 146 Z" fill="#009E73" '
        'stroke="#00573f" stroke-width="1.5"/>'
        '<path d="M50 144 L49 150 M60 147 L60 153 M70 144 L71 150" stroke="#fff" '
        'stroke-width="2"/>'
    )
    return rat(top=scarf)


def king_rat() -> str:
    """9: the King Rat, with a crown."""
    crown = (
        '<path d="M45 108 L43 92 L52 100 L60 89 L68 100 L77 92 L75 108 Z" fill="#F0E442" '
        'stroke="#8a6d00" stroke-width="2" stroke-linejoin="round"/>'
        '<circle cx="60" cy="101" r="3" fill="#D55E00"/><circle cx="51" cy="103" r="2.2" '
        'fill="#0072B2"/><circle cx="69" cy="103" r="2.2" fill="#0072B2"/>'
    )
    return rat(top=crown)


# ---- power cards and the back ---------------------------------------------------------------


def word(text: str, size: int = 30, y: int = 52) -> str:
    return (
        f'<text x="60" y="{y}" text-anchor="middle" font-family="{FONT}" font-size="{size}" '
        f'font-weight="bold" fill="{INK}">{text}</text>'
    )


def mini_card(x: float, y: float, rotate: float = 0, face: str = "") -> str:
    """A small face-down card (with an optional thing drawn on it) for the power pictures."""
    transform = f' transform="rotate({rotate} {x + 14} {y + 20})"' if rotate else ""
    return (
        f'<g{transform}><rect x="{x}" y="{y}" width="28" height="40" rx="4" fill="#56B4E9" '
        f'stroke="{POWER_FRAME}" stroke-width="2.5"/>{face}</g>'
    )


def power_card(label: str, picture: str, size: int = 30) -> str:
    return svg(frame(POWER_FRAME) + corners(lambda x, y, c: star(x, y, 8, c), POWER_FRAME)
               + word(label, size) + picture)  # fmt: skip


def peek_picture() -> str:
    """An eye looking at a card whose corner is lifted."""
    return (
        # the eye
        f'<path d="M30 86 Q60 64 90 86 Q60 108 30 86 Z" fill="#fff" stroke="{INK}" '
        'stroke-width="3"/>'
        f'<circle cx="60" cy="86" r="9" fill="#0072B2"/><circle cx="60" cy="86" r="4" '
        f'fill="{INK}"/>'
        # the card, one corner lifted to show a number under it
        '<rect x="40" y="108" width="40" height="50" rx="5" fill="#fff" stroke="#0072B2" '
        'stroke-width="2.5"/>'
        f'<text x="52" y="146" font-family="{FONT}" font-size="26" font-weight="bold" '
        f'fill="{INK}">?</text>'
        '<path d="M60 108 L80 108 L80 158 L74 158 Q64 132 60 108 Z" fill="#56B4E9" '
        'stroke="#0072B2" stroke-width="2.5" stroke-linejoin="round"/>'
        '<path d="M50 100 L56 106 M70 100 L64 106" stroke="#0072B2" stroke-width="2.5" '
        'stroke-linecap="round"/>'
    )


def swap_picture() -> str:
    """Two cards changing places, with curved arrows between them."""
    arrow = "#D55E00"
    return (
        mini_card(14, 102, -8)
        + mini_card(78, 102, 8)
        + f'<path d="M30 96 Q60 70 88 94" fill="none" stroke="{arrow}" stroke-width="4" '
        'stroke-linecap="round"/>'
        f'<path d="M80 94 L90 96 L88 86 Z" fill="{arrow}"/>'
        f'<path d="M90 150 Q60 176 32 152" fill="none" stroke="{arrow}" stroke-width="4" '
        'stroke-linecap="round"/>'
        f'<path d="M40 152 L30 150 L32 160 Z" fill="{arrow}"/>'
    )


def draw2_picture() -> str:
    """Two cards lifted off the DRAW pile, numbered 1 and 2."""
    counter = (
        '<circle cx="{x}" cy="{y}" r="9" fill="#fff" stroke="#D55E00" stroke-width="2.5"/>'
        '<text x="{x}" y="{ty}" text-anchor="middle" font-family="' + FONT + '" font-size="13" '
        'font-weight="bold" fill="' + INK + '">{n}</text>'
    )
    pile = "".join(
        f'<rect x="{36 + i * 2}" y="{128 - i * 3}" width="48" height="30" rx="4" fill="#56B4E9" '
        f'stroke="{POWER_FRAME}" stroke-width="2"/>'
        for i in range(3)
    )
    return (
        pile
        + mini_card(22, 72, -14, counter.format(x=36, y=92, ty=96.5, n=1))
        + mini_card(70, 72, 14, counter.format(x=84, y=92, ty=96.5, n=2))
        + '<path d="M50 118 L40 112 M70 118 L80 112" stroke="#D55E00" stroke-width="3" '
        'stroke-linecap="round"/>'
    )


def back() -> str:
    """The back: a blue paw-print pattern round a friendly cat-and-rat badge."""
    pattern = (
        '<defs><pattern id="paws" width="24" height="24" patternUnits="userSpaceOnUse">'
        '<rect width="24" height="24" fill="#0072B2"/>'
        + paw(12, 12, "#2f8fca")
        + "</pattern></defs>"
    )
    badge = (
        '<circle cx="60" cy="84" r="32" fill="#fff" stroke="#F0E442" stroke-width="5"/>'
        '<path d="M40 80 L42 58 L54 70 Z M80 80 L78 58 L66 70 Z" fill="#E69F00"/>'
        '<circle cx="60" cy="88" r="20" fill="#E69F00"/>'
        f'<circle cx="53" cy="85" r="3" fill="{INK}"/><circle cx="67" cy="85" r="3" '
        f'fill="{INK}"/><path d="M57 93 L63 93 L60 96 Z" fill="#e0707a"/>'
    )
    return svg(
        pattern + f'<rect x="3" y="3" width="{W - 6}" height="{H - 6}" rx="12" fill="url(#paws)" '
        f'stroke="#003f63" stroke-width="6"/>'
        + '<rect x="14" y="14" width="92" height="140" rx="8" fill="none" stroke="#fff" '
        'stroke-width="2.5" stroke-dasharray="6 4"/>' + badge
    )


def render_all() -> dict[str, str]:
    """Every card file's name and text."""
    cats = [liberty_cat, tabby_cat, bow_tie_cat, spotty_cat, glasses_cat, party_cat, sleepy_cat]
    rats = [plain_rat, scarf_rat, king_rat]
    files = {f"{value}.svg": cat_card(value, draw()) for value, draw in enumerate(cats)}
    files |= {f"{value}.svg": rat_card(value, draw()) for value, draw in enumerate(rats, 7)}
    files["peek.svg"] = power_card("PEEK", peek_picture())
    files["swap.svg"] = power_card("SWAP", swap_picture())
    files["draw2.svg"] = power_card("DRAW 2", draw2_picture(), size=24)
    # The power cards' words in Spanish (docs/languages.md): a Spanish child's page shows these.
    files["peek-es.svg"] = power_card("MIRA", peek_picture())
    files["swap-es.svg"] = power_card("CAMBIA", swap_picture(), size=24)
    files["draw2-es.svg"] = power_card("SACA 2", draw2_picture(), size=24)
    files["back.svg"] = back()
    return files


def main(argv: list[str]) -> int:
    files = render_all()
    if "--check" in argv:
        stale = [name for name, text in files.items() if _read(OUT / name) != text]
        for name in stale:
            print(f"static/cards/{name} differs from tools/make_cards.py; run it", file=sys.stderr)
        return 1 if stale else 0
    OUT.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (OUT / name).write_text(text, encoding="utf-8")
        print(f"static/cards/{name}: {len(text.encode())} bytes")
    return 0


def _read(path: Path) -> str | None:
    return path.read_text(encoding="utf-8") if path.exists() else None


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
