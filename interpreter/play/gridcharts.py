"""PNG charts of sweeps and impact runs (matplotlib, the optional `plot` extra): lines
over one axis, heat maps over two."""
from __future__ import annotations

from pathlib import Path

from .charts import _save, check_plotting

MEASURES = (("fairness", "fairness (1: even)"), ("first_player", "first player wins (%)"),
            ("turns", "turns a game"), ("decisiveness", "decisiveness"))


def _pyplot():
    check_plotting()
    import matplotlib
    matplotlib.use("Agg")
    from matplotlib import pyplot as plt
    return plt


def _value(point: dict, key: str):
    v = point[key]
    if v is None:
        return float("nan")
    return 100 * v if key == "first_player" else v


def write_sweep_chart(report: dict, folder) -> Path:
    """sweep.png: each measure over the axis (one axis), or as a heat map (two axes)."""
    plt = _pyplot()
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    axes, points = report["axes"], report["points"]
    fig, grid = plt.subplots(2, 2, figsize=(10, 7))
    if len(axes) == 1:
        xs = [str(p["point"][axes[0]]) for p in points]
        for ax, (key, title) in zip(grid.flat, MEASURES):
            ax.plot(xs, [_value(p, key) for p in points], marker="o", color="#4c72b0")
            if key == "first_player":
                ax.fill_between(xs, [100 * p["first_low"] for p in points], [100 * p["first_high"] for p in points],
                                color="#4c72b0", alpha=0.2, label="95% interval")
                ax.axhline(100 / report["players"], color="#c44e52", linestyle="--", linewidth=1, label="even")
                ax.legend()
            ax.set_xlabel(axes[0])
            ax.set_title(title)
    else:
        rows = list(dict.fromkeys(p["point"][axes[0]] for p in points))
        cols = list(dict.fromkeys(p["point"][axes[1]] for p in points))
        at = {(p["point"][axes[0]], p["point"][axes[1]]): p for p in points}
        for ax, (key, title) in zip(grid.flat, MEASURES):
            data = [[_value(at[(r, c)], key) for c in cols] for r in rows]
            image = ax.imshow(data, cmap="viridis", aspect="auto")
            ax.set_xticks(range(len(cols)), [str(c) for c in cols])
            ax.set_yticks(range(len(rows)), [str(r) for r in rows])
            ax.set_xlabel(axes[1])
            ax.set_ylabel(axes[0])
            ax.set_title(title)
            fig.colorbar(image, ax=ax)
    fig.suptitle(f"{report['pack']} {report['version']}: {report['games']} games a point, the same seeds")
    fig.tight_layout()
    path = _save(fig, folder / "sweep.png")
    plt.close(fig)
    return path


def write_impact_chart(report: dict, folder) -> Path:
    """impact.png: a heat map of the change in each seat's win rate, a row a subject."""
    plt = _pyplot()
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    rows, seats = report["rows"], report["seat_names"]
    data = [[100 * row["seats"][s]["difference"] if s in row["seats"] else float("nan") for s in seats]
            for row in rows]
    fig, ax = plt.subplots(figsize=(2.2 * len(seats) + 3, 0.4 * len(rows) + 1.8))
    bound = max([abs(x) for line in data for x in line if x == x] or [1])
    image = ax.imshow(data, cmap="RdBu", vmin=-bound, vmax=bound, aspect="auto")
    for i, line in enumerate(data):
        for j, x in enumerate(line):
            if x == x:
                mark = "*" if rows[i]["seats"][seats[j]]["significant"] else ""
                ax.text(j, i, f"{x:+.1f}{mark}", ha="center", va="center", fontsize=8)
    ax.set_xticks(range(len(seats)), [f"{s} wins" for s in seats])
    ax.set_yticks(range(len(rows)), [row["subject"] for row in rows])
    ax.set_title(f"{report['pack']}: change in win rate (points of %) {report['how']}")
    fig.colorbar(image, ax=ax)
    fig.tight_layout()
    path = _save(fig, folder / "impact.png")
    plt.close(fig)
    return path
