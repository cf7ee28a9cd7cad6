"""The suite's own tests: its references and ports against the articles, and facts found
another way."""
