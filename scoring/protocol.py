"""The protocol every game engine offers.

A game is a :class:`Game` subclass with one instance, found through :mod:`scoring.registry`. Its
states and events are immutable values; :meth:`Game.apply` is pure (it never changes its input) and
returns a new state or raises :class:`~scoring.errors.RulesError` naming the rule.

The summary is plain JSON. Every game's summary carries at least these keys, so that the service,
the phone UI and the league statistics can read any game without knowing it:

``game``      the game's name;
``players``   the players' names, by seat;
``house_rules`` the house rules in force, every option with its value (defaults included);
``phase``     what the table is doing now (game-specific words, e.g. ``"play"``, ``"finished"``);
``finished``  whether the match is over;
``to_act``    the seat expected to act next, or ``None``;
``totals``    one number per seat (points, chips, stakes: the game's running score);
``result``    ``None`` until finished, then ``{"winners": [seats], "places": [place per seat],
              "scores": [per seat], "lower_is_better": bool, "how": explanation}``; places start at
              1 and tied seats share a place;
``history``   one entry per hand/deal/round, each explaining its numbers;
``findings``  proven irregularities (reneges, illegal bids …) with the penalty applied
              (:class:`scoring.findings.Finding`).

These keys are built in one place, :meth:`Game.summary`, from the game's :class:`SummaryParts`;
the game adds its own hand state (``hand_in_play``, ``current_deal`` …) beside them.

The engine is the only rules authority: the service, the phone and the league ask it rather than
repeat a rule. Besides ``summary``, ``legal_actions`` and ``catalogue``, these hooks answer them
(docs/engine-hooks.md):

:meth:`Game.entry_form`       the form for the next result entry (fields, seats, totals, ranges);
:meth:`Game.league_facts`     a finished match's per-hand rows and per-seat counters for the league
                              (:class:`scoring.facts.LeagueFacts`), read under the match's house rules;
:meth:`Game.claim_position`   the claim checker's position of the hand in play (trick-taking games
                              with :attr:`Game.claim_kinds`); :func:`scoring.claims.form.claim_form`
                              reads it into what the phone offers a claimant (kinds, seats, tricks
                              left, cards to lay down): the core knows nothing of the checker.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from scoring.cards import Card
from scoring.errors import EventFormatError, RulesError
from scoring.events import Event, EventCodec
from scoring.explain import Note
from scoring.facts import LeagueFacts, generic_facts
from scoring.variants import Variants

JSON = dict[str, Any]


class GameState(Protocol):
    """What every engine's state has: its players in seat order and its validated house rules."""

    @property
    def players(self) -> Sequence[str]: ...

    @property
    def variants(self) -> Variants: ...


StateT = TypeVar("StateT", bound=GameState)
VariantsT = TypeVar("VariantsT", bound=Variants)


@dataclass(frozen=True, slots=True)
class MatchResult:
    """How a finished match ended, in the shape the league statistics read.

    ``how_note`` is ``how`` as a translatable line (code, template, params); when given, ``how`` is
    its English text and the JSON carries its ``template`` and ``params`` beside ``how``.
    """

    winners: tuple[int, ...]
    places: tuple[int, ...]
    scores: tuple[int, ...]
    lower_is_better: bool
    how: str = ""
    how_note: Note | None = None

    def as_json(self) -> JSON:
        data: JSON = {
            "winners": list(self.winners),
            "places": list(self.places),
            "scores": list(self.scores),
            "lower_is_better": self.lower_is_better,
            "how": self.how_note.text if self.how_note is not None else self.how,
        }
        if self.how_note is not None:
            data["template"] = self.how_note.template
            data["params"] = dict(self.how_note.params)
            if self.how_note.plural is not None:
                data["plural"] = self.how_note.plural
        return data


@dataclass(frozen=True, slots=True)
class SummaryParts:
    """What a game says for the common summary keys, and its own hand state beside them."""

    phase: str
    to_act: int | None
    totals: Sequence[int]
    history: list[JSON]
    findings: list[JSON]
    hand_state: JSON
    #: The result's JSON when the game adds to it (an ``explain`` line); else ``result().as_json()``.
    result: JSON | None = None


def places_from_scores(scores: Sequence[int], *, lower_is_better: bool) -> tuple[int, ...]:
    """Competition ranking (1, 2, 2, 4): tied scores share the better place.

    >>> places_from_scores([13, 58, 22, 13], lower_is_better=True)
    (1, 4, 3, 1)
    """
    sign = 1 if lower_is_better else -1
    return tuple(1 + sum(1 for other in scores if sign * other < sign * mine) for mine in scores)


