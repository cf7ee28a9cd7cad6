"""The suite model: a project's reference algorithms, their inputs and cases, the ports and
what each declares, the languages, how output is compared, and the templates rendered into
programs."""
