"""The PostgreSQL backend with a bound on every wait (``ENGINE = "companion.pg"``); see :mod:`.base`."""
