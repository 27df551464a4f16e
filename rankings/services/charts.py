"""Rating history as plain SVG geometry, drawn by the template (no JavaScript needed)."""

from __future__ import annotations

from dataclasses import dataclass


def svg_number(value: float) -> str:
    """A coordinate as SVG reads it: a decimal point whatever the page's language (a template
    would print 12,5 on a German page)."""
    return f"{value:.1f}".removesuffix(".0")


@dataclass
class Chart:
    """Coordinates are strings in SVG's own number format, ready for the template."""

    width: int
    height: int
    points: str
    last_x: str
    last_y: str
    y_labels: list[tuple[str, int]]
    first_label: str
    last_label: str
    baseline_y: str | None


def rating_chart(
    values: list[float], first_label: str = "", last_label: str = "", width: int = 560, height: int = 160, pad: int = 36
) -> Chart | None:
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

    n = svg_number
    points = " ".join(f"{n(x(i))},{n(y(v))}" for i, v in enumerate(series))
    labels = [(n(y(high)), round(high)), (n(y(low)), round(low))]
    baseline = n(y(1500.0)) if low < 1500 < high else None
    return Chart(
        width, height, points, n(x(len(series) - 1)), n(y(series[-1])), labels, first_label, last_label, baseline
    )
