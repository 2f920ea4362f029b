"""The analysis board: ``fresco-rules serve`` (a local web app, the ``[web]`` extra) and
``fresco-rules show FILE --html OUT.html`` (one self-contained read-only page), for any
registered game. ``analysis`` computes the positions and moves, ``server`` serves them,
``export`` writes the static page, ``command`` adds both to the command line."""
