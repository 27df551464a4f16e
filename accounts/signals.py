"""Signals other apps subscribe to; accounts imports none of them.

vacation_changed: sender=User, user=User — sent after commit when a vacation is set, changed or ended.
account_deleted: sender=User, user_id=int — sent after commit when a person deleted their account
(their rows were cleaned in the same transaction, by the cleaners of accounts.personal_data).
"""

from django.dispatch import Signal

vacation_changed = Signal()
account_deleted = Signal()
