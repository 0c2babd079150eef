"""What the app sends by email, and whether it can: invitations, confirmations, password
links and notices, as plain text rendered from templates/mail/.

Nothing is sent unless MAIL_SERVER is set (a laptop classroom has no mail server); the pages
then offer what works without email (docs/security.md, "Email").
"""

from __future__ import annotations

import logging
import smtplib
import threading
from typing import Any

from flask import current_app, render_template
from flask_mailman import EmailMessage

log = logging.getLogger(__name__)


def mail_configured() -> bool:
    """Does this installation send email?"""
    return bool(current_app.config.get("MAIL_SERVER"))


def awaiting_confirmation(teacher: Any) -> bool:
    """Is this teacher's address still unproven where mail could prove it?"""
    return teacher.email_confirmed_at is None and mail_configured()


def link(endpoint: str, **values: Any) -> str:
    """An absolute link for an email, from PUBLIC_URL only (the app does not start with mail
    and without it, settings.check_public_url): never from the request's Host header, which
    whoever asks for someone's password reset could choose. "" without PUBLIC_URL."""
    base = current_app.config.get("PUBLIC_URL")
    if not base:
        return ""
    path = current_app.url_map.bind("localhost").build(endpoint, values)
    return str(base).rstrip("/") + path


def send(to: str, subject: str, template: str, *, wait: bool = True, **context: Any) -> bool:
    """Send one email from templates/mail/TEMPLATE.txt; False (and a log line) if it failed.

    A mail server that is down never makes a page fail: the page says what to do instead.
    With wait=False the mail goes from a thread of its own and the answer is True: for a page
    whose timing must not tell whether there was anything to send (a password reset for an
    address that may have no account)."""
    if not mail_configured():
        return False
    body = render_template(f"mail/{template}.txt", **context)
    message = EmailMessage(
        subject=subject,
        body=body,
        from_email=current_app.config.get("MAIL_DEFAULT_SENDER"),
        to=[to],
    )
    if wait:
        return deliver(message)
    app = current_app._get_current_object()  # type: ignore[attr-defined]

    def in_background() -> None:
        with app.app_context():
            deliver(message)

    threading.Thread(target=in_background, name="send-mail", daemon=True).start()
    return True


def deliver(message: EmailMessage) -> bool:
    """Hand one message to the mail server."""
    try:
        message.send()
    except (OSError, smtplib.SMTPException):
        log.exception("Could not send %r", message.subject)
        return False
    return True
