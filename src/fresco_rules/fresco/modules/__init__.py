"""Expansion modules 4 (the Wishing Well), 5 (the Leaf Gold) and 6 (the Glaziers), as plug-ins.

Each module keeps everything of its own in its own files: ``<module>.py`` (its
``extensions.ModuleRules`` hooks, validators and effects, text for people and, at the end, its
``PLUGIN`` declaration), ``<module>_actions.py`` (its action kinds) and ``<module>_state.py``
(its frozen sub-state). The base game never imports them; ``fresco/plugins.py`` installs them.
"""
