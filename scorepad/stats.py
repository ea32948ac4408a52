"""`scorepad stats` on the terminal: history.stats() as readable tables, one section per game (its players, head
to head, records and the game's own figures), every word through the catalogues and every name as written."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from scorepad.grid import grid, safe
from scorepad.i18n import N_, NP_, _, pgettext, plural
from scorepad.words import MINUS, number

# TRANSLATORS: the heading of one game's section of `scorepad stats`: its title and how many finished sessions.
GAME_HEADING = NP_("{title} — {n} session", "{title} — {n} sessions")
PLAYER = N_("Player")
SESSIONS = N_("Sessions")
WINS = N_("Wins")
# TRANSLATORS: a column of `stats`: wins / sessions, as a percentage.
WIN_RATE = N_("Win rate")
# TRANSLATORS: a column of `stats`: the mean (average) total.
MEAN = N_("Mean")
# TRANSLATORS: a column of `stats`: a player's highest total.
BEST = N_("Best")
# TRANSLATORS: a column of `stats`: a player's lowest total.
WORST = N_("Worst")
# TRANSLATORS: a percentage ({rate} is "58.33"); write the percent sign as your language does.
PERCENT = N_("{rate}%")
HEAD_TO_HEAD = N_("Head to head:")
# TRANSLATORS: one pair's record: {a} and {b} are names; {won} is how often {a} ranked above {b}, {lost} below.
PAIR = N_("{a}–{b} {won}–{lost}")
# TRANSLATORS: as the line above, with {level}: how often they ranked level ("Ana–Ben 7–4, 1 level").
PAIR_LEVEL = NP_("{a}–{b} {won}–{lost}, {level} level", "{a}–{b} {won}–{lost}, {level} level")
RECORDS = N_("Records:")
# TRANSLATORS: {where} is SESSION_AT or SESSION_ONLY below, e.g. "session 3, 2026-11-29".
HIGHEST = N_("Highest score: {name}, {total} ({where})")
# TRANSLATORS: the winner's total − the second's; {margin} is a number of points (or dollars).
MARGIN = N_("Biggest winning margin: {name}, by {margin} ({where})")
# TRANSLATORS: {n} consecutive sessions of the game the player played and won; {where}: SESSIONS_FROM_TO or
# SESSION_ONLY.
STREAK = NP_("Longest winning streak: {name}, {n} win in a row ({where})",
             "Longest winning streak: {name}, {n} wins in a row ({where})")
SESSION_AT = N_("session {id}, {date}")
SESSION_ONLY = N_("session {id}")
# TRANSLATORS: {first} and {last} are session ids (in the order played, not by number: 12 may come before 7).
SESSIONS_FROM_TO = N_("from session {first} to session {last}")
NOTHING_YET = N_("No finished games yet. Play one: scorepad play GAME --players NAME NAME")
NO_MATCH = N_("No finished game matches.")
# --- the games' own figures
EXPEDITIONS = N_("Expeditions (mean points of a started one; with each number of wagers, and how many):")
COLOUR = N_("Colour")
# TRANSLATORS: a column: how often an expedition of this colour was started (a percentage of the chances).
STARTED = N_("Started")
NO_WAGER = N_("No wager")
WAGERS = NP_("{n} wager", "{n} wagers")
# TRANSLATORS: a cell: a mean and, in brackets, how many it is the mean of ("12.50 (4)").
MEAN_OF = N_("{mean} ({count})")
# TRANSLATORS: Next Station: London's figures: a line's own means (per round), then the parts' (per game).
LINES = N_("Lines (means per line) and parts (means per game):")
# TRANSLATORS: a column of Next Station: London's figures: the mean points of one line (one round).
MEAN_LINE = N_("Mean line")
# TRANSLATORS: columns of Next Station: London's figures: the mean count per line of districts, stations and
# Thames crossings (the scoring sheet's words).
DISTRICTS = N_("Districts")
STATIONS = N_("Stations")
THAMES = N_("Thames")
SOLO = N_("Solo ratings over time:")
# TRANSLATORS: under the solo ratings when only the latest are listed.
SOLO_LATEST = N_("(the latest {shown} of {count})")
DATE = N_("Date")
SCORE = N_("Score")
RATING = N_("Rating")
UNKNOWN_DATE = N_("unknown date")
POVERTY = N_("Poverty and loans (means per game):")
# TRANSLATORS: a column of London's figures: the points lost to poverty.
POVERTY_PENALTY = N_("Poverty penalty")
# TRANSLATORS: a column of London's figures: the most points lost to poverty in one game.
POVERTY_WORST = N_("Worst poverty")
UNPAID_LOANS = N_("Unpaid loans")
# TRANSLATORS: a column of London's figures: the points lost to unpaid loans.
LOAN_PENALTY = N_("Loan penalty")
CASH = N_("Cash and income (means per game):")
FINAL_CASH = N_("Final cash")
# TRANSLATORS: a column of Chinatown's figures: the mean income of one season of the four-season game.
SEASON_INCOME = N_("Season {n}")
SOLO_SHOWN = 10  # solo ratings listed: the latest ones (the PDF report draws them all)


def decimal(value: float | None, places: int = 2) -> str:
    """A mean as `stats` prints it: two places, the language's decimal mark, a real minus sign ("—": none)."""
    if value is None:
        return "—"
    # TRANSLATORS: the decimal mark of a number ("41.50"); Persian and Arabic may write ٫, Russian a comma.
    rounded = round(value, places)
    text = f"{abs(rounded):.{places}f}".replace(".", pgettext("decimal mark", "."))
    return MINUS + text if rounded < 0 else text


