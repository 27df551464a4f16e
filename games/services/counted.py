"""Amounts in log lines and move labels said with the plural their number asks for.

Die Rote Kathedrale's engine reports an amount as a number and a resource's name
("{count}× {resource}"); that reads "2× brick", and German cannot decline the name. The log shows
such a line as the same sentence with the amount in words ("2 bricks", "2 grüne Edelsteine"). Done
here, where lines are shown, so that moves stored long ago read the same way.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from django.utils.translation import gettext_noop

from games.rules.red_cathedral.guilds import load
from games.rules.red_cathedral.guilds.words import AMOUNTS, IN_WORDS
from games.rules.red_cathedral.state import NAMES

load()  # the guilds' modules say which of their messages give amounts in words

# The engine's template -> the same sentence with its amounts in words: "{count}× {resource}" becomes
# "{amount}" (and a list of goods is counted), "{rubles} rubles" becomes "{rubles}", "{count} gem(s)" "{count}", and so on.
COUNTED = {
    "{seat} gets {count}× {resource}.": gettext_noop("{seat} gets {amount}."),
    "{seat} takes {count}× {resource} from the market.": gettext_noop("{seat} takes {amount} from the market."),
    "Take {count}× {resource}": gettext_noop("Take {amount}"),
    "{group}: {seat} exchanges {count}× {material} for {goods}.": gettext_noop(
        "{group}: {seat} exchanges {amount} for {goods}."
    ),
    "{group}: exchange {count}× {material} for {goods}": gettext_noop("{group}: exchange {amount} for {goods}"),
    "Claim {kind} {section} in tower {tower} with the banner from the {banner} workshop space"
    "; tile face up on the {slot} workshop space for {rubles} rubles": gettext_noop(
        "Claim {kind} {section} in tower {tower} with the banner from the {banner} workshop space"
        "; tile face up on the {slot} workshop space for {rubles}"
    ),
    "Claim {kind} {section} in tower {tower}; tile face up on the {slot} workshop space for {rubles} rubles": gettext_noop(
        "Claim {kind} {section} in tower {tower}; tile face up on the {slot} workshop space for {rubles}"
    ),
    "Hire specialist {specialist} for {rubles} rubles": gettext_noop("Hire specialist {specialist} for {rubles}"),
    "Claim {kind} {section} in tower {tower} with the banner from the {banner} workshop space; your "
    "special workshop tile instead of its tile, face up on the {slot} workshop space for {rubles} rubles": gettext_noop(
        "Claim {kind} {section} in tower {tower} with the banner from the {banner} workshop space; your "
        "special workshop tile instead of its tile, face up on the {slot} workshop space for {rubles}"
    ),
    "Claim {kind} {section} in tower {tower}; your special workshop tile instead of its tile, "
    "face up on the {slot} workshop space for {rubles} rubles": gettext_noop(
        "Claim {kind} {section} in tower {tower}; your special workshop tile instead of its tile, "
        "face up on the {slot} workshop space for {rubles}"
    ),
    "Iwan delivers {count} materials.": gettext_noop("Iwan delivers {count}."),
    "Iwan gains {glory} glory for his ornament.": gettext_noop("Iwan gains {glory} for his ornament."),
    "Iwan gains {glory} glory in Moscow.": gettext_noop("Iwan gains {glory} in Moscow."),
    "Iwan gains {rp} construction points at the market.": gettext_noop("Iwan gains {rp} at the market."),
    "Iwan gains {rp} construction points from the workshop tile.": gettext_noop(
        "Iwan gains {rp} from the workshop tile."
    ),
    "Iwan gains {rp} construction points.": gettext_noop("Iwan gains {rp}."),
    "Iwan moves {count} materials to his build card.": gettext_noop("Iwan moves {count} to his build card."),
    "Iwan puts {count} materials on his stock card.": gettext_noop("Iwan puts {count} on his stock card."),
    "Iwan takes specialist {specialist} face down ({rp} construction points).": gettext_noop(
        "Iwan takes specialist {specialist} face down ({rp})."
    ),
    "Move {die} to area {area} ({rubles} rubles for extra steps)": gettext_noop(
        "Move {die} to area {area} ({rubles} for extra steps)"
    ),
    "Recruit: send a contractor to {city} for {permits} permits": gettext_noop(
        "Recruit: send a contractor to {city} for {permits}"
    ),
    "The Tsar punishes {seat} for slow work in tower {tower}: {rp} construction points lost.": gettext_noop(
        "The Tsar punishes {seat} for slow work in tower {tower}: {rp} lost."
    ),
    "The clergy gives Iwan {glory} glory.": gettext_noop("The clergy gives Iwan {glory}."),
    "{group}: buy {material} for {rubles} rubles": gettext_noop("{group}: buy {material} for {rubles}"),
    "{group}: gain {glory} glory": gettext_noop("{group}: gain {glory}"),
    "{group}: gain {glory} glory for a completed base, middle section and dome": gettext_noop(
        "{group}: gain {glory} for a completed base, middle section and dome"
    ),
    "{group}: give {goods} for {glory} glory": gettext_noop("{group}: give {goods} for {glory}"),
    "{group}: pay {rubles} rubles for {glory} glory": gettext_noop("{group}: pay {rubles} for {glory}"),
    "{group}: pay {rubles} rubles to deliver {count} material(s)": gettext_noop(
        "{group}: pay {rubles} to deliver {count}"
    ),
    "{group}: pay {rubles} rubles to swap the resource tiles of areas {first} and {second}": gettext_noop(
        "{group}: pay {rubles} to swap the resource tiles of areas {first} and {second}"
    ),
    "{group}: sell {material} for {rubles} rubles": gettext_noop("{group}: sell {material} for {rubles}"),
    "{group}: take {rubles} rubles": gettext_noop("{group}: take {rubles}"),
    "{group}: {seat} buys {material} for {rubles} rubles.": gettext_noop(
        "{group}: {seat} buys {material} for {rubles}."
    ),
    "{group}: {seat} gains {glory} glory.": gettext_noop("{group}: {seat} gains {glory}."),
    "{group}: {seat} gets {rubles} rubles.": gettext_noop("{group}: {seat} gets {rubles}."),
    "{group}: {seat} pays {rubles} rubles to deliver {count} material(s).": gettext_noop(
        "{group}: {seat} pays {rubles} to deliver {count}."
    ),
    "{group}: {seat} sells {material} for {rubles} rubles.": gettext_noop(
        "{group}: {seat} sells {material} for {rubles}."
    ),
    "{seat} completes a sixth section and gains {glory} glory; everyone else plays once more.": gettext_noop(
        "{seat} completes a sixth section and gains {glory}; everyone else plays once more."
    ),
    "{seat} completes {section} in tower {tower}: {rp} construction points and {rubles} rubles.": gettext_noop(
        "{seat} completes {section} in tower {tower}: {rp} and {rubles}."
    ),
    "{seat} gives up glory for {rubles} rubles.": gettext_noop("{seat} gives up glory for {rubles}."),
    "{seat} moves {die} to area {area}, paying {rubles} rubles for extra steps.": gettext_noop(
        "{seat} moves {die} to area {area}, paying {rubles} for extra steps."
    ),
    "{seat} pays {rubles} rubles and hires specialist {specialist}.": gettext_noop(
        "{seat} pays {rubles} and hires specialist {specialist}."
    ),
    "{seat} pays {rubles} rubles and puts the workshop tile face up.": gettext_noop(
        "{seat} pays {rubles} and puts the workshop tile face up."
    ),
    "{seat} scores {rp} construction points in {city} ({banners} banners × {contractors} contractors).": gettext_noop(
        "{seat} scores {rp} in {city} ({banners} banners × {contractors} contractors)."
    ),
    "{seat} sends a contractor to {city} for {permits} permits.": gettext_noop(
        "{seat} sends a contractor to {city} for {permits}."
    ),
    "{seat} sets {count} gem(s) and gains {glory} glory.": gettext_noop("{seat} sets {count} and gains {glory}."),
    "{seat}: {glory} glory for tool sets.": gettext_noop("{seat}: {glory} for tool sets."),
    "{seat}: {leftovers} glory for leftover resources, {towers} for the towers; {glory} glory in all.": gettext_noop(
        "{seat}: {leftovers} for leftover resources, {towers} for the towers; {glory} in all."
    ),
    # The Brickmakers' and the Thieves' guilds, and the reinforcement tiles.
    "{group}: take reinforcement tile {tile} for {bricks} bricks": gettext_noop(
        "{group}: take reinforcement tile {tile} for {bricks}"
    ),
    "Pay {bricks} bricks: take one of the reinforcement tiles beside the board.": gettext_noop(
        "Pay {bricks}: take one of the reinforcement tiles beside the board."
    ),
    "{group}: pay {bricks} bricks to deliver {units} material(s)": gettext_noop(
        "{group}: pay {bricks} to deliver {units}"
    ),
    "Pay {bricks} bricks to deliver {units} material(s) to a section.": gettext_noop(
        "Pay {bricks} to deliver {units} to a section."
    ),
    "{group}: exchange {bricks} bricks for {rubles} rubles": gettext_noop("{group}: exchange {bricks} for {rubles}"),
    "Exchange {bricks} bricks for {rubles} rubles.": gettext_noop("Exchange {bricks} for {rubles}."),
    "{group}: exchange {bricks} bricks for {rp} construction points": gettext_noop(
        "{group}: exchange {bricks} for {rp}"
    ),
    "Exchange {bricks} bricks for {rp} construction points.": gettext_noop("Exchange {bricks} for {rp}."),
    "{seat} pays {bricks} bricks for a reinforcement tile.": gettext_noop(
        "{seat} pays {bricks} for a reinforcement tile."
    ),
    "{seat} pays {bricks} bricks to deliver {units} material(s).": gettext_noop(
        "{seat} pays {bricks} to deliver {units}."
    ),
    "{seat} exchanges {bricks} bricks for {rubles} rubles.": gettext_noop("{seat} exchanges {bricks} for {rubles}."),
    "{seat} exchanges {bricks} bricks for {rp} construction points.": gettext_noop(
        "{seat} exchanges {bricks} for {rp}."
    ),
    "{group}: pay {rubles} rubles for {count}× {resource} from area {area}": gettext_noop(
        "{group}: pay {rubles} for {amount} from area {area}"
    ),
    "Smuggling: pay {rubles} rubles for 1 resource from an area where a die lies.": gettext_noop(
        "Smuggling: pay {rubles} for 1 resource from an area where a die lies."
    ),
    "{group}: bribe {target_seat} with {rubles} rubles (they go back one glory space, you go forward one)": gettext_noop(
        "{group}: bribe {target_seat} with {rubles} (they go back one glory space, you go forward one)"
    ),
    (
        "Bribe: give an opponent {rubles} rubles; their marker goes back to"
        " the previous glory space, yours forward to the next."
    ): gettext_noop(
        "Bribe: give an opponent {rubles}; their marker goes back to the previous glory space, yours forward to the next."
    ),
    "{seat} pays {rubles} rubles to smuggle from area {area}.": gettext_noop(
        "{seat} pays {rubles} to smuggle from area {area}."
    ),
    "{seat} gives {target_seat} {rubles} rubles: {target_seat} goes back one glory space.": gettext_noop(
        "{seat} gives {target_seat} {rubles}: {target_seat} goes back one glory space."
    ),
    "{seat} gives {target_seat} {rubles} rubles; {target_seat} has no glory space behind.": gettext_noop(
        "{seat} gives {target_seat} {rubles}; {target_seat} has no glory space behind."
    ),
    "{seat} puts {ornament} back in the box and gains {glory} glory.": gettext_noop(
        "{seat} puts {ornament} back in the box and gains {glory}."
    ),
    "{seat} pays {rubles} rubles for {rp} construction points.": gettext_noop("{seat} pays {rubles} for {rp}."),
    "Reinforcement tile {tile}: gain {count}× {resource}": gettext_noop("Reinforcement tile {tile}: gain {amount}"),
    "Reinforcement tile {tile}: return {count}× {material} for {glory} glory": gettext_noop(
        "Reinforcement tile {tile}: return {amount} for {glory}"
    ),
    "Reinforcement tile {tile}: pay {count}× {material} for {rp} construction points": gettext_noop(
        "Reinforcement tile {tile}: pay {amount} for {rp}"
    ),
    "Gain {count}× {resource}.": gettext_noop("Gain {amount}."),
    "Pay {count}× {material} for {rp} construction points.": gettext_noop("Pay {amount} for {rp}."),
    "Gain {count} materials of your choice.": gettext_noop("Gain {count} of your choice."),
    "Put one of your ornaments not yet on the cathedral back in the box for {glory} glory.": gettext_noop(
        "Put one of your ornaments not yet on the cathedral back in the box for {glory}."
    ),
    "Pay up to {rubles} rubles for as many construction points.": gettext_noop(
        "Pay up to {rubles} for as many construction points."
    ),
    "Reinforcement tile {tile}: take {count}× {resource} from the area of {die}": gettext_noop(
        "Reinforcement tile {tile}: take {amount} from the area of {die}"
    ),
    "Reinforcement tile {tile}: take {count}× {resource} from the tile of area {area}": gettext_noop(
        "Reinforcement tile {tile}: take {amount} from the tile of area {area}"
    ),
    "Reinforcement tile {tile}: put {ornament} back in the box for {glory} glory": gettext_noop(
        "Reinforcement tile {tile}: put {ornament} back in the box for {glory}"
    ),
    "Reinforcement tile {tile}: pay {rubles} rubles for {rp} construction points": gettext_noop(
        "Reinforcement tile {tile}: pay {rubles} for {rp}"
    ),
    (
        "Reinforcement tile {tile}: claim {kind} {section} in tower {tower} with the banner from the"
        " {banner} workshop space; tile face up on the {slot} workshop space for {rubles} rubles"
    ): gettext_noop(
        "Reinforcement tile {tile}: claim {kind} {section} in tower {tower} with the banner from the"
        " {banner} workshop space; tile face up on the {slot} workshop space for {rubles}"
    ),
    (
        "Reinforcement tile {tile}: claim {kind} {section} in tower {tower}; tile"
        " face up on the {slot} workshop space for {rubles} rubles"
    ): gettext_noop(
        "Reinforcement tile {tile}: claim {kind} {section} in tower {tower};"
        " tile face up on the {slot} workshop space for {rubles}"
    ),
    "Return {count}× {material} to the supply for {glory} glory.": gettext_noop(
        "Return {amount} to the supply for {glory}."
    ),
}
# Placeholders followed by a resource's plural noun in the engine's templates: (placeholder, noun, resource).
NOUNS = (
    ("rubles", "rubles", "rubles"),
    ("glory", "glory", "glory"),
    ("permits", "permits", "permits"),
    ("rp", "construction points", "rp"),
    ("leftovers", "glory", "glory"),
    ("count", "materials", "materials"),
    ("count", "material(s)", "materials"),
    ("count", "gem(s)", "gems"),
    ("bricks", "bricks", "brick"),
    ("units", "material(s)", "materials"),
)
_KEYS = {name: key for key, name in NAMES.items()}


# An argument named "<resource>_amount" (e.g. "rubles_amount": 3) is an amount of that resource and is
# shown in words ("3 rubles", "1 Baupunkt"); newer messages say their amounts this way, no table needed.
AMOUNT = "_amount"


def counted(template: str, raw: dict[str, Any], args: dict[str, Any]) -> str:
    """The template to show for ``template``; fills ``args`` with the amounts its new form names.

    A template outside the table, or whose amounts are not ones the table knows, stays as it is."""
    from games.templatetags.red_cathedral import amount_text, amounts_text

    for name, value in raw.items():
        if name.endswith(AMOUNT) and isinstance(value, int) and not isinstance(value, bool):
            args[name] = amount_text(name[: -len(AMOUNT)], value)
    if template in IN_WORDS:
        return in_words(template, raw, args)
    new = COUNTED.get(template)
    if new is None:
        return template

    amounts: dict[str, str] = {}
    if "{amount}" in new:
        key = _KEYS.get(str(raw.get("resource", raw.get("material"))))
        goods = raw.get("goods", [])
        if key is None or not isinstance(raw.get("count"), int) or any(str(g) not in _KEYS for g in goods):
            return template
        amounts["amount"] = amount_text(key, raw["count"])
        if goods:
            amounts["goods"] = amounts_text(Counter(_KEYS[str(g)] for g in goods))
    for name, noun, key in NOUNS:
        if f"{{{name}}} {noun}" in template:
            if not isinstance(raw.get(name), int):
                return template
            amounts[name] = amount_text(key, raw[name])
    args.update(amounts)
    return new


def in_words(template: str, raw: dict[str, Any], args: dict[str, Any]) -> str:
    """A template written with its amounts in words (the guilds' ``words(...)``): "{rubles}" is
    "2 rubles", "{amount}" the ``count`` of its ``resource``, "{goods}" the goods counted."""
    from games.templatetags.red_cathedral import amount_text, amounts_text

    for name in AMOUNTS:
        if f"{{{name}}}" in template and isinstance(raw.get(name), int):
            args[name] = amount_text(name, raw[name])
    key = _KEYS.get(str(raw.get("resource")))
    if "{amount}" in template and key is not None and isinstance(raw.get("count"), int):
        args["amount"] = amount_text(key, raw["count"])
    goods = raw.get("goods")
    if "{goods}" in template and isinstance(goods, list) and goods and all(str(g) in _KEYS for g in goods):
        args["goods"] = amounts_text(Counter(_KEYS[str(g)] for g in goods))
    return template
