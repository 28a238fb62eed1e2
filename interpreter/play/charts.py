"""PNG charts of a batch summary (matplotlib, the optional `plot` extra)."""
from __future__ import annotations

import io
from pathlib import Path

from ..outfiles import write_output


class ChartError(Exception):
    """Charts cannot be drawn here; the message says what to install."""


def check_plotting() -> None:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise ChartError("--plot draws its charts with matplotlib, which is not installed: "
                         "pip install 'cardtable[plot]'") from None


def write_charts(summary: dict, folder) -> list[Path]:
    """Writes win_rates.png and game_length.png into `folder`; returns their paths."""
    check_plotting()
    import matplotlib
    matplotlib.use("Agg")
    from matplotlib import pyplot as plt

    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    title = f"{summary['pack']} {summary['version']}, {summary['games']} games"
    written = []

    rows = [(f"seat {r['seat']}", r) for r in summary["seats"]]
    rows += [(f"team {r['team']}", r) for r in summary.get("teams", [])]
    if len(summary["by_agent"]) > 1:
        rows += [(f"agent {r['agent']}", r) for r in summary["by_agent"]]
    rows.append(("draws", summary["draws"]))
    if "lost" in summary:
        rows.append(("lost by every player", summary["lost"]))
    rows.append(("first player", summary["first_player"]))
    fig, ax = plt.subplots(figsize=(8, 0.5 * len(rows) + 1.6))
    labels = [label for label, _ in rows]
    rates = [100 * r["rate"] for _, r in rows]
    below = [100 * (r["rate"] - r["low"]) for _, r in rows]
    above = [100 * (r["high"] - r["rate"]) for _, r in rows]
    ax.barh(range(len(rows)), rates, xerr=[below, above], color="#4c72b0", ecolor="#222222", capsize=4)
    ax.axvline(100 * summary["first_player"]["even"], color="#c44e52", linestyle="--", linewidth=1,
               label="even share")
    ax.set_yticks(range(len(rows)), labels)
    ax.invert_yaxis()
    ax.set_xlim(0, 100)
    ax.set_xlabel("win rate (%), with its 95% interval")
    ax.set_title(title)
    ax.legend(loc="lower right")
    fig.tight_layout()
    written.append(_save(fig, folder / "win_rates.png"))
    plt.close(fig)

    fig, axes = plt.subplots(1, 2, figsize=(10, 4))
    for ax, key in zip(axes, ("turns", "decisions")):
        d = summary["length"][key]
        starts = [b[0] for b in d["histogram"]]
        widths = [b[1] - b[0] + 1 for b in d["histogram"]]
        ax.bar(starts, [b[2] for b in d["histogram"]], width=widths, align="edge", color="#55a868",
               edgecolor="#222222")
        ax.axvline(d["mean"], color="#c44e52", linestyle="--", linewidth=1, label=f"mean {d['mean']:.1f}")
        ax.set_xlabel(key + " a game")
        ax.set_ylabel("games")
        ax.legend()
    fig.suptitle(f"Game length: {title}")
    fig.tight_layout()
    written.append(_save(fig, folder / "game_length.png"))
    plt.close(fig)
    return written


def _save(fig, path: Path) -> Path:
    # Drawn in memory, then written as every output is (a chart is never left half-written).
    # No date in the file, so the same games give the same bytes.
    png = io.BytesIO()
    fig.savefig(png, format="png", dpi=100, metadata={"Software": None})
    write_output(str(path), png.getvalue(), "the charts")
    return path