def percent(rate: float) -> str:
    return _(PERCENT).format(rate=decimal(rate * 100))


def text(result: Mapping[str, Any]) -> str:
    """Every game's section (result: history.stats())."""
    from scorepad.games import by_slug

    sections = []
    for slug, game_stats in result["games"].items():
        game = by_slug(slug)
        sections.append(_section(game, game_stats, result["records"].get(slug, {}),
                                 result["figures"].get(slug, {})))
    return "\n\n".join(sections)


def _section(game: Any, stats: Mapping[str, Any], records: Mapping[str, Any], figures: Mapping[str, Any]) -> str:
    f = game.figure or number  # Chinatown's totals are dollars
    heading = plural(GAME_HEADING, stats["sessions"]).format(title=game.title, n=stats["sessions"])
    rows = [[name, row["sessions"], row["wins"], percent(row["win_rate"]),
             _mean(row["mean"], game.figure), f(row["best"]), f(row["worst"])]
            for name, row in stats["players"].items()]
    lines = [heading, grid([_(h) for h in (PLAYER, SESSIONS, WINS, WIN_RATE, MEAN, BEST, WORST)], rows)]
    pairs = _pairs(stats["head_to_head"])
    if pairs:
        lines += ["", _(HEAD_TO_HEAD), *("  " + pair for pair in pairs)]
    told = _records(records, f)
    if told:
        lines += ["", _(RECORDS), *("  " + line for line in told)]
    own = _figures(game, figures)
    if own:
        lines += ["", own]
    return "\n".join(lines)


def _mean(value: float | None, figure: Callable[[int], str] | None) -> str:
    if figure is not None and value is not None:
        return figure(round(value))  # money: whole dollars
    return decimal(value)


def _pairs(head_to_head: Mapping[str, Mapping[str, Mapping[str, int]]]) -> list[str]:
    """Each pair once, in the order of the table above (the first named is the one placed higher)."""
    seen: set[frozenset[str]] = set()
    lines = []
    for a, against in head_to_head.items():
        for b, record in against.items():
            if frozenset((a, b)) in seen:
                continue
            seen.add(frozenset((a, b)))
            values = {"a": safe(a), "b": safe(b), "won": record["won"], "lost": record["lost"]}
            if record["level"]:
                lines.append(plural(PAIR_LEVEL, record["level"]).format(level=record["level"], **values))
            else:
                lines.append(_(PAIR).format(**values))
    return lines


def _where(session_id: int, date: str | None) -> str:
    if date:
        return _(SESSION_AT).format(id=session_id, date=date[:10])
    return _(SESSION_ONLY).format(id=session_id)


def _records(records: Mapping[str, Any], f: Callable[[int], str]) -> list[str]:
    lines = []
    if records.get("highest"):
        found = records["highest"]
        lines.append(_(HIGHEST).format(name=safe(found["player"]), total=f(found["total"]),
                                       where=_where(found["id"], found["date"])))
    if records.get("margin"):
        found = records["margin"]
        lines.append(_(MARGIN).format(name=safe(found["player"]), margin=f(found["margin"]),
                                      where=_where(found["id"], found["date"])))
    if records.get("streak"):
        found = records["streak"]
        where = (_(SESSION_ONLY).format(id=found["first"]) if found["first"] == found["last"]
                 else _(SESSIONS_FROM_TO).format(first=found["first"], last=found["last"]))
        lines.append(plural(STREAK, found["length"]).format(name=safe(found["player"]), n=found["length"],
                                                            where=where))
    return lines


