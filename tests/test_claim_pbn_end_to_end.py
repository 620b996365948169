"""A claim read from a PBN file, checked end to end (Laws 68-70, PBN 2.1 section 3.6).

PBN has no notation of its own for a claim statement: a play cut short is ended by
``*``, the ``Result`` tag gives declarer's tricks, and what the claimer said goes in a
commentary (``{...}``). Árbitro reads the cut as declarer's claim of the tricks that
make the result, accepted at the table (69A); the director checks it, here both
through the library and through the commands a director runs (``arbitro convert``,
then ``arbitro claim check``).
"""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from arbitro.analysis.claims import ClaimStatement, check_claim
from arbitro.cli.claims import claim_group, position_of
from arbitro.cli.main import cli
from arbitro.core import Card, Seat, Side, Suit
from arbitro.formats.pbn import loads
from arbitro.formats.pbn.tables import table_of
from arbitro.table import Phase
from arbitro.table.events import ClaimEvent

CUT_SHORT = """\
% PBN 2.1
% EXPORT
[Event "?"]
[Site "?"]
[Date "?"]
[Board "1"]
[West "?"]
[North "?"]
[East "?"]
[South "?"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AK32.KQ4.A53.K72 QJ9.J52.KQ4.AQ93 T85.AT983.J7.J64 764.76.T9862.T85"]
[Scoring "?"]
[Declarer "S"]
[Contract "4H"]
[Result "12"]
[Auction "N"]
1NT Pass 4H Pass
Pass Pass
[Play "W"]
S7 SA SQ ST
S6 SK SJ S8
S4 S3 S9 S5
H7 HK HJ HA
H6 HQ H5 HT
DT S2 H2 H9
D9 H4 DK H8
D8 DA DQ H3
D6 D5 D4 DJ
D2 D3 CA D7
{claim: 3: C}
*
"""
"""4♥ by South: after ten tricks (nine to North-South) South claims the last three,
'clubs', with ♣J64 opposite North's ♣K72; East holds ♣Q93, West ♣T85."""


def _statement(comments: tuple[str, ...]) -> ClaimStatement:
    said = next(comment for comment in comments if comment.lower().startswith("claim:"))
    return ClaimStatement.from_str(said.partition(":")[2])


def test_law_69a_a_pbn_play_cut_short_is_declarers_claim_accepted() -> None:
    game = loads(CUT_SHORT)[0]
    table = table_of(game)
    claim = next(event for event in table.events if isinstance(event, ClaimEvent))
    assert (claim.seat, claim.tricks) == (Seat.SOUTH, 3)
    assert table.phase is Phase.COMPLETE
    assert table.tricks_credited(Side.NS) == 12


def test_law_70d1_the_pbn_claim_checked_from_its_position() -> None:
    """From the position the PBN play reached, South leads the ♣J (from the top), North
    may play low and East wins the ♣Q; a club back to North's ♣K, and North's ♣7 loses
    to East's ♣9: a normal line makes one of the three."""
    game = loads(CUT_SHORT)[0]
    table = table_of(game)
    position = position_of(table)
    assert (position.remaining, position.leader, position.trump) == (3, Seat.SOUTH, Suit.HEARTS)
    statement = _statement(game.comments)
    assert statement == ClaimStatement.from_str("3: C")
    check = check_claim(position, Seat.SOUTH, statement, declarer=table.declarer)
    assert (check.claimed, check.award, check.law) == (3, 1, "70")
    assert check.line[0] == (Seat.SOUTH, Card.from_str("CJ"))
    assert sum(1 for seat, _ in check.line if seat is Seat.SOUTH) == 3


def test_law_70_the_pbn_claim_through_the_commands(tmp_path: Path) -> None:
    source = tmp_path / "claim.pbn"
    source.write_text(CUT_SHORT, encoding="utf-8")
    log = tmp_path / "claim.jsonl"
    runner = CliRunner()
    converted = runner.invoke(cli, ["convert", str(source), str(log)])
    assert converted.exit_code == 0, converted.output
    statement = _statement(loads(CUT_SHORT)[0].comments)
    result = runner.invoke(
        claim_group, ["check", str(log), "--claim", statement.to_str(), "--json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert (data["claimer"], data["claimed"], data["award"], data["law"]) == ("S", 3, 1, "70")
    assert data["double_dummy"] == 2
