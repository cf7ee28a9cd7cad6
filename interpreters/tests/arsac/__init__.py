"""Tests of the puzzle book's language: its operators and its whole-number specialisation."""
