"""Charts of a batch summary as SVG, drawn in the page (no script, no image files):
rates with their 95% intervals, and histograms of game length. The figures are the
summary's own (play/stats.py), the ones `cardtable simulate` prints."""
from __future__ import annotations

from markupsafe import Markup, escape

BAR = 22            # the height of a row of a rate chart
LABEL = 190         # the width of its labels
WIDTH = 640


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def rates(rows: list[tuple[str, dict]], even: float | None = None, title: str = "", key: str = "rate") -> Markup:
    """Horizontal bars of rates (0 to 1), each with its interval (`low`, `high`), and a
    dashed line at the even share when given."""
    plot = WIDTH - LABEL - 70
    height = BAR * len(rows) + 46
    x = lambda v: LABEL + plot * max(0.0, min(1.0, v))     # noqa: E731
    out = [f'<svg class="chart" role="img" width="{WIDTH}" height="{height}" viewBox="0 0 {WIDTH} {height}" '
           f'xmlns="http://www.w3.org/2000/svg"><title>{escape(title)}</title>']
    for i, (label, r) in enumerate(rows):
        y = 24 + i * BAR
        rate, low, high = r[key], r["low"], r["high"]
        out.append(f'<g class="row" data-label="{escape(label)}" data-rate="{rate}" data-low="{low}" data-high="{high}">'
                   f'<text x="{LABEL - 8}" y="{y + 15}" text-anchor="end">{escape(label)}</text>'
                   f'<rect x="{LABEL}" y="{y + 3}" width="{x(rate) - LABEL:.1f}" height="{BAR - 8}" fill="#4c72b0"/>'
                   f'<line x1="{x(low):.1f}" x2="{x(high):.1f}" y1="{y + BAR / 2:.1f}" y2="{y + BAR / 2:.1f}" '
                   f'stroke="#222" stroke-width="1.5"/>'
                   f'<line x1="{x(low):.1f}" x2="{x(low):.1f}" y1="{y + 6}" y2="{y + BAR - 6}" stroke="#222"/>'
                   f'<line x1="{x(high):.1f}" x2="{x(high):.1f}" y1="{y + 6}" y2="{y + BAR - 6}" stroke="#222"/>'
                   f'<text x="{LABEL + plot + 6}" y="{y + 15}">{_pct(rate)}</text></g>')
    axis = 24 + len(rows) * BAR
    for tick in (0, 0.25, 0.5, 0.75, 1):
        out.append(f'<line x1="{x(tick):.1f}" x2="{x(tick):.1f}" y1="20" y2="{axis}" stroke="#ddd"/>'
                   f'<text x="{x(tick):.1f}" y="{axis + 14}" text-anchor="middle">{int(tick * 100)}%</text>')
    if even is not None:
        out.append(f'<line class="even" x1="{x(even):.1f}" x2="{x(even):.1f}" y1="18" y2="{axis}" stroke="#c44e52" '
                   f'stroke-dasharray="4 3"/><text x="{x(even) + 4:.1f}" y="14" fill="#c44e52">even share '
                   f'{_pct(even)}</text>')
    out.append("</svg>")
    return Markup("".join(out))


def histogram(dist: dict, what: str) -> Markup:
    """A histogram of a length (`histogram`: [first, last, games] bins) with its mean."""
    bins = dist["histogram"]
    width, height, left, bottom = 420, 220, 40, 30
    plot_w, plot_h = width - left - 10, height - bottom - 20
    most = max((b[2] for b in bins), default=1) or 1
    lo, hi = (bins[0][0], bins[-1][1] + 1) if bins else (0, 1)
    x = lambda v: left + plot_w * (v - lo) / max(1, hi - lo)    # noqa: E731
    out = [f'<svg class="chart" role="img" width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
           f'xmlns="http://www.w3.org/2000/svg"><title>{escape(what)} a game</title>']
    for first, last, games in bins:
        h = plot_h * games / most
        out.append(f'<rect class="bin" data-from="{first}" data-to="{last}" data-games="{games}" x="{x(first):.1f}" '
                   f'y="{20 + plot_h - h:.1f}" width="{max(1.0, x(last + 1) - x(first) - 1):.1f}" height="{h:.1f}" '
                   f'fill="#55a868"><title>{first} to {last}: {games} game{"s" if games != 1 else ""}</title></rect>')
    mean = dist["mean"]
    out.append(f'<line x1="{x(mean):.1f}" x2="{x(mean):.1f}" y1="16" y2="{20 + plot_h}" stroke="#c44e52" '
               f'stroke-dasharray="4 3"/><text x="{x(mean) + 4:.1f}" y="14" fill="#c44e52">mean {mean:.1f}</text>')
    out.append(f'<line x1="{left}" x2="{left + plot_w}" y1="{20 + plot_h}" y2="{20 + plot_h}" stroke="#222"/>'
               f'<text x="{left}" y="{height - 8}">{lo}</text>'
               f'<text x="{left + plot_w}" y="{height - 8}" text-anchor="end">{hi - 1}</text>'
               f'<text x="{left + plot_w / 2:.0f}" y="{height - 8}" text-anchor="middle">{escape(what)} a game</text>'
               f'<text x="4" y="28">{most}</text></svg>')
    return Markup("".join(out))


def differences(rows: list[dict]) -> Markup:
    """Compare's differences (B - A) of the rates, each with its interval, around 0."""
    rows = [r for r in rows if r["measure"] not in ("turns", "decisions")]
    plot = WIDTH - LABEL - 80
    height = BAR * len(rows) + 46
    span = max([0.05, *(max(abs(r["low"]), abs(r["high"])) for r in rows)])
    x = lambda v: LABEL + plot * (0.5 + v / (2 * span))     # noqa: E731
    out = [f'<svg class="chart" role="img" width="{WIDTH}" height="{height}" viewBox="0 0 {WIDTH} {height}" '
           f'xmlns="http://www.w3.org/2000/svg"><title>B - A, with 95% intervals</title>']
    for i, r in enumerate(rows):
        y = 24 + i * BAR
        d = r["difference"]
        colour = "#c44e52" if r["significant"] else "#4c72b0"
        out.append(f'<g class="row" data-label="{escape(r["measure"])}" data-difference="{d}">'
                   f'<text x="{LABEL - 8}" y="{y + 15}" text-anchor="end">{escape(r["measure"])}</text>'
                   f'<line x1="{x(r["low"]):.1f}" x2="{x(r["high"]):.1f}" y1="{y + 11}" y2="{y + 11}" '
                   f'stroke="{colour}" stroke-width="3"/><circle cx="{x(d):.1f}" cy="{y + 11}" r="4" fill="{colour}"/>'
                   f'<text x="{LABEL + plot + 6}" y="{y + 15}">{100 * d:+.1f}%</text></g>')
    axis = 24 + len(rows) * BAR
    out.append(f'<line x1="{x(0):.1f}" x2="{x(0):.1f}" y1="18" y2="{axis}" stroke="#222"/>'
               f'<text x="{x(-span):.1f}" y="{axis + 14}">{-100 * span:.0f}%</text>'
               f'<text x="{x(0):.1f}" y="{axis + 14}" text-anchor="middle">0</text>'
               f'<text x="{x(span):.1f}" y="{axis + 14}" text-anchor="end">+{100 * span:.0f}%</text></svg>')
    return Markup("".join(out))
