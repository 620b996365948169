"""Defective boards: Laws 13 (incorrect number of cards), 14 (missing card), 15 (wrong board), 16C."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbitro.laws.defective import (
    Found,
    Provision,
    RemedyNotAllowedError,
    extra_card,
    information_from_elsewhere,
    missing_card,
    too_many_or_too_few,
    wrong_board,
)


def test_law_13a_call_made_but_board_can_be_corrected_is_played_without_change_of_call() -> None:
    ruling = too_many_or_too_few(call_made=True, playable=True)
    assert ruling.law == "13A"
    assert ruling.play_on
    assert ruling.adjusted is None  # the director may adjust at the end
    assert ruling.unauthorised_for_partner  # 13E


def test_law_13b_call_made_and_board_cannot_be_played_gets_an_adjusted_score() -> None:
    ruling = too_many_or_too_few(call_made=True, playable=False)
    assert ruling.law == "13B"
    assert ruling.provision is Provision.ASSIGNED_SCORE
    assert not ruling.play_on


def test_law_13c_found_after_the_play_cancels_the_result() -> None:
    ruling = too_many_or_too_few(call_made=True, after_play=True)
    assert ruling.law == "13C"
    assert ruling.provision is Provision.CANCEL_AND_ADJUST
    assert ruling.adjusted is True


def test_law_13d1_no_call_and_no_card_seen_is_corrected_and_played_normally() -> None:
    ruling = too_many_or_too_few(call_made=False, card_seen=False)
    assert ruling.law == "13D1"
    assert ruling.provision is Provision.CORRECT_AND_PLAY
    assert ruling.adjusted is False


def test_law_13d2a_card_seen_unlikely_to_matter_is_played_and_may_be_adjusted() -> None:
    ruling = too_many_or_too_few(call_made=False, card_seen=True, information_matters=False)
    assert ruling.law == "13D2a"
    assert ruling.play_on
    assert ruling.adjusted is None


def test_law_13d2b_card_seen_that_matters_gets_an_artificial_score() -> None:
    ruling = too_many_or_too_few(call_made=False, card_seen=True, information_matters=True)
    assert ruling.law == "13D2b"
    assert ruling.provision is Provision.ARTIFICIAL_SCORE
    assert not ruling.play_on


def test_law_13f_an_extra_card_is_removed_and_play_goes_on() -> None:
    assert extra_card(played_earlier=False).adjusted is False
    assert extra_card(played_earlier=True).adjusted is None
    assert extra_card(played_earlier=True).provision is Provision.REMOVE_CARD


def test_law_14a_missing_card_before_the_lead_is_restored_or_reconstructed() -> None:
    assert missing_card(before_lead_faced=True, found=Found.ELSEWHERE).law == "14A1"
    rebuilt = missing_card(before_lead_faced=True, found=Found.NOWHERE)
    assert rebuilt.law == "14A2"
    assert rebuilt.provision is Provision.RECONSTRUCT_HAND
    assert rebuilt.adjusted is False  # 14A3: auction and play continue unchanged


def test_law_14b_missing_card_found_later() -> None:
    assert missing_card(before_lead_faced=False, found=Found.PLAYED).provision is Provision.LAW_67
    elsewhere = missing_card(before_lead_faced=False, found=Found.ELSEWHERE)
    assert elsewhere.law == "14B2"
    assert elsewhere.provision is Provision.RESTORE_CARD
    assert missing_card(before_lead_faced=False, found=Found.NOWHERE).law == "14B3"


@given(st.booleans(), st.sampled_from(list(Found)))
def test_law_14c_the_moved_card_is_unauthorised_for_partner(before: bool, found: Found) -> None:
    ruling = missing_card(before_lead_faced=before, found=found)
    assert ruling.unauthorised_for_partner
    assert ruling.play_on


def test_law_15a_wrong_board_not_played_before_keeps_the_result() -> None:
    ruling = wrong_board(played_before=False)
    assert ruling.law == "15A1"
    assert ruling.provision is Provision.ACCEPT_RESULT
    assert ruling.adjusted is False


def test_law_15b_board_played_a_second_time_is_cancelled_with_artificial_scores() -> None:
    ruling = wrong_board(played_before=True)
    assert ruling.law == "15B"
    assert ruling.provision is Provision.CANCEL_AND_ARTIFICIAL
    assert ruling.adjusted is True


def test_law_15c_found_in_the_auction_the_auction_is_held_again() -> None:
    assert wrong_board(played_before=False, during_auction=True).provision is Provision.REDO_AUCTION
    same = wrong_board(played_before=False, during_auction=True, calls_repeated=True)
    assert same.play_on
    differs = wrong_board(played_before=False, during_auction=True, calls_repeated=False)
    assert differs.law == "15C1"
    assert differs.provision is Provision.ARTIFICIAL_SCORE
    assert not differs.play_on


def test_law_16c2a_switch_the_players_who_know_a_hand() -> None:
    ruling = information_from_elsewhere(remedy="16C2a")
    assert ruling.provision is Provision.SWITCH_SEATS
    assert ruling.play_on


def test_law_16c2b_redeal_the_board() -> None:
    assert information_from_elsewhere(remedy="16C2b").provision is Provision.REDEAL


def test_law_16c2c_play_on_and_adjust_if_the_information_mattered() -> None:
    ruling = information_from_elsewhere(remedy="16C2c")
    assert ruling.play_on
    assert ruling.adjusted is None


def test_law_16c2d_artificial_adjusted_score() -> None:
    ruling = information_from_elsewhere(remedy="16C2d")
    assert ruling.provision is Provision.ARTIFICIAL_SCORE
    assert not ruling.play_on


@pytest.mark.parametrize("remedy", ["16C2a", "16C2b", "16C2d"])
def test_law_16c3_after_the_first_call_only_play_on_is_open(remedy: str) -> None:
    with pytest.raises(RemedyNotAllowedError, match="16C3"):
        information_from_elsewhere(remedy=remedy, after_first_call=True)
    assert information_from_elsewhere(remedy="16C2c", after_first_call=True).law == "16C3"


def test_law_16c2_unknown_remedy_is_refused_naming_the_choices() -> None:
    with pytest.raises(RemedyNotAllowedError, match="16C2a, 16C2b, 16C2c, 16C2d"):
        information_from_elsewhere(remedy="16C9")
