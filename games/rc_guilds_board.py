"""The board's pieces for the Archivists' and the Master Builders' guilds: contracts in words, a
player's hand of contracts, the decks beside the guild's card, and the choice after a draw."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _l
from django.utils.translation import ngettext

from games.rules.red_cathedral.guilds.contracts import CONTRACTS
from games.rules.red_cathedral.state import SECTIONS
from games.templatetags.red_cathedral import amount_text, amounts_text, glory_text, kind_name, res_items, resource_name

# The kinds of condition, for the figures page's column.
CONTRACT_KIND_NAMES = {
    "return": _l("Return materials or rubles for glory"),
    "claimed_in_one_tower": _l("Sections claimed in one tower"),
    "tiles_face_up": _l("Workshop tiles face up"),
    "towers_absent": _l("Towers without you"),
    "ornaments_unused": _l("Ornaments not added"),
    "all_kinds_completed": _l("One completed section of each kind"),
    "ornaments_on_others": _l("Ornaments on others' sections"),
    "all_ornaments_used": _l("All ornaments added"),
    "ornaments_in_one_tower": _l("Ornaments in one tower"),
    "ornaments_on_own": _l("Ornaments on your own sections"),
    "towers_present": _l("Towers with you"),
}


def _goods(give: dict[str, int]) -> str:
    parts = [amount_text("gems" if k == "gem" else k, n) for k, n in give.items()]
    return _("%(first)s and %(second)s") % {"first": parts[0], "second": parts[1]} if len(parts) == 2 else parts[0]


def contract_text(cid: str) -> str:
    """A contract card's condition and glory in a sentence of the reader's language."""
    rec = CONTRACTS[cid]
    kind = rec["condition"]
    glory = glory_text(rec["glory"])
    n = rec.get("count", 0)
    texts: dict[str, Callable[[], str]] = {
        "return": lambda: (
            _("Return %(goods)s to the supply at the end: %(glory)s.") % {"goods": _goods(rec["give"]), "glory": glory}
        ),
        "claimed_in_one_tower": lambda: (
            _("At least %(n)s sections claimed in the same tower, finished or not: %(glory)s.")
            % {"n": n, "glory": glory}
        ),
        "tiles_face_up": lambda: (
            _("%(n)s workshop tiles face up in your workshop: %(glory)s.") % {"n": n, "glory": glory}
        ),
        "towers_absent": lambda: _("Each tower with no banner or ornament of yours: %(glory)s.") % {"glory": glory},
        "towers_present": lambda: _("Each tower with a banner or ornament of yours: %(glory)s.") % {"glory": glory},
        "ornaments_unused": lambda: (
            _("Each of your ornaments not added to the cathedral: %(glory)s.") % {"glory": glory}
        ),
        "all_ornaments_used": lambda: _("All your ornaments added to the cathedral: %(glory)s.") % {"glory": glory},
        "all_kinds_completed": lambda: (
            _("At least one base, one middle section and one dome completed: %(glory)s.") % {"glory": glory}
        ),
        "ornaments_on_others": lambda: (
            _("Each ornament you added to another player's section: %(glory)s.") % {"glory": glory}
        ),
        "ornaments_on_own": lambda: (
            _("Each ornament you added to one of your own sections: %(glory)s.") % {"glory": glory}
        ),
        "ornaments_in_one_tower": lambda: (
            _("%(n)s of your ornaments in the same tower: %(glory)s.") % {"n": n, "glory": glory}
        ),
    }
    text = texts[kind]()
    if "glory_2p" in rec:
        text += " " + _("With 2 players: %(glory)s.") % {"glory": glory_text(rec["glory_2p"])}
    return text


def contracts_panel(pl: dict[str, Any], over: bool = False) -> dict[str, Any] | None:
    """A player's contracts as the board shows them: their own with texts and worth, others' as a count;
    everyone's once the game is over (their glory is then in the final scoring, not "now")."""
    held = pl.get("contracts")
    if held is None:
        return None
    cards = [
        {
            "id": c["id"],
            "text": contract_text(c["id"]),
            "worth": c["worth"],
            "worth_text": "" if over else glory_text(c["worth"]),
        }
        for c in held.get("cards", [])
    ]
    return {
        "count": held.get("count", 0),
        "cards": cards,
        "secret": not cards and held.get("count", 0) > 0,
        "count_text": ngettext("%(n)s contract (secret)", "%(n)s contracts (secret)", held.get("count", 0))
        % {"n": held.get("count", 0)},
    }


