"""Tests of publishing (portcheck/publish/): listings, the report site, the pages, the lexers."""
