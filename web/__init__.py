"""The score pad served to every phone at the table.

``create_app(companion, config, recognise_photo)`` builds the Flask app (blueprints per
concern, flaskr-style); ``serve(companion, host, port, config)`` runs it under waitress in a
thread; ``print_join_qr(url)`` prints the page's address as a QR code in the terminal;
``join_link(url, code)`` is the address with the game's join code.
"""

from web.app import create_app
from web.join import join_url, print_join_qr
from web.join_code import join_link, print_join_code, tell_each_new_code
from web.server import Server, serve

__all__ = [
    "Server",
    "create_app",
    "join_link",
    "join_url",
    "print_join_code",
    "print_join_qr",
    "serve",
    "tell_each_new_code",
]
