"""Rewrite the golden pictures after a deliberate change to how pictures look.

    python -m tests.pictures.regenerate

Open the new files and look at them before committing: a golden is only as right as the
eye that approved it.
"""

from __future__ import annotations

from tests.pictures.examples import GOLDEN, GOLDEN_DIR


def main() -> None:
    GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
    for name, (render, scene) in GOLDEN.items():
        path = GOLDEN_DIR / f"{name}.png"
        data = render(scene)
        path.write_bytes(data)
        print(f"{path}  {len(data):,} bytes")


if __name__ == "__main__":
    main()
