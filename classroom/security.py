"""Security headers on every response, and secure cookies whenever a request came over HTTPS."""

from __future__ import annotations

import re

from flask import Flask, Response, abort, request
from flask.sessions import SecureCookieSessionInterface
from werkzeug.middleware.proxy_fix import ProxyFix

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

    def get_cookie_secure(self, app: Flask) -> bool:
        return bool(app.config["SESSION_COOKIE_SECURE"]) or request.is_secure


# C0 control characters other than tab and newlines: never typed by a person, and NUL cannot
# even be stored by PostgreSQL. One check here covers every form and URL of the app.
CONTROL_CHARACTERS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def reject_control_characters() -> None:
    values = [request.path, *request.args.values()]
    if request.method == "POST":
        values += [v for key in request.form for v in (key, *request.form.getlist(key))]
    if any(CONTROL_CHARACTERS.search(v) for v in values):
        abort(400)


def add_security_headers(response: Response) -> Response:
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    if request.is_secure:
        response.headers.setdefault("Strict-Transport-Security", "max-age=31536000")
    return response


def init_app(app: Flask) -> None:
    app.session_interface = HttpsAwareSessionInterface()
    app.before_request(reject_control_characters)
    app.after_request(add_security_headers)
    proxies = int(app.config.get("TRUSTED_PROXIES") or 0)
    if proxies:
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=proxies
        )
