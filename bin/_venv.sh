# Sourced by bin/run and bin/test: make sure .venv exists and holds the project with its pins.
# Usage: ensure_venv [extra]   (extra is "" for the app, "dev" for the test tools)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$ROOT/.venv"

ensure_venv() {
    local extra="${1:-}"
    local python="${PYTHON:-python3.11}"
    if ! command -v "$python" >/dev/null 2>&1; then
        echo "error: $python not found; install Python 3.11 or set PYTHON=/path/to/python3.11" >&2
        exit 1
    fi
    if [ ! -x "$VENV/bin/python" ]; then
        echo "==> creating $VENV with $python"
        "$python" -m venv "$VENV"
    fi
    # Reinstall only when pyproject.toml (or the wanted extra) changed since the last install.
    local want stamp="$VENV/.installed-${extra:-app}"
    want="$(sha256sum "$ROOT/pyproject.toml" | cut -d' ' -f1)"
    if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
        echo "==> installing the project${extra:+ with [$extra]} into .venv"
        "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check --upgrade pip
        local target="$ROOT"
        [ -n "$extra" ] && target="$ROOT[$extra]"
        "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check -e "$target"
        echo "$want" > "$stamp"
    fi
    export PATH="$VENV/bin:$PATH"
    export FLASK_APP=classroom
}