# --- the games' own figures (history._figures) ----------------------------------------------------------

def _figures(game: Any, figures: Mapping[str, Any]) -> str:
    if game.slug == "lost-cities" and figures.get("colours"):
        return _lost_cities(game, figures["colours"])
    if game.slug == "next-station-london" and figures.get("players"):
        return _next_station(game, figures)
    if game.slug in ("london-1e", "london-2e") and figures.get("players"):
        return _london(figures["players"])
    if game.slug == "chinatown" and figures.get("players"):
        return _chinatown(figures["players"])
    return ""


def _lost_cities(game: Any, colours: Mapping[str, Any]) -> str:
    from scorepad.games.lost_cities.words import colour_name

    most = max((int(n) for figure in colours.values() for n in figure["wagers"]), default=0)
    headers = [_(COLOUR), _(STARTED), _(MEAN), _(NO_WAGER),
               *(plural(WAGERS, n).format(n=n) for n in range(1, most + 1))]
    rows = []
    for colour, figure in colours.items():
        wagers = figure["wagers"]
        cells = [_(MEAN_OF).format(mean=decimal(wagers[str(n)]["mean"]), count=wagers[str(n)]["count"])
                 if str(n) in wagers else "—" for n in range(most + 1)]
        started = percent(figure["started"] / figure["chances"]) if figure["chances"] else "—"
        rows.append([colour_name(colour), started, decimal(figure["mean"]), *cells])
    return _(EXPEDITIONS) + "\n" + grid(headers, rows)


def _next_station(game: Any, figures: Mapping[str, Any]) -> str:
    players = figures["players"]
    parts = list(dict.fromkeys(part for row in players.values() for part in row["parts"]))

    def label(part: str) -> str:
        text = game.part_label(part) if game.part_label else part
        return text[:1].upper() + text[1:]  # a column heading ("tourist" in a sentence)

    rows = [[name, row["sessions"], decimal(row["line"]), decimal(row["districts"]), decimal(row["stations"]),
             decimal(row["thames"]), *(decimal(row["parts"].get(part)) for part in parts)]
            for name, row in players.items()]
    headers = [_(PLAYER), _(SESSIONS), _(MEAN_LINE), _(DISTRICTS), _(STATIONS), _(THAMES), *map(label, parts)]
    lines = [_(LINES), grid(headers, rows)]
    solo = figures.get("solo") or []
    if solo:
        shown = solo[-SOLO_SHOWN:]
        rows = [[(entry["date"] or _(UNKNOWN_DATE))[:10], entry["player"], entry["total"], entry["rating"]]
                for entry in shown]
        lines += ["", _(SOLO), grid([_(DATE), _(PLAYER), _(SCORE), _(RATING)], rows)]
        if len(shown) < len(solo):
            lines.append(_(SOLO_LATEST).format(shown=len(shown), count=len(solo)))
    return "\n".join(lines)


def _london(players: Mapping[str, Any]) -> str:
    rows = [[name, row["sessions"], decimal(row["poverty"]), row["poverty_worst"], decimal(row["unpaid_loans"]),
             decimal(row["loan_penalty"])] for name, row in players.items()]
    headers = [_(h) for h in (PLAYER, SESSIONS, POVERTY_PENALTY, POVERTY_WORST, UNPAID_LOANS, LOAN_PENALTY)]
    return _(POVERTY) + "\n" + grid(headers, rows)


def _chinatown(players: Mapping[str, Any]) -> str:
    from calculators.chinatown import YEARS
    from scorepad.words import money

    def dollars(value: float | None) -> str:
        return "—" if value is None else money(round(value))

    years = max((len(row["years"]) for row in players.values()), default=0)
    seasons = max((len(row["seasons"]) for row in players.values()), default=0)
    headers = [_(PLAYER), _(SESSIONS), _(FINAL_CASH), *(str(year) for year in YEARS[:years]),
               *(_(SEASON_INCOME).format(n=n) for n in range(1, seasons + 1))]
    rows = [[name, row["sessions"], dollars(row["cash"]),
             *(dollars(v) for v in _padded(row["years"], years)),
             *(dollars(v) for v in _padded(row["seasons"], seasons))] for name, row in players.items()]
    return _(CASH) + "\n" + grid(headers, rows)


def _padded(values: Sequence[float | None], length: int) -> list[float | None]:
    return [*values, *([None] * (length - len(values)))]
