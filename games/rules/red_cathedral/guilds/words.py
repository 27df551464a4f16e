"""Messages that say their amounts in words: "{rubles}" reads "2 rubles", "1 Rubel".

Guild modules write ``words(_("Pay {rubles}: ..."))``; where lines are shown, the platform puts
the amount with its noun in the number's plural form (games/services/counted.py), so no message
needs a noun after a placeholder that cannot agree with the number.
"""

from __future__ import annotations

IN_WORDS: set[str] = set()
# Placeholders said as an amount of the resource of the same name.
AMOUNTS = ("rubles", "rp", "glory", "permits")


def words(message: str) -> str:
    IN_WORDS.add(message)
    return message