def deck_note(view: dict[str, Any], group: str) -> str:
    """What lies beside the guild's card: the contract deck, or the section cards' deck and discard pile."""
    if group == "archivists" and "contract_deck" in view:
        n = view["contract_deck"]
        return ngettext("Contract deck: %(n)s card", "Contract deck: %(n)s cards", n) % {"n": n}
    if group == "master_builders" and "builders" in view:
        deck, discard = view["builders"]["deck"], len(view["builders"]["discard"])
        return _("Section cards: %(deck)s in the deck, %(discard)s on the discard pile") % {
            "deck": deck,
            "discard": discard,
        }
    return ""


def section_card(sid: str) -> dict[str, Any]:
    data = SECTIONS[sid]
    return {
        "id": sid,
        "kind_name": kind_name(data["kind"]),
        "cost_items": res_items(data["cost"]),
        "rp_text": amount_text("rp", data["rp"]),
        "rubles_text": amount_text("rubles", data["rubles"]),
    }


def choice_panel(view: dict[str, Any], labelled: list[dict[str, Any]], seat: int | None) -> dict[str, Any] | None:
    """The choice after a draw: the drawn cards (contracts to their drawer only) and the choose moves."""
    now = (view.get("turn") or {}).get("choice")
    if not now:
        return None
    options = []
    for i, lm in enumerate(labelled):
        move = lm["move"]
        if move.get("type") != "choose":
            continue
        # Materials read best counted ("2 bricks, 1 gold"); the full label stays for screen readers.
        text = amounts_text(Counter(move["materials"])) if "materials" in move and move["materials"] else lm["label"]
        options.append({"move": move, "label": lm["label"], "text": text, "id": f"rc-choose-{i}"})
    mine = (view.get("turn") or {}).get("seat") == seat
    if now["kind"] == "contracts":
        return {
            "kind": "contracts",
            "title": _("Choose a contract to keep") if mine else _("Contracts are being chosen"),
            "help": _(
                "You hold at most 3 contracts. The cards you do not keep go under the deck; nobody else sees them."
            )
            if mine
            else _("Each player holds at most 3 contracts; the drawn cards not kept go under the deck unseen."),
            "cards": [{"id": c, "text": contract_text(c)} for c in now.get("cards", [])],
            "hidden": ngettext("%(n)s card drawn (secret)", "%(n)s cards drawn (secret)", now.get("count", 0))
            % {"n": now.get("count", 0)},
            "options": options,
        }
    takes = now.get("takes", [])
    help_text = (
        _("Take %(n)s of the materials the card needs.") % {"n": takes[0]}
        if len(takes) == 1
        else _("Take %(first)s of the materials one card needs and %(second)s of the other's.")
        % {"first": takes[0], "second": takes[1]}
    )
    return {
        "kind": "sections",
        "title": _("Choose materials from the drawn section cards"),
        "help": help_text,
        "sections": [section_card(c) for c in now.get("cards", [])],
        "options": options,
    }


def material_names(keys: list[str]) -> str:
    return ", ".join(resource_name(k) for k in keys)


def guild_rules(group: str) -> dict[str, Any]:
    """The Archivists' contracts for their section of the rules page (the cards come with every guild's)."""
    contracts = []
    if group == "archivists":
        contracts = [{"id": cid, "number": rec["number"], "text": contract_text(cid)} for cid, rec in CONTRACTS.items()]
    return {"contracts": contracts}
