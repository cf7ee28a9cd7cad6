"""portcheck's embedded interpreters: one execution core (``ir``, ``core``, ``walk``) and a
front-end per language (``frontends.FRONT_ENDS``); see ``docs/interpreters.md``."""
