"""The compiled claim search (mypyc), built here by ``scripts/build_native.py``; see
:mod:`scoring.claims.native`. Nothing but this file is in version control."""
