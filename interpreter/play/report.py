"""A batch summary written for people (table), for programs (json) and for
spreadsheets (csv)."""
from __future__ import annotations

import csv
import io
import json

CARDS_SHOWN = 15


def as_json(summary: dict) -> str:
    return json.dumps(summary, indent=2, ensure_ascii=False)


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _interval(row: dict) -> str:
    return f"{_pct(row['low'])} - {_pct(row['high'])}"


def _agents_line(summary: dict) -> str:
    agents = summary["agents"]
    if len(agents) == 1:
        return f"agents: {agents[0]} in every seat"
    how = "changing seats every game" if summary["rotate"] else "in fixed seats"
    return f"agents: {', '.join(agents)} ({how})"


def _none_won(s: dict) -> str:
    """Why fairness is not measured: no game was won; the others were drawn, or (a game of
    one side) lost by every player."""
    drawn, lost = s["draws"]["count"], s.get("lost", {}).get("count", 0)
    if not lost:
        return "no game was won, every one was drawn"
    if not drawn:
        return "no game was won, every one was lost by every player"
    return f"no game was won: {drawn} drawn, {lost} lost by every player"


def as_table(summary: dict) -> str:
    s = summary
    last = s["seed"] + s["games"] - 1
    ruleset = f" (ruleset {s['ruleset']})" if s.get("ruleset") else ""
    lines = [f"{s['pack']} {s['version']}{ruleset}: {s['games']} game{'s' if s['games'] != 1 else ''}, "
             f"{s['players']} player{'s' if s['players'] != 1 else ''}, seeds {s['seed']} to {last}",
             _agents_line(s), ""]
    fp = s["first_player"]
    labelled = [(f"seat {r['seat']}", r, None) for r in s["seats"]]
    # Teams of one seat would only repeat the seats' lines.
    if any(len(r["seats"]) > 1 for r in s.get("teams", [])):
        labelled += [(f"team {r['team']}", r, None) for r in s["teams"]]
    if len(s["by_agent"]) > 1:
        labelled += [(f"agent {r['agent']}", r, None) for r in s["by_agent"]]
    labelled += [("draws", s["draws"], s["draws"]["count"])]
    if "lost" in s:
        labelled += [("lost by every player", s["lost"], s["lost"]["count"])]
    labelled += [(f"first player (even {_pct(fp['even'])})", fp, None)]
    width = max(24, max(len(label) for label, _, _ in labelled) + 2)
    lines.append(f"{'wins':<{width + 2}}{'games':>6}{'wins':>7}{'rate':>8}   95% interval")
    for label, r, count in labelled:
        count = r["wins"] if count is None else count
        lines.append(f"  {label:<{width}}{r['games']:>6}{count:>7}{_pct(r['rate']):>8}   {_interval(r)}")
    if s.get("limits"):
        lines += ["", "ended by a limit              games"]
        lines += [f"  {games:>5}  {said}" for said, games in s["limits"].items()]
    if "places" in s:
        lines.append("")
        lines.append(f"{'places':<{width + 2}}{'mean':>8}   95% interval")
        rows = [("seat " + r["seat"], r) for r in s["places"]["seats"]]
        rows += [("agent " + r["agent"], r) for r in s["places"].get("agents", [])]
        for label, r in rows:
            lines.append(f"  {label:<{width}}{r['mean']:>8.2f}   {r['low']:.2f} - {r['high']:.2f}")
        shared = s["places"]["shared_first"]
        lines.append(f"  {'shared first place':<{width}}{_pct(shared['rate']):>8}   {_interval(shared)}")
    if "ranked_by" in s:
        lines += _ranked_lines(s["ranked_by"], width)
    lines.append("")
    lines.append(f"{'length':<14}{'mean':>8}{'sd':>8}{'min':>6}{'10%':>6}{'median':>8}{'90%':>6}{'max':>6}")
    for key in ("turns", "decisions"):
        lines.append(_distribution_line(key, s["length"][key], 12))
    b = s["balance"]
    lines.append("")
    lines.append("balance")
    if b["fairness"] is None:
        lines.append(f"  fairness and decisiveness: {_none_won(s)}")
    else:
        lines.append(f"  fairness      {b['fairness']:.2f}   (1: every seat wins equally often; 0: one seat wins every game)")
    if b["drama"] is None:
        lines.append("  decisiveness and drama: not measured: nobody decided in these games "
                     "(who leads is looked at when a turn's first decision is asked)")
    else:
        if b["decisiveness"] is not None:
            lines.append(f"  decisiveness  {b['decisiveness']:.2f}   (share of the game played before the winner leads for good)")
        lines.append(f"  drama         {b['drama']:.2f}   lead changes a game ({b['drama_low']:.2f} - {b['drama_high']:.2f}); "
                     f"{_pct(b['games_with_lead_change'])} of games have one")
    lines += _quality_lines(b)
    cards = s["cards"]
    if cards:
        lines.append("")
        shown = cards[:CARDS_SHOWN]
        more = f", the {len(shown)} played most (all {len(cards)} in json and csv)" if len(cards) > len(shown) else ""
        lines.append(f"cards played{more}")
        width = max(24, max(len(c["card"]) for c in shown) + 2)
        lines.append(f"  {'card':<{width}}{'played':>7}{'games':>7}{'win rate':>10}   95% interval")
        for c in shown:
            lines.append(f"  {c['card']:<{width}}{c['played']:>7}{c['games']:>7}{_pct(c['win_rate']):>10}   "
                         f"{_interval(c)}")
    return "\n".join(lines)


