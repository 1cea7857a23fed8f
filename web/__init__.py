"""The phone UI: Django templates and a small script that talks to the REST API only."""
