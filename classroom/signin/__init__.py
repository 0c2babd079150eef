"""Child sign-in by pictures: class page by join code or QR, own picture, secret pictures."""

from classroom.signin.views import bp

__all__ = ["bp"]
