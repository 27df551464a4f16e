"""Signals other apps subscribe to; accounts imports none of them.

vacation_changed: sender=User, user=User — sent after commit when a vacation is set, changed or ended.
"""
from django.dispatch import Signal

vacation_changed = Signal()
