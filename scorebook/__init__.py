"""Scorebook: the Django project (settings, urls) and the app that keeps the scoresheets."""
