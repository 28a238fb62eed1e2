"""PNG charts of sweeps and impact runs (matplotlib, the optional `plot` extra): lines
over one axis, heat maps over two; the heat maps of impact's changes and of its
deck-against-deck matchups."""
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
    return _finished(plt, fig, ax, image, folder / "impact.png")


def write_matchups_chart(report: dict, folder) -> Path:
    """matchups.png: a heat map of each deck's win rate against each, 50% white."""
    plt = _pyplot()
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    decks, cells = report["decks"], report["matchups"]
    data = [[100 * cells[a][b]["rate"] for b in decks] for a in decks]
    fig, ax = plt.subplots(figsize=(1.3 * len(decks) + 3, 1.0 * len(decks) + 1.8))
    bound = max([abs(x - 50) for line in data for x in line] or [1]) or 1
    image = ax.imshow(data, cmap="RdBu", vmin=50 - bound, vmax=50 + bound, aspect="auto")
    for i, a in enumerate(decks):
        for j, b in enumerate(decks):
            mark = "*" if cells[a][b]["significant"] else ""
            dark = abs(data[i][j] - 50) > 0.6 * bound
            ax.text(j, i, f"{data[i][j]:.1f}{mark}", ha="center", va="center", fontsize=9,
                    color="white" if dark else "black")
    ax.set_xticks(range(len(decks)), [f"vs {b}" for b in decks], rotation=30, ha="right")
    ax.set_yticks(range(len(decks)), decks)
    ax.set_title(f"{report['pack']}: the row's deck wins (%), {report['games']} games a seating")
    return _finished(plt, fig, ax, image, folder / "matchups.png")


def _finished(plt, fig, ax, image, path: Path) -> Path:
    """A heat map with its colour scale, written to `path`."""
    fig.colorbar(image, ax=ax)
    fig.tight_layout()
    path = _save(fig, path)
    plt.close(fig)
    return path
