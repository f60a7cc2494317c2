#!/bin/sh
# Install (or upgrade) Train Companion on Raspberry Pi OS Bookworm, 64-bit, Pi 4 or Pi 5.
#
#   git clone <this repository> train-companion && cd train-companion
#   sudo sh tools/install-pi.sh
#
# What it does, in order (docs/build.md, "Install"): installs the camera and GPIO libraries
# from apt; makes the virtual environment /opt/train-companion with --system-site-packages,
# so it sees apt's picamera2 and lgpio; pins numpy to the very version apt's picamera2 and
# simplejpeg were built for (a newer numpy in the venv makes `import picamera2` fail) and
# OpenCV to a release that works with it; installs the companion, the docs, the config,
# the udev rule and the systemd unit; then runs `train-companion doctor`.
# Running it again upgrades in place and keeps /etc/train-companion/config.toml.
set -eu

PREFIX=/opt/train-companion
ETC=/etc/train-companion
DOCS=/usr/local/share/doc/train-companion
USER_NAME=train-companion
SOURCE=$(cd "$(dirname "$0")/.." && pwd)

say() { printf '\n== %s\n' "$*"; }

if [ "$(id -u)" != 0 ]; then
    echo "install-pi.sh: run it as root: sudo sh $0" >&2
    exit 1
fi
if [ ! -f "$SOURCE/pyproject.toml" ]; then
    echo "install-pi.sh: run it from a checkout of the repository ($SOURCE has no pyproject.toml)" >&2
    exit 1
fi

say "apt: Python, the camera (picamera2), GPIO (lgpio) and numpy from Raspberry Pi OS"
apt-get update
# --no-install-recommends: on Raspberry Pi OS Lite, picamera2 would otherwise bring a desktop
apt-get install -y --no-install-recommends \
    python3-venv python3-pip python3-numpy python3-picamera2 python3-lgpio

say "the service's user"
if ! id "$USER_NAME" >/dev/null 2>&1; then
    useradd --system --home-dir /var/lib/train-companion --shell /usr/sbin/nologin \
        --groups gpio,dialout,video "$USER_NAME"
fi
install -d -o "$USER_NAME" -g "$USER_NAME" -m 0750 /var/lib/train-companion

say "the virtual environment in $PREFIX, with the system's packages visible"
if [ ! -x "$PREFIX/bin/python" ]; then
    /usr/bin/python3 -m venv --system-site-packages "$PREFIX"
fi
# The numpy the system's picamera2 was built for; the venv must use that one, not a wheel.
NUMPY=$(/usr/bin/python3 -c 'import numpy; print(numpy.__version__)')
CONSTRAINTS=$(mktemp)
trap 'rm -f "$CONSTRAINTS"' EXIT
echo "numpy==$NUMPY" >"$CONSTRAINTS"
case "$NUMPY" in
    1.*) echo "opencv-python-headless<4.12" >>"$CONSTRAINTS" ;;  # 4.12 and later need numpy 2
esac
echo "keeping apt's numpy $NUMPY; constraints: $(tr '\n' ' ' <"$CONSTRAINTS")"
# mpremote copies the centerpiece's firmware onto the Pico (docs/build.md, "The Pico")
"$PREFIX/bin/pip" install --quiet --upgrade --constraint "$CONSTRAINTS" "$SOURCE" mpremote

ln -sf "$PREFIX/bin/train-companion" /usr/local/bin/train-companion

say "check: the venv imports apt's picamera2 with the same numpy"
"$PREFIX/bin/python" - <<'EOF'
import numpy
print("numpy", numpy.__version__, "from", numpy.__file__)
try:
    import picamera2
except Exception as error:  # the failure this script exists to prevent
    raise SystemExit(f"picamera2 does not import in the venv: {type(error).__name__}: {error}")
print("picamera2 imports")
import cv2
print("OpenCV", cv2.__version__)
EOF

say "docs, config, udev rule and the systemd unit"
install -d "$DOCS"
cp -r "$SOURCE"/docs/* "$DOCS"/
install -d -m 0755 "$ETC"
if [ ! -f "$ETC/config.toml" ]; then
    install -m 0640 -g "$USER_NAME" "$SOURCE/config.example.toml" "$ETC/config.toml"
    echo "wrote $ETC/config.toml: edit the PIN and the seats there"
else
    echo "kept your $ETC/config.toml"
fi
install -m 0644 "$SOURCE/systemd/99-centerpiece.rules" /etc/udev/rules.d/
udevadm control --reload
udevadm trigger
install -m 0644 "$SOURCE/systemd/train-companion.service" /etc/systemd/system/
systemctl daemon-reload

say "doctor, as the service's user (the service is stopped, so every part can be checked)"
systemctl stop train-companion 2>/dev/null || true
runuser -u "$USER_NAME" -- "$PREFIX/bin/train-companion" doctor --config "$ETC/config.toml" \
    --data-dir /var/lib/train-companion || true

cat <<EOF

Installed $("$PREFIX/bin/train-companion" --version).
Next: fix anything the doctor marked FAIL, calibrate the camera over the mat
(docs/build.md, "Calibrate"), then start the service:

    sudo systemctl enable --now train-companion
EOF
