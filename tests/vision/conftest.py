from pathlib import Path

import pytest

pytest.importorskip("cv2")

REAL = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "realphotos-dev"


@pytest.fixture
def real_dir() -> Path:
    if not (REAL / "labels.csv").is_file():
        pytest.skip("the real dev photos (../shared/data/realphotos-dev) are not here")
    return REAL