class Game(ABC, Generic[StateT, VariantsT]):
    """One game's rules engine. Subclasses set the class attributes and the abstract methods."""

    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    variants_class: ClassVar[type[Variants]]
    codec: ClassVar[EventCodec]
    rules_file: ClassVar[str]
    #: The section of the rules file that says when the match ends (cited by ``match_finished``).
    end_rule: ClassVar[str]
    #: Event types that enter a whole hand's outcome at once (result entry).
    result_event_types: ClassVar[tuple[str, ...]] = ()
    #: Whether a lower running total is better (penalty points): the phone shows no "+" sign then.
    lower_is_better: ClassVar[bool] = False
    # What the game calls one scored unit of play ("hand", "deal" or "round"): the phone picks its
    # whole translated sentences by this key, so Bourré's "Why" speaks of a deal, not a hand.
    unit: ClassVar[str] = "hand"
    #: The usual table (the new-match form's first guess); ``None``: the fewest the game allows.
    usual_players: ClassVar[int | None] = None
    #: The kinds of claim the game's card play allows (docs/claims.md); empty: the game has no claims.
    claim_kinds: ClassVar[tuple[str, ...]] = ()
    #: The cards of the game's pack in its own rank order, suit by suit (e.g. Thousand's 24 cards
    #: 9 J Q K 10 A): what the phone offers when a card is tapped in and the hand is not known.
    deck: ClassVar[tuple[Card, ...]] = ()

    # -- construction -------------------------------------------------------------------------
    def variants(self, raw: Mapping[str, Any] | None) -> VariantsT:
        """Validate house rules given as JSON; unknown keys and bad values raise VariantError."""
        return self.variants_class.from_json(raw)  # type: ignore[return-value]

    def seat_range(self, variants: VariantsT) -> tuple[int, int]:
        """How many players these house rules seat (Bourré's ``player_count`` narrows it)."""
        return self.min_players, self.max_players

    def check_player_count(self, players: Sequence[str], variants: VariantsT | None = None) -> None:
        """A 400 input error (``wrong_player_count``) in every game: the seats sent do not fit the table."""
        count = len(players)
        low, high = (self.min_players, self.max_players) if variants is None else self.seat_range(variants)
        if not low <= count <= high:
            raise EventFormatError(
                "wrong_player_count",
                "%(game)s is played by %(minimum)s to %(maximum)s players, not %(count)s.",
                fields={"players": f"{low}–{high} players"},
                minimum=low,
                maximum=high,
                count=count,
                game=self.title,
            )

    def start(self, variants: Mapping[str, Any] | Variants | None, players: Sequence[str]) -> StateT:
        """Validate house rules and seats, and return the state before the first event."""
        self.check_player_count(players)
        checked: VariantsT = variants if isinstance(variants, Variants) else self.variants(variants)  # type: ignore[assignment]
        self.check_player_count(players, checked)
        return self.new_match(checked, tuple(players))

    @abstractmethod
    def new_match(self, variants: VariantsT, players: tuple[str, ...]) -> StateT:
        """The state before the first event (player count already checked)."""

    # -- events ---------------------------------------------------------------------------------
    def parse_event(self, event_type: str, payload: Mapping[str, Any] | None) -> Event:
        return self.codec.parse(event_type, payload)

    def dump_event(self, event: Event) -> tuple[str, JSON]:
        return self.codec.dump(event)

    def apply(self, state: StateT, event: Event) -> StateT:
        """Return the state after ``event``; raise RulesError naming the rule it breaks.

        A finished match takes no more events: that check is here, once for every game.
        """
        if self.is_terminal(state):
            raise RulesError(
                "match_finished",
                "The match is over: nothing more can be recorded.",
                rule=f"{self.rules_file} {self.end_rule}",
            )
        return self.apply_event(state, event)

    @abstractmethod
    def apply_event(self, state: StateT, event: Event) -> StateT:
        """:meth:`apply` for a match still running."""

    def apply_json(self, state: StateT, event_type: str, payload: Mapping[str, Any] | None) -> StateT:
        return self.apply(state, self.parse_event(event_type, payload))

    # -- reading --------------------------------------------------------------------------------
    @abstractmethod
    def legal_actions(self, state: StateT) -> list[JSON]:
        """What may be recorded next: ``[{"type": ..., "seat": ..., ...options}]``."""

    def summary(self, state: StateT) -> JSON:
        """JSON view of the state: the keys listed in this module's docstring, then the hand state."""
        parts = self.summary_parts(state)
        result = self.result(state)
        if parts.result is not None:
            result_json: JSON | None = parts.result
        else:
            result_json = result.as_json() if result is not None else None
        return {
            "game": self.name,
            "players": list(self.players(state)),
            "house_rules": self.house_rules(state).to_json(),
            "phase": "finished" if result is not None else parts.phase,
            "finished": result is not None,  # is_terminal(state)
            "to_act": None if result is not None else parts.to_act,  # to_act(state)
            "totals": list(parts.totals),
            "result": result_json,
            "history": parts.history,
            "findings": parts.findings,
            **parts.hand_state,
        }

    @abstractmethod
    def summary_parts(self, state: StateT) -> SummaryParts:
        """The game's values for the common summary keys, and its hand state."""

    def players(self, state: StateT) -> Sequence[str]:
        return state.players

    def house_rules(self, state: StateT) -> Variants:
        return state.variants

    def totals(self, state: StateT) -> list[Any]:
        """The summary's ``totals``: an append's compact answer needs only these. Engines whose
        summary parts are costly (a long history) say them directly."""
        return list(self.summary_parts(state).totals)

    @abstractmethod
    def result(self, state: StateT) -> MatchResult | None:
        """``None`` while the match is running."""

    # -- concrete events: one random-playout and one perft harness for every game ---------------
    @abstractmethod
    def legal_events(self, state: StateT) -> list[Event]:
        """Every move a player may make next, as concrete events ready for :meth:`apply`.

        Moves are what the players choose while a hand is played card by card from hands the
        record knows: a bid, a pass of cards, the card (or cards) played, a draw from the discard
        pile, a spread. Not listed: result entry (the other way to record a hand), corrections and
        accusations (retract, recall, renege reports), and seating (leave, join, end of session).
        Where the cards decide (the deal, a card from the stock) see :meth:`chance_event`; a move
        whose outcome the stock decides (Tonk's draw from the stock) is listed once per card the
        stock may hold. ``[]`` at a chance point and when the match is over.
        """

    def chance_event(self, state: StateT, rng: random.Random) -> Event | None:
        """The event the cards decide now (a deal with every hand known, Bourré's draw, a Hot or
        Not card drawn), as a shuffled pack would give it with ``rng``; ``None`` when the next
        event is a player's move (:meth:`legal_events`) or the match is over."""
        return None

    # -- the typed reading of a state: what the summary's common keys say, as functions ------------
    def is_terminal(self, state: StateT) -> bool:
        """Whether the match is over (the summary's ``finished``): it has a result."""
        return self.result(state) is not None

    def to_act(self, state: StateT) -> int | None:
        """The seat expected to act next (the summary's ``to_act``); ``None`` when the match is over
        or no single seat is expected (a deal or a result to enter, several seats passing at once)."""
        return None if self.is_terminal(state) else self.summary_parts(state).to_act

    def returns(self, state: StateT) -> tuple[int, ...] | None:
        """Each seat's final score, signed so that more is better (penalty games negate it), once the
        match is over; ``None`` while it runs. What a search or a rating compares across games."""
        result = self.result(state)
        if result is None:
            return None
        return tuple(-score for score in result.scores) if result.lower_is_better else tuple(result.scores)

    def is_legal(self, state: StateT, event: Event) -> bool:
        """Whether :meth:`apply` takes ``event`` now (any event, result entry and corrections too,
        not only the moves of :meth:`legal_events`)."""
        try:
            self.apply(state, event)
        except RulesError:
            return False
        return True

    def entry_form(self, state: StateT) -> JSON | None:
        """The form for the next result entry, in :mod:`scoring.forms`' vocabulary: which fields,
        which seats are asked and the constraints (totals, ranges) the engine will check.

        ``None`` (the default) when no result can be entered now or the game gives no description:
        the phone then builds a form from the event's JSON Schema in :meth:`catalogue`. Engines
        that describe their form keep it in a ``forms`` module beside their rules, so that no rule
        number needs to be repeated in a client.
        """
        return None

    # -- the league ---------------------------------------------------------------------------------
    def league_facts(self, state: StateT) -> LeagueFacts:
        """A finished match's facts for the league: one row per hand and whole-number counters per
        seat, read from :meth:`summary` under the match's own house rules (a variant that changes
        the points changes the facts, not the league's code)."""
        summary = self.summary(state)
        return self.league_facts_of(summary, len(summary["totals"]), getattr(state, "variants", None))

    def league_facts_of(self, summary: Mapping[str, Any], seats: int, variants: VariantsT | None = None) -> LeagueFacts:
        """The facts of a summary (as :meth:`summary` writes it) played under ``variants`` (``None``:
        the defaults). The default gives hand rows from ``history[i]["scores"]`` and no counters;
        engines state their own in ``scoring/<game>/league_facts.py``."""
        return generic_facts(summary, seats)

    # -- claims ---------------------------------------------------------------------------------------
    def claim_position(self, state: StateT) -> JSON | None:
        """The claim checker's position of the hand being played, in the JSON form of
        :func:`scoring.claims.position.position_to_json` (``"seats"``: the table seat of each play
        seat; Thousand adds ``declarer`` and ``contract``). ``None`` when no hand is in its card
        play; ``ValueError`` for a house rule the checker does not model. Games with
        :attr:`claim_kinds` implement it."""
        return None

    def catalogue(self) -> JSON:
        """The games-catalogue entry: players, house rules and event types."""
        return {
            "name": self.name,
            "title": self.title,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "usual_players": self.usual_players or self.min_players,
            "rules_file": self.rules_file,
            "variants": self.variants_class.catalogue(),
            "events": self.codec.schema(),
            "result_event_types": list(self.result_event_types),
            "lower_is_better": self.lower_is_better,
            "unit": self.unit,
            "claim_kinds": list(self.claim_kinds),
            "deck": [str(card) for card in self.deck],
        }
