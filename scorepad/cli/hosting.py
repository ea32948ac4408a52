"""`scorepad host`: open a session to the phones at the table (shared/spec/table-web.md). The terminal prints the
join link and its QR code, then stays the host's view while the web stack (scorepad.web, loaded here only)
serves, until Ctrl-C, SIGTERM or SIGHUP."""

import contextlib
from typing import Optional

import typer

from scorepad.cli import signals, terminal
from scorepad.cli.output import echo, handles_errors, players_line, stopped
from scorepad.cli.playing import start
from scorepad.cli.root import app, speak_session
from scorepad.cli.shared import (ModuleOption, ObjectivesOption, OpenCashOption, PlayersOption, PowersOption,
                                 RoundsOption, VariantOption, chosen_modules, drawn_cards, load_session, names_given,
                                 open_store)
from scorepad.errors import ScorepadError
from scorepad.i18n import N_, _, language
from scorepad.store import claims, links

HOST_HELP = N_(
    "Open a game to the phones at the table.\n\nServes a session (or, with a game's slug, a new one started as "
    "`play` starts it) on this computer's address on the local network, prints the join link and draws it as a "
    "QR code. Each player scans it with their phone's camera: nothing to install, no account, no internet. "
    "Ctrl-C stops serving; every answer is saved.")
STOPPED_HOSTING = N_("Stopped serving. Session {id} is saved; serve it again with: scorepad host {id}")
# TRANSLATORS: {address} and {port} are what was asked for; {reason} is the system's words.
NO_ADDRESS = N_("cannot serve on {address} port {port}: {reason}")


@app.command(help=HOST_HELP, context_settings={"allow_extra_args": True})
@handles_errors
def host(ctx: typer.Context,
         target: str = typer.Argument(..., metavar=N_("ID|GAME"),
                                      help=N_("A session's id, or a game's slug to start a new session.")),
         players: PlayersOption = None, variant: VariantOption = None, rounds: RoundsOption = None,
         module: ModuleOption = None, open_cash: OpenCashOption = False, objectives: ObjectivesOption = None,
         powers: PowersOption = None,
         address: Optional[str] = typer.Option(None, "--address", metavar=N_("ADDRESS"),
                                               help=N_("Where to serve (default: this computer's address on the "
                                                       "local network; 127.0.0.1 serves this computer only).")),
         port: int = typer.Option(0, "--port", min=0, max=65535, metavar=N_("PORT"),
                                  help=N_("The port (default: a free one).")),
         no_qr: bool = typer.Option(False, "--no-qr", help=N_("Print the join link without its QR code.")),
         new_link: bool = typer.Option(False, "--new-link",
                                       help=N_("Make a new join link: the old one stops working at once (a link "
                                               "seen by someone who should not join)."))) -> None:
    from scorepad import qr
    from scorepad.web import server
    from scorepad.web.host import Host

    if target.isdecimal():
        session_id = int(target)
        load_session(ctx, session_id)  # one clear line for an id that is no session
    else:
        names = names_given(ctx, players)
        modules = chosen_modules(module, open_cash)
        drawn = drawn_cards(objectives, powers)
        session_id = start(ctx, "host", target, names, variant or [], rounds, modules, drawn, terminal_needed=False)
    store = open_store(ctx)
    session = load_session(ctx, session_id)
    speak_session(session.doc)
    where = address or server.local_address()
    # The session's link lasts as long as its game: the same secret, on the same port when it is free, so the
    # phones that joined reconnect by themselves (a finished game's link is not kept: it only shows results).
    kept = None if session.finished else links.read(store, session_id)
    sock = None
    if kept is not None and kept.port and not port:  # the same port even for a new link: the secret is what changes
        with contextlib.suppress(OSError):
            sock = server.bind(where, kept.port)
    try:
        sock = sock or server.bind(where, port)
    except OSError as error:
        raise ScorepadError(_(NO_ADDRESS).format(address=where, port=port, reason=error.strerror or error)) from None
    served = Host(store, session_id, language(), secret=kept.secret if kept is not None and not new_link else None)
    try:
        # Claimed before the link is printed: a database that cannot be written (read-only) is refused before a
        # phone is told to join a game that could record nothing.
        with claims.claimed(store, session_id):
            if session.finished:
                links.forget(store, session_id)
            else:
                serving = links.Link(served.secret, sock.getsockname()[1])
                if serving != kept:  # written (and synced) only when it changes: not on every start
                    links.keep(store, session_id, serving)
                if kept is None or kept.secret != served.secret:  # a new secret disowns every phone's cookie:
                    for player in list(served.table.held()):  # their seats go too, for their players to take again
                        served.table.free(player)
            link = server.link(sock, served)
            echo(_(server.SERVING))
            typer.echo(link)  # the first http:// URL on standard output, on a line of its own (the spec)
            if not no_qr:  # our escapes: black on white
                typer.echo("\n".join(qr.lines(qr.modules(link), colour=terminal.colours())))
            echo(_(server.HOSTING).format(id=session_id, title=session.game.title,
                                          players=players_line(session.players)))
            echo(_(server.FREE_HINT))
            try:
                server.serve(served, sock, echo)
            except KeyboardInterrupt:  # the stopping signal, raised again once the server has finished its requests
                raise stopped(_(STOPPED_HOSTING).format(id=session_id)) from None
            finally:
                if served.table.finished:  # the game is over: its link stops working (store.links)
                    links.forget(store, session_id)
    finally:
        sock.close()
    if signals.pending() is not None:
        raise stopped(_(STOPPED_HOSTING).format(id=session_id))
