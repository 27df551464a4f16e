"""Rebuild every German catalog from the sources and compile it; fail listing what is left to do."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from plumbing.catalogs import CatalogError, catalog_path, rebuild


class Command(BaseCommand):
    help = (
        "Extract every message (makemessages per app and for the project), translate it from all "
        "current catalogs, drop obsolete entries, compile the .mo files; fail on messages left "
        "untranslated, fuzzy or translated differently in two catalogs."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--also-from",
            action="append",
            default=[],
            metavar="REF",
            help="also take translations the tree lacks from the catalogs of this git ref "
            "(repeatable), e.g. a merged branch whose catalogs lost a merge conflict",
        )

    def handle(self, *args, **options) -> None:
        try:
            problems = rebuild(also_from=options["also_from"])
        except CatalogError as exc:
            raise CommandError(str(exc)) from None
        for problem in problems:
            self.stderr.write(str(problem))
        if problems:
            raise CommandError(
                f"{len(problems)} message(s) to translate or settle; edit the catalogs "
                f"(e.g. {catalog_path(Path('.'), 'games')}), remove "
                "'fuzzy' and run this command again."
            )
        self.stdout.write("Catalogs rebuilt and compiled; every message is translated.")
