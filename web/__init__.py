"""The score pad served to every phone at the table."""