def _quality_lines(b: dict) -> list:
    lines = [f"  drawishness   {b['drawishness']:.2f}   share of games drawn"]
    if b.get("branching") is not None:
        lines.append(f"  branching     {b['branching']:.2f}   options a decision offers, on average; "
                     f"{_pct(b['choice_share'])} of decisions offer a choice")
    gap = b.get("skill_gap")
    if gap:
        lines.append(f"  skill gap     {gap['gap']:.2f}   {gap['strongest']} wins {_pct(gap['strongest_rate'])} of its "
                     f"games, {gap['weakest']} {_pct(gap['weakest_rate'])}")
    return lines


def _distribution_line(label: str, d: dict, width: int) -> str:
    return (f"  {label:<{width}}{d['mean']:>8.2f}{d['sd']:>8.2f}{d['min']:>6}{d['p10']:>6}"
            f"{d['median']:>8}{d['p90']:>6}{d['max']:>6}")


def _ranked_lines(ranked: dict, width: int) -> list[str]:
    """The ranking's first key at the end of the games, seat by seat, as the length is shown."""
    head = f"ranked by {ranked['key']} ({ranked['best']} best), at the end"
    lines = ["", head, f"{'':<{width + 2}}{'mean':>8}{'sd':>8}{'min':>6}{'10%':>6}{'median':>8}{'90%':>6}{'max':>6}"]
    return lines + [_distribution_line("seat " + r["seat"], r, width) for r in ranked["seats"]]


def as_csv(summary: dict) -> str:
    """One row a figure: section, name, games, count, rate (or value), 95% interval."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(["section", "name", "games", "count", "value", "low", "high"])
    for r in summary["seats"]:
        w.writerow(["seat", r["seat"], r["games"], r["wins"], r["rate"], r["low"], r["high"]])
    for r in summary.get("teams", []):
        w.writerow(["team", r["team"], r["games"], r["wins"], r["rate"], r["low"], r["high"]])
    for r in summary["by_agent"]:
        w.writerow(["agent", r["agent"], r["games"], r["wins"], r["rate"], r["low"], r["high"]])
    for key in ("draws", "lost"):
        d = summary.get(key)
        if d is not None:
            w.writerow([key, "", d["games"], d["count"], d["rate"], d["low"], d["high"]])
    f = summary["first_player"]
    w.writerow(["first_player", "", f["games"], f["wins"], f["rate"], f["low"], f["high"]])
    for said, games in summary.get("limits", {}).items():
        w.writerow(["limit", said, summary["games"], games, round(games / summary["games"], 4), "", ""])
    for key in ("turns", "decisions"):
        dist = summary["length"][key]
        for stat in ("mean", "sd", "min", "p10", "median", "p90", "max"):
            w.writerow(["length", f"{key} {stat}", summary["games"], "", dist[stat], "", ""])
    for r in summary.get("ranked_by", {}).get("seats", []):
        for stat in ("mean", "sd", "min", "p10", "median", "p90", "max"):
            w.writerow(["ranked_by", f"{r['seat']} {stat}", summary["games"], "", r[stat], "", ""])
    b = summary["balance"]
    if b["fairness"] is not None:
        w.writerow(["balance", "fairness", summary["games"], "", b["fairness"], "", ""])
    if b["decisiveness"] is not None:
        w.writerow(["balance", "decisiveness", summary["games"], "", b["decisiveness"], "", ""])
    if b["drama"] is not None:
        w.writerow(["balance", "drama", summary["games"], "", b["drama"], b["drama_low"], b["drama_high"]])
    w.writerow(["balance", "drawishness", summary["games"], "", b["drawishness"], "", ""])
    for key in ("branching", "choice_share"):
        if b.get(key) is not None:
            w.writerow(["balance", key, summary["games"], "", b[key], "", ""])
    if b.get("skill_gap"):
        gap = b["skill_gap"]
        w.writerow(["balance", f"skill_gap {gap['strongest']} over {gap['weakest']}", summary["games"], "",
                    gap["gap"], "", ""])
    for c in summary["cards"]:
        w.writerow(["card", c["card"], c["games"], c["played"], c["win_rate"], c["low"], c["high"]])
    return out.getvalue().rstrip("\n")


FORMATS = {"table": as_table, "json": as_json, "csv": as_csv}
