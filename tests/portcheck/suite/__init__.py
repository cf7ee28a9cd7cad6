"""Tests of the suite model (portcheck/suite/)."""
