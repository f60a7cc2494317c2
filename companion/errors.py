"""Errors a user can cause. Each message says what happened and what to do."""


class CompanionError(Exception):
    """Base of every error the command line reports in one line, with exit status 2."""


class ConfigError(CompanionError):
    """A configuration value is wrong; the message names the key."""


class StoreError(CompanionError):
    """The event log file cannot be used (corrupt, foreign, or a newer schema)."""
