"""Rating history as plain SVG geometry, drawn by the template (no JavaScript needed)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Chart:
    width: int
    height: int
    points: str
    last_x: float
    last_y: float
    y_labels: list[tuple[float, int]]
    first_label: str
    last_label: str
    baseline_y: float | None


def rating_chart(values: list[float], first_label: str = "", last_label: str = "",
                 width: int = 560, height: int = 160, pad: int = 36) -> Chart | None:
    """A polyline through the ratings after each game, with the start (1500) as the first point."""
    if not values:
        return None
    series = [1500.0, *values]
    low, high = min(series), max(series)
    if high - low < 20:
        mid = (high + low) / 2
        low, high = mid - 10, mid + 10
    inner_w, inner_h = width - 2 * pad, height - 2 * 12

    def x(i: int) -> float:
        return round(pad + inner_w * i / max(len(series) - 1, 1), 1)

    def y(v: float) -> float:
        return round(12 + inner_h * (high - v) / (high - low), 1)

    points = " ".join(f"{x(i)},{y(v)}" for i, v in enumerate(series))
    labels = [(y(high), round(high)), (y(low), round(low))]
    baseline = y(1500.0) if low < 1500 < high else None
    return Chart(width, height, points, x(len(series) - 1), y(series[-1]), labels, first_label, last_label, baseline)
