from django.apps import AppConfig


class PlumbingConfig(AppConfig):
    name = "plumbing"
    verbose_name = "Plumbing"
