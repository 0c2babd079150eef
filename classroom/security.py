"""Security headers on every response, secure cookies whenever a request came over HTTPS, and
the CSRF token forms carry, signed once a session."""

from __future__ import annotations

import re

from flask import Flask, Response, abort, current_app, g, request, session
from flask.sessions import SecureCookieSessionInterface
from flask_wtf.csrf import generate_csrf
from itsdangerous import URLSafeTimedSerializer
from werkzeug.middleware.proxy_fix import ProxyFix
from werkzeug.routing import IntegerConverter, Map

# Every id column is a 32-bit INTEGER (PostgreSQL's range; SQLite's is wider). An id in a URL
# outside it cannot name a row, and PostgreSQL refuses even to compare a column with it.
LARGEST_ID = 2**31 - 1

# No inline script or style anywhere: everything comes from /static.
CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)

HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
    "Cross-Origin-Opener-Policy": "same-origin",
}


class HttpsAwareSessionInterface(SecureCookieSessionInterface):
    """Signed-cookie sessions whose cookie is marked Secure whenever the request is HTTPS."""

    def __init__(self) -> None:
        self._serializers: dict[tuple[object, ...], URLSafeTimedSerializer] = {}

    def get_cookie_secure(self, app: Flask) -> bool:
        return bool(app.config["SESSION_COOKIE_SECURE"]) or request.is_secure

    def get_signing_serializer(self, app: Flask) -> URLSafeTimedSerializer | None:
        """Flask's serializer, made once for each secret key rather than at every request
        (making one tries a value on its JSON: about 1 % of the server's CPU at a child's
        pace, docs/performance.md, "Lines drawn once")."""
        if not app.secret_key:
            return None
        fallbacks = tuple(app.config.get("SECRET_KEY_FALLBACKS") or ())
        key = (app.secret_key, fallbacks, self.salt, self.key_derivation, self.digest_method)
        kept = self._serializers.get(key)
        if kept is None:
            kept = super().get_signing_serializer(app)
            assert kept is not None
            self._serializers = {key: kept}  # a new key: the old one's serializer goes
        return kept


# Signed CSRF tokens kept, by secret key and the session's own token (csrf_for_forms).
_SIGNED_TOKENS: dict[tuple[object, str], str] = {}
SIGNED_TOKENS_KEPT = 4096


def csrf_for_forms() -> str:
    """The CSRF token for the forms a table's page draws, as Flask-WTF's generate_csrf gives
    it, but signed once for each session in this process: with no time limit (WTF_CSRF_TIME_LIMIT
    None) a token signed earlier for the same session is exactly as valid as a new one, and
    signing it at every move and page was 2 % of the server's CPU at a child's pace
    (docs/performance.md, "The server's answer looked at before waiting for it"). With a time
    limit every request signs its own, as Flask-WTF does. Used by the table's views (its
    pages, moves and streams: nearly every request of a class at play); other pages, fewer
    and with Flask-WTF forms of their own, sign as Flask-WTF does."""
    field = current_app.config.get("WTF_CSRF_FIELD_NAME", "csrf_token")
    if current_app.config.get("WTF_CSRF_TIME_LIMIT") is not None or field in g:
        return str(generate_csrf())
    # Flask-WTF signs with WTF_CSRF_SECRET_KEY where it is set, else the app's secret key.
    secret = current_app.config.get("WTF_CSRF_SECRET_KEY") or current_app.secret_key
    raw = session.get(field)
    signed = _SIGNED_TOKENS.get((secret, raw)) if isinstance(raw, str) else None
    if signed is None:
        signed = str(generate_csrf())  # makes the session's own token if it had none
        if len(_SIGNED_TOKENS) >= SIGNED_TOKENS_KEPT:
            _SIGNED_TOKENS.clear()  # a school's sessions in a day: rarely reached, cheap to redo
        _SIGNED_TOKENS[(secret, session[field])] = signed
    setattr(g, field, signed)  # where generate_csrf (a FlaskForm's token) looks first
    return signed


# C0 control characters other than tab and newlines: never typed by a person, and NUL cannot
# even be stored by PostgreSQL. One check here covers every form and URL of the app.
CONTROL_CHARACTERS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
CONTROL_CHARACTER_WORDS = (
    "Something you typed or pasted holds a hidden character that cannot be saved (one that "
    "shows as nothing on screen), so nothing was changed. Please go back, type that field again "
    "rather than pasting it, and try again."
)


def digits_up_to(largest: int) -> str:
    """A regular expression for the whole numbers 0..largest (in as many digits as largest
    has at most): shorter numbers, then each digit of largest lowered with any digits after."""
    top = str(largest)
    shorter = f"[0-9]{{1,{len(top) - 1}}}" if len(top) > 1 else None
    below = [
        f"{top[:i]}[0-{int(d) - 1}][0-9]{{{len(top) - i - 1}}}"
        for i, d in enumerate(top)
        if d != "0"
    ]
    return "(?:" + "|".join([p for p in (shorter, *below) if p] + [top]) + ")"


class RowIdConverter(IntegerConverter):
    """`<int:...>` in every route: a whole number an id column can hold, else the route does
    not match: a 404 on both databases, not a 500 on PostgreSQL. The bound is in the pattern,
    not only in to_python: werkzeug answers 405 when a path fails a converter but another
    method's rule has the same shape."""

    regex = digits_up_to(LARGEST_ID)

    def __init__(self, map: Map, *args: object, **kwargs: object) -> None:
        kwargs.setdefault("max", LARGEST_ID)
        super().__init__(map, *args, **kwargs)  # type: ignore[arg-type]


def reject_control_characters() -> None:
    values = [request.path, *request.args.values()]
    if request.method == "POST":
        values += [v for key in request.form for v in (key, *request.form.getlist(key))]
    if any(CONTROL_CHARACTERS.search(v) for v in values):
        # Said plainly: the typed text is lost, and the teacher must know what to change (a
        # character pasted from elsewhere that shows as nothing on screen).
        abort(400, CONTROL_CHARACTER_WORDS)


def add_security_headers(response: Response) -> Response:
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    if request.endpoint != "static":
        # Every page but the static files may hold a child's name or data (a class, a child,
        # a dashboard, a report, a CSV, the cards, a board): no browser or proxy keeps a copy
        # for the next person at a shared computer.
        response.headers["Cache-Control"] = "no-store"
    if request.is_secure:
        response.headers.setdefault("Strict-Transport-Security", "max-age=31536000")
    return response


def init_app(app: Flask) -> None:
    app.session_interface = HttpsAwareSessionInterface()
    # Before any blueprint is registered, so that every route's <int:...> is bounded.
    app.url_map.converters["int"] = RowIdConverter
    app.before_request(reject_control_characters)
    app.after_request(add_security_headers)
    proxies = int(app.config.get("TRUSTED_PROXIES") or 0)
    if proxies:
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=proxies
        )
